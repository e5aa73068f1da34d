import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiJson, apiJsonOrNull, type UnauthorizedBehavior } from './api-client';

/** Default read: GET the path formed by joining the query key's segments with "/". */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return ({ queryKey }) => {
    const url = queryKey.join('/');
    return (on401 === 'returnNull' ? apiJsonOrNull<T>(url) : apiJson<T>('GET', url)) as Promise<T>;
  };
}

/** docs/product.md §11.2: no interval refetch, no refetch on focus, never stale, no retries unless a query says so. */
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
