import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAccount } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';

export const usersQueryKey = ['/api/users'] as const;

export const usersQueryOptions = queryOptions({
  queryKey: usersQueryKey,
  queryFn: () => apiJson<UserAccount[]>('GET', '/api/users'),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
