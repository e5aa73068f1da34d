import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { unlessCancelled, withReauthentication } from '../../../lib/reauthentication';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** DELETE /api/users/{id}/2fa (owner, password just entered): someone who lost their authenticator signs in with the password again. */
export function useResetTwoFactor({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => withReauthentication(() => apiRequest('DELETE', `/api/users/${userId}/2fa`)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
      onSuccess?.();
    },
    onError: unlessCancelled(onError),
  });
}
