import { useMutation } from '@tanstack/react-query';
import type { CreateManagerInput, UserAccount } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export function useCreateManager() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateManagerInput) => apiJson<UserAccount>('POST', '/api/users', input),
    onSuccess: () => refreshAfter('user.changed'),
  });
}
