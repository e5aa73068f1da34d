import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TierDistribution } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const tierDistributionQueryOptions = queryOptions({
  queryKey: queryKeys.ownerTierDistribution,
  queryFn: () => apiJson<TierDistribution>('GET', '/api/owner/tier-distribution'),
});

/** GET /api/owner/tier-distribution: how many agents' highest tier reached is each tier, and how many reached none. */
export function useTierDistribution() {
  return useQuery(tierDistributionQueryOptions);
}
