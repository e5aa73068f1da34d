import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardOption } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';

export const tierRewardOptionsQueryKey = (tierId: number) => ['/api/rewards/tier', tierId] as const;

export const tierRewardOptionsQueryOptions = (tierId: number) =>
  queryOptions({
    queryKey: tierRewardOptionsQueryKey(tierId),
    queryFn: () => apiJson<RewardOption[]>('GET', `/api/rewards/tier/${tierId}`),
  });

export function useTierRewardOptions(tierId: number) {
  return useQuery(tierRewardOptionsQueryOptions(tierId));
}
