import { and, asc, eq } from 'drizzle-orm';
import type { RewardOption } from '../../../contract/rewards';
import type { Db } from '../client';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../errors';
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

/** Adds a reward option to a tier; undefined when the tier does not exist. */
export async function createRewardOption(db: Db, option: NewRewardOption): Promise<RewardOption | undefined> {
  try {
    return toRewardOption(await insertRewardOption(db, option));
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return undefined;
    throw error;
  }
}

/** A tier's reward options in the order they were added, only the active ones when asked; undefined for an unknown tier. */
export async function listTierRewardOptions(
  db: Db,
  tierId: number,
  options: { activeOnly: boolean },
): Promise<RewardOption[] | undefined> {
  const [tier] = await db.select({ id: tierSettings.id }).from(tierSettings).where(eq(tierSettings.id, tierId)).limit(1);
  if (!tier) return undefined;
  const rows = await db
    .select()
    .from(rewardOptions)
    .where(options.activeOnly ? and(eq(rewardOptions.tierId, tierId), eq(rewardOptions.isActive, true)) : eq(rewardOptions.tierId, tierId))
    .orderBy(asc(rewardOptions.id));
  return rows.map(toRewardOption);
}

/**
 * Deletes a reward option; returns whether it existed. Claims that named it keep their reward title
 * (the foreign key sets their reward_option_id to null).
 */
export async function deleteRewardOption(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(rewardOptions).where(eq(rewardOptions.id, id)).returning({ id: rewardOptions.id });
  return rows.length > 0;
}
