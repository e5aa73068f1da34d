import { sql } from 'drizzle-orm';
import { queryPrepared, type Db } from './client';

// An arbitrary constant naming the advisory lock below.
const TIER_THRESHOLDS_LOCK = sql.raw('7406190001');

/**
 * Orders threshold edits against income entries (call inside a transaction; released at its end). An entry holds
 * it shared while it decides which tiers its new total reaches; a threshold edit holds it exclusively. Without it
 * an edit lowering a threshold and an entry raising a total past it could each miss the other's uncommitted
 * change, and the achievement would never be recorded. An advisory lock, not row locks on the tiers: thousands
 * of concurrent entries sharing it write nothing to the tier rows.
 */
export async function lockTierThresholds(tx: Db, mode: 'shared' | 'exclusive'): Promise<void> {
  await (mode === 'shared'
    ? queryPrepared(tx, 'lock_tier_thresholds_shared', sql`select pg_advisory_xact_lock_shared(${TIER_THRESHOLDS_LOCK})`)
    : queryPrepared(tx, 'lock_tier_thresholds', sql`select pg_advisory_xact_lock(${TIER_THRESHOLDS_LOCK})`));
}
