import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@contract/auth';
import { getQueryFn } from '../../../lib/query-client';

export const userQueryKey = ['/api/auth/user'] as const;

/** The owner/manager session (spec section 4): authenticated when the user endpoint returns a record. */
export function useUser() {
  const query = useQuery<AuthUser | null>({
    queryKey: userQueryKey,
    queryFn: getQueryFn<AuthUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
