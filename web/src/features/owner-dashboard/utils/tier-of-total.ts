import { moneyToCents } from '@contract/cents';
import type { TierSetting } from '@contract/tiers';

export type TierOfTotal = Pick<TierSetting, 'name' | 'color'>;

/**
 * The tier a total has reached: the one with the highest threshold at or below it (docs/product.md §9.3, "reached"),
 * compared in cents; none below the first threshold. The leaderboard names it beside the agent, as the agent's own
 * dashboard does (docs/decisions/0084-dashboard-navigation.md).
 */
export function tierOfTotal(total: string, tiers: readonly TierSetting[]): TierOfTotal | undefined {
  const cents = moneyToCents(total);
  let reached: TierSetting | undefined;
  for (const tier of tiers) {
    if (moneyToCents(tier.threshold) <= cents && (!reached || moneyToCents(tier.threshold) > moneyToCents(reached.threshold))) reached = tier;
  }
  return reached && { name: reached.name, color: reached.color };
}
