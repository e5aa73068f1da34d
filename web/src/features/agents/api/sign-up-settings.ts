import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvitation, SignUpMode, SignUpSettings } from '@contract/sign-up';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

export const signUpSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.signUpSettings,
  queryFn: () => apiJson<SignUpSettings>('GET', '/api/owner/sign-up'),
});

/**
 * GET /api/owner/sign-up (owner): who may register, and the invitation links still open or recently used. Read
 * again each time the dialog opens: links get used while it is closed.
 */
export function useSignUpSettings() {
  return useQuery({ ...signUpSettingsQueryOptions, refetchOnMount: 'always' });
}

/** PUT /api/owner/sign-up: a sensitive change, so the password may be asked for first. */
export function useSaveSignUpMode() {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (mode: SignUpMode) => withReauthentication(() => apiJson<SignUpSettings>('PUT', '/api/owner/sign-up', { mode })),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.signUpSettings, settings);
      // The registration pages read the mode from app-info.
      return refreshAfter('signUp.changed');
    },
  });
}

/** POST /api/owner/invitations: the answer carries the link's token, shown this once. */
export function useCreateInvitation() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: () => apiJson<CreatedInvitation>('POST', '/api/owner/invitations'),
    onSuccess: () => refreshAfter('signUp.changed'),
  });
}

/** DELETE /api/owner/invitations/:id: an open link stops working. */
export function useRevokeInvitation() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/owner/invitations/${id}`),
    onSuccess: () => refreshAfter('signUp.changed'),
  });
}
