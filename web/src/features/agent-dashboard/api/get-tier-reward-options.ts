import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardOption } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';

export const tierRewardOptionsQueryKey = (tierId: number) => ['/api/rewards/tier', tierId] as const;

/** GET /api/rewards/tier/{tierId}: the reward options an agent can pick for a tier. */
export function tierRewardOptionsQueryOptions(tierId: number) {
  return queryOptions({
    queryKey: tierRewardOptionsQueryKey(tierId),
    queryFn: () => apiJson<RewardOption[]>('GET', `/api/rewards/tier/${tierId}`),
  });
}

export function useTierRewardOptions(tierId: number | null) {
  return useQuery({ ...tierRewardOptionsQueryOptions(tierId ?? 0), enabled: tierId !== null });
}
