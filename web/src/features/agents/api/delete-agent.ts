import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { unlessCancelled, withReauthentication } from '../../../lib/reauthentication';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * Deleting an agent also deletes its entries and claims, so every list that shows them is refreshed.
 * The callbacks are the hook's own: the card that asked is gone by the time the refreshed list arrives.
 */
export function useDeleteAgent({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: number) => withReauthentication(() => apiRequest('DELETE', `/api/agents/${agentId}`)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownerDashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rewardClaims }),
      ]);
      onSuccess?.();
    },
    // Cancelling the password confirmation abandons the deletion quietly.
    onError: unlessCancelled(onError),
  });
}
