import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Db } from './client';
import { agents } from './schema';

// An arbitrary constant naming the advisory lock below.
const TIER_THRESHOLDS_LOCK = sql.raw('7406190001');

/**
 * Orders threshold edits against the writes that decide something from the thresholds (call inside a transaction;
 * released at its end). Without it an edit lowering a threshold and an entry raising a total past it could each
 * miss the other's uncommitted change, and the achievement would never be recorded.
 *
 * - `exclusive` (a threshold edit, a repair): the advisory lock exclusively, then the `agents` table in SHARE mode,
 *   which waits for every write to agents in progress and holds new ones until this transaction ends.
 * - `shared` (a claim): the advisory lock shared; thousands of concurrent claims sharing it write nothing to the tier
 *   rows.
 *
 * An income entry takes neither: it is one statement that updates its agent, so it holds `agents` in ROW EXCLUSIVE
 * mode, taken before the statement's snapshot; it runs wholly before an edit or sees its thresholds
 * (recordIncomeEntry), and saves the round trip a lock of its own would cost.
 */
export async function lockTierThresholds(tx: Db, mode: 'shared' | 'exclusive'): Promise<void> {
  if (mode === 'shared') {
    await queryPrepared(tx, 'lock_tier_thresholds_shared', sql`select pg_advisory_xact_lock_shared(${TIER_THRESHOLDS_LOCK})`);
    return;
  }
  await queryRows(tx, sql`select pg_advisory_xact_lock(${TIER_THRESHOLDS_LOCK})`);
  await queryRows(tx, sql`lock table ${agents} in share mode`);
}
