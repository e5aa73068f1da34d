import { eq, sql } from 'drizzle-orm';
import { text } from '../../../contract/i18n';
import { AppError, conflict, invalid, notFound } from '../../domain/errors';
import { messages } from './messages';
import { queryPrepared, type Db } from '../client';
import { appendingAudit, type AuditActor } from '../audit';
import { appendingEvents } from '../events';
import { NUMERIC_OUT_OF_RANGE, pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import { claimIdempotencyKey, keepAnswer } from '../queries/idempotency-keys';
import type { NewIncomeEntry, RecordedIncomeEntryRow } from '../queries/income-entries';
import { addingToPeriodRollUps, entryCreatedEventColumns, thresholdReached, tierReachedEventColumns } from '../rule-sql';
import { agents, incomeEntries, tierAchievements, tierSettings } from '../schema';
import { epochMs, isoText } from '../time-sql';

const TOTAL_OUT_OF_RANGE = text(messages, 'entryTotalOutOfRange');

/** An entry as a statement returns it (times in milliseconds); the void columns where the statement reads them. */
export interface StoredEntryRow {
  id: number;
  agent_id: number;
  agent_name: string;
  amount: string;
  description: string | null;
  date_ms: number;
  new_total: string;
  transaction_type: 'addition' | 'deduction';
  created_at_ms: number;
  external_id: string | null;
  voids_entry_id?: number | null;
  voided_at_ms?: number | null;
  voided_by?: string | null;
  void_reason?: string | null;
}

export const toRecordedRow = (row: StoredEntryRow): RecordedIncomeEntryRow => ({
  id: row.id,
  agentId: row.agent_id,
  agentName: row.agent_name,
  amount: row.amount,
  description: row.description,
  date: new Date(row.date_ms),
  newTotal: row.new_total,
  transactionType: row.transaction_type,
  createdAt: new Date(row.created_at_ms),
  externalId: row.external_id,
  voidsEntryId: row.voids_entry_id ?? null,
  voidedAt: row.voided_at_ms == null ? null : new Date(row.voided_at_ms),
  voidedBy: row.voided_by ?? null,
  voidReason: row.void_reason ?? null,
});


/**
 * Records one income entry and, with it, the agent's running total and entry count, the week, month, quarter and year
 * roll-ups of the entry's date, any tier reached for the first time, their events (entry.created, tier.reached) and
 * the entry's row in the audit trail.
 * Throws NOT_FOUND when the agent does not exist, and VALIDATION_FAILED when the new total would not fit.
 *
 * All of it is ONE statement, run on its own (PostgreSQL commits it as a transaction of its own): data-modifying
 * CTEs fed by the agent row the UPDATE returns, and the events built from what they return. Each statement costs
 * the app's process about as much as the database (docs/decisions/0015-throughput-under-load.md): one instead of
 * the six of BEGIN, threshold lock, entry, events and COMMIT. The UPDATE's row lock serialises concurrent entries
 * of one agent.
 *
 * Thresholds cannot change while the statement decides which tiers the new total reaches: a threshold edit takes
 * `agents` in SHARE mode (updateTierSetting), which waits for this statement's ROW EXCLUSIVE lock, and the
 * statement takes that lock before its snapshot, so it either runs wholly before the edit or sees the new thresholds.
 */
export async function recordIncomeEntry(db: Db, entry: NewIncomeEntry, options: EntryOptions): Promise<RecordedIncomeEntryRow> {
  try {
    return await writeIncomeEntry(db, entry, options);
  } catch (error) {
    throw await namingTakenExternalId(db, error);
  }
}

interface EntryOptions {
  timeZone: string;
  now: Date;
  /** Who records it, for the audit trail (docs/product.md §12.12). */
  actor: AuditActor;
}

/** An answer kept for an idempotency key: what the first request with the key was answered (its JSON text). */
export interface KeptAnswer {
  statusCode: number;
  body: string;
}

export interface IdempotencyKey {
  /** Who sent the key (`user:<id>`). */
  scope: string;
  key: string;
  /** SHA-256 of the request: the same key with another request is refused (422). */
  requestHash: string;
}

/** A key sent again with another request (IDEMPOTENCY_KEY_REUSED: the English). */
export const IDEMPOTENCY_KEY_REUSED_TEXT = text(messages, 'idempotencyKeyReused');
export const IDEMPOTENCY_KEY_REUSED = String(IDEMPOTENCY_KEY_REUSED_TEXT);

/**
 * recordIncomeEntry under an idempotency key (the `Idempotency-Key` header): the key is claimed, the entry recorded
 * and the answer kept in one transaction, so either all of it happens or none. A key already used (within
 * IDEMPOTENCY_KEY_HOURS) answers its kept answer again and writes nothing; a concurrent request with the same key
 * waits at the claim for the first to end, then answers the same. The same key with another request is 422.
 */
export async function recordIncomeEntryOnce(
  db: Db,
  entry: NewIncomeEntry,
  options: EntryOptions,
  key: IdempotencyKey,
  answer: (row: RecordedIncomeEntryRow) => KeptAnswer,
): Promise<KeptAnswer & { replayed: boolean }> {
  try {
    return await underIdempotencyKey(db, key, options.now, async (tx) => {
      const row = await writeIncomeEntry(tx, entry, options);
      return { answer: answer(row), agentId: row.agentId };
    });
  } catch (error) {
    throw await namingTakenExternalId(db, error);
  }
}

/**
 * Claims `key`, runs `write` and keeps its answer, in one transaction: a key already used (within
 * IDEMPOTENCY_KEY_HOURS) answers its kept answer again and writes nothing; a concurrent request with the same key waits
 * at the claim for the first to end; the same key with another request is 422. `agentId`: whose data the answer holds
 * (the kept answer is erased with the agent). For every write that takes an Idempotency-Key (entries, activities).
 */
export async function underIdempotencyKey(
  db: Db,
  key: IdempotencyKey,
  now: Date,
  write: (tx: Db) => Promise<{ answer: KeptAnswer; agentId: number | null }>,
): Promise<KeptAnswer & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const kept = await claimIdempotencyKey(tx, key, now);
    if (kept) {
      if (kept.requestHash !== key.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_TEXT);
      return { statusCode: kept.statusCode, body: kept.response, replayed: true };
    }
    const { answer, agentId } = await write(tx);
    await keepAnswer(tx, key, answer, agentId);
    return { ...answer, replayed: false };
  });
}

