import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardOption } from '@contract/rewards';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

export const tierRewardOptionsQueryKey = (tierId: number) => [...queryKeys.tierRewardOptions, tierId] as const;

/**
 * GET /api/rewards/tier/{tierId}: the reward options of a tier, which the owner edits in the tier settings and an
 * agent picks from when claiming the tier.
 */
export const tierRewardOptionsQueryOptions = (tierId: number) =>
  queryOptions({
    queryKey: tierRewardOptionsQueryKey(tierId),
    queryFn: () => apiJson<RewardOption[]>('GET', `/api/rewards/tier/${tierId}`),
  });

export function useTierRewardOptions(tierId: number) {
  return useQuery(tierRewardOptionsQueryOptions(tierId));
}
