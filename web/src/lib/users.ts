import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAccount } from '@contract/auth';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

export const usersQueryOptions = queryOptions({
  queryKey: queryKeys.users,
  queryFn: () => apiJson<UserAccount[]>('GET', '/api/users'),
});

/** The owner and manager accounts (GET /api/users, owner only): the Staff tab lists them, teams pick managers from them. */
export function useUsers(enabled = true) {
  return useQuery({ ...usersQueryOptions, enabled });
}
