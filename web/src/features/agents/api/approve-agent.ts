import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** POST /api/agents/:id/approve (owner): a pending agent may sign in from now on. */
export function useApproveAgent({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: number) => apiRequest('POST', `/api/agents/${agentId}/approve`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownerDashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
