import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@contract/two-factor';
import { apiJson } from '../../../lib/api-client';
import { withReauthentication } from '../../../lib/reauthentication';

/** POST /api/auth/2fa/setup: a new secret, not yet in force (the password is asked for again when it is not recent). */
export function useSetupTwoFactor() {
  return useMutation({
    mutationFn: () => withReauthentication(() => apiJson<TwoFactorSetup>('POST', '/api/auth/2fa/setup')),
  });
}
