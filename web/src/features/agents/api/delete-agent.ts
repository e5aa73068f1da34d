import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { unlessCancelled, withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * Deleting an agent also deletes its entries and claims, so every list that shows them is refreshed.
 * The callbacks are the hook's own: the card that asked is gone by the time the refreshed list arrives.
 */
export function useDeleteAgent({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (agentId: number) => withReauthentication(() => apiRequest('DELETE', `/api/agents/${agentId}`)),
    onSuccess: async (_answer, agentId) => {
      await refreshAfter(['agent.deleted', 'leaderboard.changed'], { agentId });
      onSuccess?.();
    },
    // Cancelling the password confirmation abandons the deletion quietly.
    onError: unlessCancelled(onError),
  });
}
