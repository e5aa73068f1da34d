import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@contract/auth';
import { apiJson } from './api-client';
import { applyOrgSettings } from './org-settings';
import { queryKeys } from './query-keys';

export const appInfoQueryOptions = queryOptions({
  queryKey: queryKeys.appInfo,
  // Its organisation settings are the newest this page has heard of: money and dates follow them.
  queryFn: () =>
    apiJson<AppInfo>('GET', '/api/app-info').then((info) => {
      applyOrgSettings(info.organisation);
      return info;
    }),
});

/** Whether the server runs in demo mode, and the demo credentials the sign-in forms prefill then. */
export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
