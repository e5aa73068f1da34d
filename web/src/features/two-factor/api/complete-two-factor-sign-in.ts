import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, TwoFactorCodeInput } from '@contract/two-factor';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/login/2fa: the second step of a sign-in, with a code of the app or a recovery code. */
export function useCompleteTwoFactorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => apiJson<CurrentUser>('POST', '/api/auth/login/2fa', input),
    // A new session: nothing read before it is kept (as at a sign-in with the password alone).
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
