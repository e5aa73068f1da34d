import type { RewardOption } from '@contract/rewards';
import { useQueries } from '@tanstack/react-query';
import { tierRewardOptionsQueryOptions } from '../../../lib/tier-reward-options';
import { useTierSettings } from '../../../lib/tier-settings';

export interface RewardChoiceGroup {
  tierName: string;
  options: RewardOption[];
}

/**
 * The reward options a prize may be (GET /api/rewards/tier/{id} for each tier, as the tier settings read them), by tier;
 * read only once the form has a prize. The claim of a prize goes through the claim lifecycle as a tier's would.
 */
export function useRewardChoices(enabled: boolean): { groups: RewardChoiceGroup[]; pending: boolean } {
  const tiers = useTierSettings();
  const list = tiers.data ?? [];
  return useQueries({
    queries: list.map((tier) => ({ ...tierRewardOptionsQueryOptions(tier.id), enabled })),
    combine: (results) => ({
      groups: list
        .map((tier, index) => ({ tierName: tier.name, options: results[index]?.data ?? [] }))
        .filter((group) => group.options.length > 0),
      pending: enabled && (tiers.isPending || results.some((result) => result.isPending)),
    }),
  });
}
