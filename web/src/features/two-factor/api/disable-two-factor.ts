import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorCodeInput } from '@contract/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withReauthentication } from '../../../lib/reauthentication';

/** DELETE /api/auth/2fa: off with a code or a recovery code (the password is asked for again when it is not recent). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => withReauthentication(() => apiRequest('DELETE', '/api/auth/2fa', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}
