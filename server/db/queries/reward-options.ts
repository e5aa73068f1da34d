import type { Db } from '../client';
import { rewardOptions } from '../schema';

export type RewardOptionRow = typeof rewardOptions.$inferSelect;
export type NewRewardOption = typeof rewardOptions.$inferInsert;

export async function insertRewardOption(db: Db, option: NewRewardOption): Promise<RewardOptionRow> {
  const [row] = await db.insert(rewardOptions).values(option).returning();
  return row!;
}
