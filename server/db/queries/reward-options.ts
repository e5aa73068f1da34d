import { and, asc, eq } from 'drizzle-orm';
import type { RewardOption } from '../../../contract/rewards';
import type { Db } from '../client';
import { notFound } from '../../domain/errors';
import { FOREIGN_KEY_VIOLATION, refusedAs } from '../errors';
import { rewardOptions, tierSettings } from '../schema';

export type RewardOptionRow = typeof rewardOptions.$inferSelect;
export type NewRewardOption = typeof rewardOptions.$inferInsert;

export async function insertRewardOption(db: Db, option: NewRewardOption): Promise<RewardOptionRow> {
  const [row] = await db.insert(rewardOptions).values(option).returning();
  return row!;
}

export function toRewardOption(row: RewardOptionRow): RewardOption {
  return {
    id: row.id,
    tierId: row.tierId,
    title: row.title,
    description: row.description,
    category: row.category,
    isActive: row.isActive,
  };
}

/** Adds a reward option to a tier; NOT_FOUND when the tier does not exist. */
export async function createRewardOption(db: Db, option: NewRewardOption): Promise<RewardOption> {
  return toRewardOption(await refusedAs(FOREIGN_KEY_VIOLATION, () => notFound('Tier'), () => insertRewardOption(db, option)));
}

/** A tier's reward options in the order they were added, only the active ones when asked; NOT_FOUND for an unknown tier. */
export async function listTierRewardOptions(
  db: Db,
  tierId: number,
  options: { activeOnly: boolean },
): Promise<RewardOption[]> {
  const [tier] = await db.select({ id: tierSettings.id }).from(tierSettings).where(eq(tierSettings.id, tierId)).limit(1);
  if (!tier) throw notFound('Tier');
  const rows = await db
    .select()
    .from(rewardOptions)
    .where(options.activeOnly ? and(eq(rewardOptions.tierId, tierId), eq(rewardOptions.isActive, true)) : eq(rewardOptions.tierId, tierId))
    .orderBy(asc(rewardOptions.id));
  return rows.map(toRewardOption);
}

/**
 * Deletes a reward option (NOT_FOUND when there is none). Claims that named it keep their reward title (the
 * foreign key sets their reward_option_id to null).
 */
export async function deleteRewardOption(db: Db, id: number): Promise<void> {
  const rows = await db.delete(rewardOptions).where(eq(rewardOptions.id, id)).returning({ id: rewardOptions.id });
  if (rows.length === 0) throw notFound('Reward option');
}
