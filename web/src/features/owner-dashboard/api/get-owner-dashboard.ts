import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { OwnerDashboard } from '@contract/dashboard';
import { ApiError, apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 401 or 403: signed out, or signed in as someone who may not see the dashboard. */
export function isAccessDenied(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** docs/product.md §11.5: a denied answer is never retried; other failures are retried fewer than 2 times (once). */
export const ownerDashboardQueryOptions = queryOptions({
  queryKey: queryKeys.ownerDashboard,
  queryFn: () => apiJson<OwnerDashboard>('GET', '/api/owner/dashboard'),
  retry: (failureCount, error) => !isAccessDenied(error) && failureCount < 1,
  // Fetched ahead of the dashboard's code (PrefetchOwnerDashboard): a failure seen before it mounts is final.
  retryOnMount: false,
});

export function useOwnerDashboard() {
  return useQuery(ownerDashboardQueryOptions);
}

/**
 * Starts reading the dashboard as soon as a signed-in owner or manager is known, while the dashboard's code is still
 * loading, rather than after it (the two would otherwise follow one another). Renders nothing.
 */
export function PrefetchOwnerDashboard() {
  usePrefetchQuery(ownerDashboardQueryOptions);
  return null;
}
