import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentTierData } from '@contract/agent-tier-data';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/agent-tier-data: the signed-in agent's total, claimed tiers and every tier, read by the tier dashboard and
 * the portal; always re-read (docs/product.md §11.2).
 */
export const agentTierDataQueryOptions = queryOptions({
  queryKey: queryKeys.agentTierData,
  queryFn: () => apiJson<AgentTierData>('GET', '/api/agent-tier-data'),
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useAgentTierData(options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentTierDataQueryOptions, enabled: options.enabled ?? true });
}
