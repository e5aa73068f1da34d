import { asc, eq, sql } from 'drizzle-orm';
import { moneyToCents } from '../../../contract/cents';
import type { TierSetting } from '../../../contract/tiers';
import { notFound } from '../../domain/errors';
import { assertThresholdInOrder } from '../../domain/tiers';
import type { Db } from '../client';
import { appendAudit, type AuditActor } from '../audit';
import { appendEvents } from '../events';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../errors';
import { lockTierThresholds } from '../locks';
import { readOrganisationSettings } from '../queries/settings';
import { toTierSetting } from '../queries/tier-settings';
import { thresholdReached } from '../rule-sql';
import { agents, tierAchievements, tierSettings } from '../schema';

export interface TierSettingChanges {
  /** Exact decimal string with two decimals, above zero. */
  threshold?: string;
  rewards?: string;
}

const MAX_ATTEMPTS = 3;

/**
 * Changes a tier's threshold and/or rewards text. Thresholds stay strictly increasing with order: all 12 tier rows
 * are locked in order first, so concurrent edits of neighbouring tiers are checked one after the other (and a
 * concurrent claim sees the threshold before or after the edit, never during). A lowered
 * threshold records the achievement, dated now, for every agent whose peak total already reaches it; a raised one
 * leaves recorded achievements alone (they record the first time a total reached the tier).
 */
export async function updateTierSetting(db: Db, id: number, changes: TierSettingChanges, now: Date, actor: AuditActor): Promise<TierSetting> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => applyTierSettingChanges(tx, id, changes, now, actor));
    } catch (error) {
      // An agent deleted while its achievement was being recorded: the next attempt no longer sees it.
      if (attempt < MAX_ATTEMPTS && pgErrorCode(error) === FOREIGN_KEY_VIOLATION) continue;
      throw error;
    }
  }
}

async function applyTierSettingChanges(tx: Db, id: number, changes: TierSettingChanges, now: Date, actor: AuditActor): Promise<TierSetting> {
  if (changes.threshold !== undefined) await lockTierThresholds(tx, 'exclusive');
  // NO KEY UPDATE: exclusive among edits and against claims (FOR SHARE), while foreign-key checks of new
  // achievements and claims (FOR KEY SHARE) need not wait.
  const tiers = await tx.select().from(tierSettings).orderBy(asc(tierSettings.order)).for('no key update');
  const current = tiers.find((tier) => tier.id === id);
  if (!current) throw notFound('Tier');

  let lowered = false;
  if (changes.threshold !== undefined) {
    const cents = moneyToCents(changes.threshold);
    assertThresholdInOrder(
      tiers.map((tier) => ({ id: tier.id, name: tier.name, order: tier.order, thresholdCents: moneyToCents(tier.threshold) })),
      id,
      cents,
      await readOrganisationSettings(tx),
    );
    lowered = cents < moneyToCents(current.threshold);
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
          .where(thresholdReached(sql`${changes.threshold}::numeric`, sql`${agents.peakTotal}`)),
      )
      .onConflictDoNothing();
  }
  await appendAudit(
    tx,
    actor,
    {
      action: 'tier.updated',
      targetType: 'tier',
      targetId: id,
      before: { name: current.name, threshold: current.threshold, rewards: current.rewards },
      after: { name: row!.name, threshold: row!.threshold, rewards: row!.rewards },
    },
    now,
  );
  await appendEvents(tx, [{ type: 'tier.updated', agentId: null, public: { tierId: row!.id, tierName: row!.name }, private: {} }]);
  return toTierSetting(row!);
}
