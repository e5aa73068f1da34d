import { useMutation } from '@tanstack/react-query';
import type { EnableTwoFactorInput, TwoFactorEnabled } from '@contract/two-factor';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** POST /api/auth/2fa/enable: on with a code of the new secret; answers the recovery codes, this once. */
export function useEnableTwoFactor() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: EnableTwoFactorInput) => apiJson<TwoFactorEnabled>('POST', '/api/auth/2fa/enable', input),
    // The user's status changes (and a manager held to setting it up is free again): every read may answer now.
    onSuccess: () => refreshAfter('twoFactor.enabled'),
  });
}
