import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** POST /api/agents/:id/approve (owner): a pending agent may sign in from now on. */
export function useApproveAgent({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (agentId: number) => apiRequest('POST', `/api/agents/${agentId}/approve`),
    onSuccess: async () => {
      await refreshAfter(['agent.created', 'leaderboard.changed']);
      onSuccess?.();
    },
    onError,
  });
}
