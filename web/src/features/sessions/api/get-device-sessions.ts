import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSessionList } from '@contract/sessions';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deviceSessionsQueryOptions = queryOptions({
  queryKey: queryKeys.deviceSessions,
  queryFn: () => apiJson<DeviceSessionList>('GET', '/api/sessions'),
  // Not kept once the list is off screen: it is read afresh each time it appears (another device may have signed in
  // meanwhile), and after a sign-out in this tab the next person never sees the previous one's devices.
  gcTime: 0,
});

/** GET /api/sessions: the signed-in person's sessions, most recently used first. */
export function useDeviceSessions() {
  return useQuery(deviceSessionsQueryOptions);
}
