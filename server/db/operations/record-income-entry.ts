import { sql, type SQL } from 'drizzle-orm';
import { notFound, invalid } from '../../domain/errors';
import { periodStartsOf } from '../../domain/periods';
import { jsonColumn, queryPrepared, runsOneTransactionAtATime, type Db } from '../client';
import { transactionWithEvents, type NewEvent } from '../events';
import { NUMERIC_OUT_OF_RANGE, pgErrorCode } from '../errors';
import { lockTierThresholds } from '../locks';
import type { NamedIncomeEntryRow, NewIncomeEntry } from '../queries/income-entries';
import { thresholdReached } from '../rule-sql';
import { agentPeriodTotals, agents, incomeEntries, tierAchievements, tierSettings } from '../schema';

const TOTAL_OUT_OF_RANGE = 'This entry would take the agent total beyond the largest amount the tracker can hold';

interface RecordedRow {
  id: number;
  agent_id: number;
  agent_name: string;
  amount: string;
  description: string | null;
  date_ms: number;
  new_total: string;
  transaction_type: 'addition' | 'deduction';
  created_at_ms: number;
  /** Tiers this entry reached for the first time (JSON text on PostgreSQL, parsed on PGlite). */
  reached: string | ReachedTier[];
}

interface ReachedTier {
  id: number;
  name: string;
  color: string;
}

/**
 * Records one income entry and, in the same transaction, the agent's running total and entry count, the
 * week, month and year roll-ups of the entry's date, and any tier reached for the first time.
 * Throws NOT_FOUND when the agent does not exist, and VALIDATION_FAILED when the new total would not fit.
 *
 * All of it is one statement (data-modifying CTEs fed by the agent row the UPDATE returns), after the threshold
 * lock: one round trip to the database instead of four, which halves the time a write takes (docs/decisions/
 * 0009-performance.md). The UPDATE's row lock still serialises concurrent entries of one agent.
 */
export async function recordIncomeEntry(
  db: Db,
  entry: NewIncomeEntry,
  options: { timeZone: string; now: Date },
): Promise<NamedIncomeEntryRow> {
  const periods = periodStartsOf(entry.date, options.timeZone);
  const amount = sql`${entry.amount}::numeric`;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const epochMs = (column: SQL) => sql`round(extract(epoch from ${column}) * 1000)::float8`;
  const serial = runsOneTransactionAtATime(db);
  try {
    return await transactionWithEvents(db, async (tx) => {
      // Thresholds cannot change while this entry decides which tiers the new total reaches. The statement below is
      // queued right behind the lock on the same connection, so it runs once the lock is granted without a round
      // trip in between; on PGlite nothing runs beside this transaction anyway, and the lock is not taken there.
      const locked = serial ? Promise.resolve() : lockTierThresholds(tx, 'shared');
      const recorded = queryPrepared<RecordedRow>(
        tx,
        'record_income_entry',
        sql`with agent as (
            update ${agents} set
              total_income = total_income + ${amount},
              total_entries = total_entries + 1,
              -- SET reads the row as it was, so this is the larger of the old peak and the new total.
              peak_total = greatest(peak_total, total_income + ${amount})
            where id = ${entry.agentId}
            returning id, total_income, name
          ), entry as (
            insert into ${incomeEntries} (agent_id, amount, description, date, new_total, transaction_type, created_at)
            select agent.id, ${amount}, ${entry.description}, ${entry.date.toISOString()}::timestamptz, agent.total_income,
              ${entry.amount.startsWith('-') ? 'deduction' : 'addition'}, ${now}
            from agent
            returning *
          ), periods as (
            insert into ${agentPeriodTotals} (agent_id, period_kind, period_start, income)
            select agent.id, p.kind, p.start::date, ${amount}
            from agent, (values ('week', ${periods.week}), ('month', ${periods.month}), ('year', ${periods.year})) as p(kind, start)
            on conflict (agent_id, period_kind, period_start) do update set income = ${agentPeriodTotals}.income + excluded.income
          ), reached as (
            insert into ${tierAchievements} (agent_id, tier_id, achieved_at)
            select agent.id, t.id, ${now} from agent join ${tierSettings} t on ${thresholdReached(sql`t.threshold`, sql`agent.total_income`)}
            on conflict do nothing
            returning tier_id
          )
          select entry.id::float8 as id, entry.agent_id, agent.name as agent_name, entry.amount::text as amount,
            entry.description, ${epochMs(sql`entry.date`)} as date_ms, entry.new_total::text as new_total,
            entry.transaction_type, ${epochMs(sql`entry.created_at`)} as created_at_ms,
            (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.tier_order), '[]'::json)
              from reached join ${tierSettings} t on t.id = reached.tier_id) as reached
          from entry, agent`,
      );
      const [, [row]] = await Promise.all([locked, recorded]);
      if (!row) throw notFound('Agent');
      const reached = jsonColumn(row.reached);
      const who = { agentId: row.agent_id, agentName: row.agent_name };
      const events: NewEvent[] = [
        {
          type: 'entry.created',
          agentId: row.agent_id,
          public: {
            entryId: row.id,
            ...who,
            amount: row.amount,
            transactionType: row.transaction_type,
            date: new Date(row.date_ms).toISOString(),
          },
          private: { description: row.description, newTotal: row.new_total, createdAt: new Date(row.created_at_ms).toISOString() },
        },
        ...reached.map((tier) => ({
          type: 'tier.reached' as const,
          agentId: row.agent_id,
          public: { ...who, tierId: tier.id, tierName: tier.name, tierColor: tier.color },
          private: { achievedAt: options.now.toISOString() },
        })),
      ];
      const value: NamedIncomeEntryRow = {
        id: row.id,
        agentId: row.agent_id,
        agentName: row.agent_name,
        amount: row.amount,
        description: row.description,
        date: new Date(row.date_ms),
        newTotal: row.new_total,
        transactionType: row.transaction_type,
        createdAt: new Date(row.created_at_ms),
      };
      return { value, events };
    });
  } catch (error) {
    if (pgErrorCode(error) === NUMERIC_OUT_OF_RANGE) throw invalid(TOTAL_OUT_OF_RANGE);
    throw error;
  }
}
