import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@contract/agents';
import { apiJson } from '../../../lib/api-client';

export const agentsQueryKey = ['/api/agents'] as const;

export const agentsQueryOptions = queryOptions({
  queryKey: agentsQueryKey,
  queryFn: () => apiJson<AgentSummary[]>('GET', '/api/agents'),
});

export function useAgents() {
  return useQuery(agentsQueryOptions);
}
