import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettingsInput, SsoSettingsView } from '@contract/sso';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** GET /api/owner/sso (owner): the company sign-in settings, without the secret, and the redirect URL to register. */
export const ssoSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.ssoSettings,
  queryFn: () => apiJson<SsoSettingsView>('GET', '/api/owner/sso'),
});

export function useSsoSettings() {
  return useQuery(ssoSettingsQueryOptions);
}

/**
 * PUT /api/owner/sso (owner, password entered in the last 10 minutes: asked for first when it was not). The server reads
 * the provider's discovery document before it saves, so a wrong issuer is refused here, at once.
 */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: SsoSettingsInput) => withReauthentication(() => apiJson<SsoSettingsView>('PUT', '/api/owner/sso', input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.ssoSettings, saved);
      return refreshAfter('sso.changed');
    },
  });
}

/** DELETE /api/owner/sso (owner, recent password): company sign-in off, passwords for everyone again. */
export function useRemoveSsoSettings() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: () => withReauthentication(() => apiRequest('DELETE', '/api/owner/sso')),
    onSuccess: () => refreshAfter('sso.changed'),
  });
}
