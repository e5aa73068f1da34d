import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/two-factor';
import { getQueryFn } from './query-client';
import { queryKeys } from './query-keys';

/** The owner/manager session (docs/product.md §4.6): authenticated when the user endpoint returns a record. */
export const userQueryOptions = queryOptions({
  queryKey: queryKeys.user,
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  retry: false,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
