import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginInput } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useOwnerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<AuthUser>('POST', '/api/auth/login', input),
    // A new session: nothing read before it (another person's data, or a stale session's refusals) is kept.
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
