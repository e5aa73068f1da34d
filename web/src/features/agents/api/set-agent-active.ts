import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: (active: boolean) => void;
  onError?: (error: Error) => void;
}

/**
 * PATCH /api/agents/:id {active} (owner): an inactive agent cannot sign in and leaves the boards, keeping its history;
 * it can be made active again. The lists and boards it appears on are read again.
 */
export function useSetAgentActive({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ agentId, active }: { agentId: number; active: boolean }) => apiRequest('PATCH', `/api/agents/${agentId}`, { active }),
    onSuccess: async (_answer, { agentId, active }) => {
      await refreshAfter(['agent.updated', 'leaderboard.changed'], { agentId });
      onSuccess?.(active);
    },
    onError,
  });
}
