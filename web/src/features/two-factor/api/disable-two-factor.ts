import { useMutation } from '@tanstack/react-query';
import type { TwoFactorCodeInput } from '@contract/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** DELETE /api/auth/2fa: off with a code or a recovery code (the password is asked for again when it is not recent). */
export function useDisableTwoFactor() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => withReauthentication(() => apiRequest('DELETE', '/api/auth/2fa', input)),
    onSuccess: () => refreshAfter('twoFactor.disabled'),
  });
}
