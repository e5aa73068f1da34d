import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateManagerInput, UserAccount } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useCreateManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateManagerInput) => apiJson<UserAccount>('POST', '/api/users', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
