import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface Callbacks {
  onSuccess?: (active: boolean) => void;
  onError?: (error: Error) => void;
}

/**
 * PATCH /api/agents/:id {active} (owner): an inactive agent cannot sign in and leaves the boards, keeping its history;
 * it can be made active again. The lists and boards it appears on are read again.
 */
export function useSetAgentActive({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, active }: { agentId: number; active: boolean }) => apiRequest('PATCH', `/api/agents/${agentId}`, { active }),
    onSuccess: async (_answer, { active }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownerDashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.agentDetail }),
      ]);
      onSuccess?.(active);
    },
    onError,
  });
}
