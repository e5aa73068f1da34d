import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@contract/auth';
import type { LoginAnswer } from '@contract/two-factor';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useOwnerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<LoginAnswer>('POST', '/api/auth/login', input),
    // A new session: nothing read before it (another person's data, or a stale session's refusals) is kept. With
    // two-factor sign-in on there is no session yet: the code comes first (features/two-factor).
    onSuccess: (answer) => {
      queryClient.clear();
      if (!('twoFactorRequired' in answer)) queryClient.setQueryData(queryKeys.user, answer);
    },
  });
}
