import { asc, eq } from 'drizzle-orm';
import type { TierSetting } from '../../../contract/tiers';
import type { Db } from '../client';
import { tierSettings } from '../schema';

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
