import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentTierData } from '@contract/agent-tier-data';
import { apiJson } from '../../../lib/api-client';

export const agentTierDataQueryKey = ['/api/agent-tier-data'] as const;

/** GET /api/agent-tier-data: the signed-in agent's total, claimed tiers and every tier; always re-read (spec section 7). */
export const agentTierDataQueryOptions = queryOptions({
  queryKey: agentTierDataQueryKey,
  queryFn: () => apiJson<AgentTierData>('GET', '/api/agent-tier-data'),
  staleTime: 0,
  refetchOnMount: 'always',
});

export function useAgentTierData(options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentTierDataQueryOptions, enabled: options.enabled ?? true });
}
