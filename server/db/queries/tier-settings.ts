import { asc, eq, sql } from 'drizzle-orm';
import { parseMoneyToCents } from '../../../contract/money';
import type { TierSetting } from '../../../contract/tiers';
import { thresholdOrderProblem } from '../../domain/tiers';
import type { Db } from '../client';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../errors';
import { agents, tierAchievements, tierSettings } from '../schema';

type TierRow = typeof tierSettings.$inferSelect;

export function toTierSetting(row: TierRow): TierSetting {
  return { id: row.id, name: row.name, color: row.color, threshold: row.threshold, rewards: row.rewards, order: row.order };
}

/** The tiers sorted by order (thresholds increase with order, so this is also threshold order). */
export async function listTierSettings(db: Db): Promise<TierSetting[]> {
  const rows = await db.select().from(tierSettings).orderBy(asc(tierSettings.order));
  return rows.map(toTierSetting);
}

/** Replaces a tier's rewards text. Returns undefined when the tier does not exist. */
export async function updateTierRewards(db: Db, id: number, rewards: string): Promise<TierSetting | undefined> {
  const [row] = await db.update(tierSettings).set({ rewards }).where(eq(tierSettings.id, id)).returning();
  return row ? toTierSetting(row) : undefined;
}

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
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${TIER_THRESHOLDS_LOCK})`
      : sql`select pg_advisory_xact_lock(${TIER_THRESHOLDS_LOCK})`,
  );
}

export interface TierSettingChanges {
  /** Exact decimal string with two decimals, above zero. */
  threshold?: string;
  rewards?: string;
}

export type TierSettingUpdate =
  | { ok: true; tier: TierSetting }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'out-of-order'; message: string };

const MAX_ATTEMPTS = 3;

/**
 * Changes a tier's threshold and/or rewards text. Thresholds stay strictly increasing with order: all 12 tier rows
 * are locked in order first, so concurrent edits of neighbouring tiers are checked one after the other (and a
 * concurrent claim sees the threshold before or after the edit, never during). A lowered
 * threshold records the achievement, dated now, for every agent whose peak total already reaches it; a raised one
 * leaves recorded achievements alone (they record the first time a total reached the tier).
 */
export async function updateTierSetting(db: Db, id: number, changes: TierSettingChanges, now: Date): Promise<TierSettingUpdate> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => applyTierSettingChanges(tx, id, changes, now));
    } catch (error) {
      // An agent deleted while its achievement was being recorded: the next attempt no longer sees it.
      if (attempt < MAX_ATTEMPTS && pgErrorCode(error) === FOREIGN_KEY_VIOLATION) continue;
      throw error;
    }
  }
}

async function applyTierSettingChanges(tx: Db, id: number, changes: TierSettingChanges, now: Date): Promise<TierSettingUpdate> {
  if (changes.threshold !== undefined) await lockTierThresholds(tx, 'exclusive');
  // NO KEY UPDATE: exclusive among edits and against claims (FOR SHARE), while foreign-key checks of new
  // achievements and claims (FOR KEY SHARE) need not wait.
  const tiers = await tx.select().from(tierSettings).orderBy(asc(tierSettings.order)).for('no key update');
  const current = tiers.find((tier) => tier.id === id);
  if (!current) return { ok: false, reason: 'not-found' };

  let lowered = false;
  if (changes.threshold !== undefined) {
    const cents = parseMoneyToCents(changes.threshold);
    if (cents === null) throw new Error(`threshold is not a money string: ${changes.threshold}`);
    const problem = thresholdOrderProblem(
      tiers.map((tier) => ({ id: tier.id, name: tier.name, order: tier.order, thresholdCents: parseMoneyToCents(tier.threshold)! })),
      id,
      cents,
    );
    if (problem) return { ok: false, reason: 'out-of-order', message: problem };
    lowered = cents < parseMoneyToCents(current.threshold)!;
  }

  const [row] = await tx
    .update(tierSettings)
    .set({
      ...(changes.threshold !== undefined ? { threshold: changes.threshold } : {}),
      ...(changes.rewards !== undefined ? { rewards: changes.rewards } : {}),
    })
    .where(eq(tierSettings.id, id))
    .returning();

  if (lowered) {
    await tx
      .insert(tierAchievements)
      .select(
        tx
          .select({
            agentId: agents.id,
            tierId: sql<number>`${id}::int`.as('tier_id'),
            achievedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('achieved_at'),
          })
          .from(agents)
          // Reached once is reached: the peak, not the current total (a later deduction keeps the achievement).
          .where(sql`${agents.peakTotal} >= ${changes.threshold}::numeric`),
      )
      .onConflictDoNothing();
  }
  return { ok: true, tier: toTierSetting(row!) };
}
