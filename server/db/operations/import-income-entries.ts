import { sql } from 'drizzle-orm';
import type { ImportMode } from '../../../contract/imports';
import type { ImportedEntry } from '../../domain/entry-import';
import { text } from '../../../contract/i18n';
import { conflict, invalid } from '../../domain/errors';
import { messages } from './messages';
import { queryRows, type Db } from '../client';
import { NUMERIC_OUT_OF_RANGE, pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import { appendAudit, type AuditActor } from '../audit';
import { appendingEvents } from '../events';
import { addingToPeriodRollUps, entryCreatedEventColumns, thresholdReached, tierReachedEventColumns } from '../rule-sql';
import { agents, incomeEntries, tierAchievements, tierSettings } from '../schema';
import { isoText } from '../time-sql';

/** Rows written by one statement: the arrays sent stay small, and each statement's work is bounded. */
const IMPORT_BATCH_ROWS = 5_000;


/**
 * Writes the checked rows of an entry import, all in ONE transaction or none: the entries in file order with their
 * running totals, each agent's total, entry count and peak, the week/month/quarter/year roll-ups, the tiers reached, and
 * the events (entry.created for each entry, tier.reached for each tier), as recordIncomeEntry does one at a time.
 *
 * The agents named are locked first (FOR UPDATE, in id order), so an entry recorded meanwhile waits and every
 * running total is exact. Batches of IMPORT_BATCH_ROWS rows are set-based statements; the events are appended last,
 * in one statement (to the event inbox: appendingEvents).
 */
export async function importIncomeEntries(
  db: Db,
  entries: readonly ImportedEntry[],
  options: { timeZone: string; now: Date; actor: AuditActor; mode?: ImportMode; skippedRows?: number },
): Promise<number> {
  if (entries.length === 0) return 0;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  try {
    return await db.transaction(async (tx) => {
      const agentIds = [...new Set(entries.map((entry) => entry.agentId))].sort((a, b) => a - b);
      await queryRows(tx, sql`select id from ${agents} where id = any(${sql.param(agentIds)}::int[]) order by id for update`);
      let firstId: number | undefined;
      let written = 0;
      const reached: { agent_id: number; tier_id: number }[] = [];
      for (let start = 0; start < entries.length; start += IMPORT_BATCH_ROWS) {
        const batch = entries.slice(start, start + IMPORT_BATCH_ROWS);
        const rows = await queryRows<{ kind: 'entries' | 'reached'; id: number; count: number }>(
          tx,
          sql`with input as (
              select * from unnest(
                ${sql.param(batch.map((entry) => entry.agentId))}::int[],
                ${sql.param(batch.map((entry) => entry.value))}::numeric[],
                ${sql.param(batch.map((entry) => entry.date.toISOString()))}::timestamptz[],
                ${sql.param(batch.map((entry) => entry.text))}::text[],
                ${sql.param(batch.map((entry) => entry.externalId))}::text[]
              ) with ordinality as r(agent_id, amount, date, description, external_id, n)
            ), running as (
              select i.*, a.total_income + sum(i.amount) over (partition by i.agent_id order by i.n) as new_total
              from input i join ${agents} a on a.id = i.agent_id
            ), entry as (
              insert into ${incomeEntries} (agent_id, amount, description, date, new_total, transaction_type, created_at, external_id)
              select agent_id, amount, description, date, new_total, case when amount < 0 then 'deduction' else 'addition' end, ${now}, external_id
              from running order by n
              returning id
            ), sums as (
              select agent_id, sum(amount) as income, count(*)::int as entries, max(new_total) as peak from running group by agent_id
            ), agent as (
              update ${agents} a set total_income = a.total_income + s.income, total_entries = a.total_entries + s.entries,
                peak_total = greatest(a.peak_total, s.peak)
              from sums s where a.id = s.agent_id
              returning a.id, a.peak_total
            ), periods as (
              ${addingToPeriodRollUps(sql`select agent_id, date, amount from input`, options.timeZone)}
            ), reached as (
              insert into ${tierAchievements} (agent_id, tier_id, achieved_at)
              select agent.id, t.id, ${now} from agent join ${tierSettings} t on ${thresholdReached(sql`t.threshold`, sql`agent.peak_total`)}
              on conflict do nothing
              returning agent_id, tier_id
            )
            select 'entries' as kind, min(id)::float8 as id, count(*)::int as count from entry
            union all
            select 'reached', agent_id, tier_id from reached`,
        );
        for (const row of rows) {
          if (row.kind === 'entries') {
            firstId ??= row.id;
            written += row.count;
          } else reached.push({ agent_id: row.id, tier_id: row.count });
        }
      }
      // The entries of this import: the agents' entries from its first id on. No other can be among them: the
      // agents' rows are locked, and an entry updates its agent's row before it is inserted.
      const events = sql`
        select ${entryCreatedEventColumns({
          n: sql`row_number() over (order by e.id)`,
          agentId: sql`e.agent_id`,
          values: {
            entryId: sql`e.id`,
            agentId: sql`e.agent_id`,
            agentName: sql`a.name`,
            amount: sql`e.amount::text`,
            transactionType: sql`e.transaction_type`,
            date: isoText(sql`e.date`),
            description: sql`e.description`,
            newTotal: sql`e.new_total::text`,
            createdAt: isoText(sql`e.created_at`),
          },
        })}
        from ${incomeEntries} e join ${agents} a on a.id = e.agent_id
        where e.agent_id = any(${sql.param(agentIds)}::int[]) and e.id >= ${firstId ?? 0}
        union all
        select ${tierReachedEventColumns({
          n: sql`${written} + row_number() over (order by r.agent_id, t.tier_order)`,
          agentId: sql`a.id`,
          values: {
            agentId: sql`a.id`,
            agentName: sql`a.name`,
            tierId: sql`t.id`,
            tierName: sql`t.name`,
            tierColor: sql`t.color`,
            achievedAt: isoText(now),
          },
        })}
        from unnest(${sql.param(reached.map((r) => r.agent_id))}::int[], ${sql.param(reached.map((r) => r.tier_id))}::int[]) as r(agent_id, tier_id)
          join ${agents} a on a.id = r.agent_id join ${tierSettings} t on t.id = r.tier_id`;
      // One audit row for the import, not one per entry: what was imported is the entries with these ids; a valid-rows
      // import also says how many rows with errors it left out.
      const after = { entries: written, agents: agentIds.length, firstEntryId: firstId ?? null, mode: options.mode ?? 'all', skippedRows: options.skippedRows ?? 0 };
      await appendAudit(tx, options.actor, { action: 'entries.imported', targetType: 'income_entry', targetId: null, after }, options.now);
      await queryRows(tx, sql`with ${appendingEvents(tx, events)} select 1 from notified`);
      return written;
    });
  } catch (error) {
    if (pgErrorCode(error) === NUMERIC_OUT_OF_RANGE) throw invalid(text(messages, 'importTotalOutOfRange'));
    // An entry with one of the file's external ids was recorded while the import was checked.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(text(messages, 'importEntryRace'));
    throw error;
  }
}
