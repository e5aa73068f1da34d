import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';

export const appInfoQueryOptions = queryOptions({
  queryKey: ['/api/app-info'],
  queryFn: () => apiJson<AppInfo>('GET', '/api/app-info'),
});

/** Whether the server runs in demo mode, and the demo credentials the sign-in forms prefill then. */
export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
