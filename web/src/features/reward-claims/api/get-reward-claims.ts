import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';

export const rewardClaimsQueryKey = ['/api/owner/reward-claims'] as const;

export const rewardClaimsQueryOptions = queryOptions({
  queryKey: rewardClaimsQueryKey,
  queryFn: () => apiJson<RewardClaim[]>('GET', '/api/owner/reward-claims'),
});

export function useRewardClaims() {
  return useQuery(rewardClaimsQueryOptions);
}
