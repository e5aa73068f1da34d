import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { unlessCancelled, withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** The callbacks are the hook's own: the removed account's row is gone once the list is refreshed. */
export function useDeleteUser({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (userId: number) => withReauthentication(() => apiRequest('DELETE', `/api/users/${userId}`)),
    onSuccess: async () => {
      await refreshAfter('user.changed');
      onSuccess?.();
    },
    // Cancelling the password confirmation abandons the deletion quietly.
    onError: unlessCancelled(onError),
  });
}
