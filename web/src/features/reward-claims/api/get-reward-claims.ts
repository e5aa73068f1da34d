import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const rewardClaimsQueryOptions = queryOptions({
  queryKey: queryKeys.rewardClaims,
  queryFn: () => apiJson<RewardClaim[]>('GET', '/api/owner/reward-claims'),
});

export function useRewardClaims() {
  return useQuery(rewardClaimsQueryOptions);
}
