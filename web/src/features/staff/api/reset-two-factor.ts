import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { unlessCancelled, withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** DELETE /api/users/{id}/2fa (owner, password just entered): someone who lost their authenticator signs in with the password again. */
export function useResetTwoFactor({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (userId: number) => withReauthentication(() => apiRequest('DELETE', `/api/users/${userId}/2fa`)),
    onSuccess: async () => {
      await refreshAfter('user.changed');
      onSuccess?.();
    },
    onError: unlessCancelled(onError),
  });
}
