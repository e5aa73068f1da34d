import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentDetail } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const agentDetailQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: [...queryKeys.agentDetail, agentId],
    queryFn: () => apiJson<AgentDetail>('GET', `/api/agents/${agentId}`),
  });

/** GET /api/agents/{id}: the agent's figures, the tiers it reached with when, and its reward claims with their status. */
export function useAgentDetail(agentId: number) {
  return useQuery(agentDetailQueryOptions(agentId));
}
