import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest, throwIfResNotOk } from './api-client';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default read: GET the path formed by joining the query key's segments with "/". */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const url = queryKey.join('/');
    const res = await fetch(url, { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export { apiRequest };

/** Spec section 9: no interval refetch, no refetch on focus, never stale, no retries unless a query says so. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
