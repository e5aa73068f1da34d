import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { unlessCancelled, withReauthentication } from '../../../lib/reauthentication';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** The callbacks are the hook's own: the removed account's row is gone once the list is refreshed. */
export function useDeleteUser({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => withReauthentication(() => apiRequest('DELETE', `/api/users/${userId}`)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      onSuccess?.();
    },
    // Cancelling the password confirmation abandons the deletion quietly.
    onError: unlessCancelled(onError),
  });
}
