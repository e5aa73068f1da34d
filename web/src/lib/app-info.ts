import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@contract/auth';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

export const appInfoQueryOptions = queryOptions({
  queryKey: queryKeys.appInfo,
  queryFn: () => apiJson<AppInfo>('GET', '/api/app-info'),
});

/** Whether the server runs in demo mode, and the demo credentials the sign-in forms prefill then. */
export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
