import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentRewardData } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/rewards/agent/{agentId}: the tiers the agent has reached, whether each was claimed, and its rewards. */
export function agentRewardsQueryOptions(agentId: number) {
  return queryOptions({
    queryKey: [...queryKeys.agentRewards, agentId],
    queryFn: () => apiJson<AgentRewardData>('GET', `/api/rewards/agent/${agentId}`),
    staleTime: 0,
  });
}

export function useAgentRewards(agentId: number | null) {
  return useQuery({ ...agentRewardsQueryOptions(agentId ?? 0), enabled: agentId !== null });
}