async function writeIncomeEntry(db: Db, entry: NewIncomeEntry, options: EntryOptions): Promise<RecordedIncomeEntryRow> {
  const amount = sql`${entry.amount}::numeric`;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const newEvents = sql`
    select ${entryCreatedEventColumns({
      n: sql`0`,
      agentId: sql`entry.agent_id`,
      values: {
        entryId: sql`entry.id`,
        agentId: sql`entry.agent_id`,
        agentName: sql`agent.name`,
        amount: sql`entry.amount::text`,
        transactionType: sql`entry.transaction_type`,
        date: isoText(sql`entry.date`),
        description: sql`entry.description`,
        newTotal: sql`entry.new_total::text`,
        createdAt: isoText(sql`entry.created_at`),
      },
    })}
    from entry, agent
    union all
    select ${tierReachedEventColumns({
      n: sql`1 + t.tier_order`,
      agentId: sql`agent.id`,
      values: {
        agentId: sql`agent.id`,
        agentName: sql`agent.name`,
        tierId: sql`t.id`,
        tierName: sql`t.name`,
        tierColor: sql`t.color`,
        achievedAt: isoText(now),
      },
    })}
    from reached join ${tierSettings} t on t.id = reached.tier_id cross join agent`;
  let row: StoredEntryRow | undefined;
  try {
    [row] = await queryPrepared<StoredEntryRow>(
      db,
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
          insert into ${incomeEntries} (agent_id, amount, description, date, new_total, transaction_type, created_at, external_id)
          select agent.id, ${amount}, ${entry.description}, ${entry.date.toISOString()}::timestamptz, agent.total_income,
            ${entry.amount.startsWith('-') ? 'deduction' : 'addition'}, ${now}, ${entry.externalId ?? null}::text
          from agent
          returning *
        ), periods as (
          ${addingToPeriodRollUps(sql`select entry.agent_id, entry.date, entry.amount from entry`, options.timeZone)}
        ), reached as (
          insert into ${tierAchievements} (agent_id, tier_id, achieved_at)
          select agent.id, t.id, ${now} from agent join ${tierSettings} t on ${thresholdReached(sql`t.threshold`, sql`agent.total_income`)}
          on conflict do nothing
          returning tier_id
        ), ${appendingAudit(
          db,
          options.actor,
          options.now,
          sql`select 'entry.created' as action, 'income_entry' as target_type, entry.id::text as target_id, null::jsonb as before,
            jsonb_build_object('agentId', entry.agent_id, 'amount', entry.amount::text, 'date', ${isoText(sql`entry.date`)},
              'externalId', entry.external_id) as after
          from entry`,
        )}, ${appendingEvents(db, newEvents)}
        select entry.id::float8 as id, entry.agent_id, agent.name as agent_name, entry.amount::text as amount,
          entry.description, ${epochMs(sql`entry.date`)} as date_ms, entry.new_total::text as new_total,
          entry.transaction_type, ${epochMs(sql`entry.created_at`)} as created_at_ms, entry.external_id
        from entry, agent, notified`,
    );
  } catch (error) {
    if (pgErrorCode(error) === NUMERIC_OUT_OF_RANGE) throw invalid(TOTAL_OUT_OF_RANGE);
    if (pgErrorCode(error) === UNIQUE_VIOLATION && entry.externalId) throw new ExternalIdTaken(entry.externalId);
    throw error;
  }
  if (!row) throw notFound('Agent');
  return toRecordedRow(row);
}

/** An entry with this external id exists; which one is read once the failed statement's transaction has ended. */
class ExternalIdTaken extends AppError {
  constructor(readonly externalId: string) {
    super('CONFLICT', text(messages, 'entryExternalIdTaken', { externalId }));
  }
}

/** The error to throw for `error`: an ExternalIdTaken becomes a 409 naming the entry that has the id (a deal is counted once). */
async function namingTakenExternalId(db: Db, error: unknown): Promise<unknown> {
  if (!(error instanceof ExternalIdTaken)) return error;
  const [existing] = await db.select({ id: incomeEntries.id }).from(incomeEntries).where(eq(incomeEntries.externalId, error.externalId));
  return existing ? conflict(text(messages, 'entryExternalIdTakenBy', { externalId: error.externalId, id: String(existing.id) })) : error;
}
