import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** Query keys holding the signed-in agent's own data; none of it may outlive the session. */
const agentDataPrefixes = [
  queryKeys.agentTierData,
  queryKeys.agentRewards,
  queryKeys.tierRewardOptions,
  queryKeys.agentProfile,
  queryKeys.agentRank,
  queryKeys.agentEntries,
];

/**
 * POST /api/agents/logout, from the portal and the tier dashboard. On success (docs/product.md §4.6) the cached session is
 * discarded and re-fetched, and the agent's data leaves the cache.
 */
export function useAgentLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/agents/logout'),
    onSuccess: async () => {
      // The session first: screens showing the agent's data leave before that data goes.
      await queryClient.resetQueries({ queryKey: queryKeys.agentSession });
      for (const queryKey of agentDataPrefixes) queryClient.removeQueries({ queryKey });
    },
  });
}
