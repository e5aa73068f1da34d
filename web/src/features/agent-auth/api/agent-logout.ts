import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agentSessionQueryKey } from './get-agent-session';

/** Query keys holding the signed-in agent's own data; none of it may outlive the session. */
const agentDataPrefixes = [['/api/agent-tier-data'], ['/api/rewards/agent'], ['/api/rewards/tier']];

/**
 * POST /api/agents/logout. On success (spec section 4) the cached session is discarded and re-fetched, and the
 * agent's data leaves the cache.
 */
export function useAgentLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/agents/logout');
    },
    onSuccess: async () => {
      // The session first: screens showing the agent's data leave before that data goes.
      await queryClient.resetQueries({ queryKey: agentSessionQueryKey });
      for (const queryKey of agentDataPrefixes) queryClient.removeQueries({ queryKey });
    },
  });
}
