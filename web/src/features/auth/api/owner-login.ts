import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser, LoginInput } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

export function useOwnerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<AuthUser>('POST', '/api/auth/login', input),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
