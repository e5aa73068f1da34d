import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAccount } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const usersQueryOptions = queryOptions({
  queryKey: queryKeys.users,
  queryFn: () => apiJson<UserAccount[]>('GET', '/api/users'),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
