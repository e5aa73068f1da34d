import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@contract/notifications';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The stream says when notifications are made (lib/live-updates.ts, `notification.created`); this interval only
 * catches up when the stream is down (docs/product.md §12.13).
 */
export const NOTIFICATIONS_FALLBACK_REFRESH_MS = 60_000;

/**
 * The newest notifications (a page of the server's default size) and the unread count: the bell's count and the
 * popover's list are this one read. Types only from the contract: its values would bring zod to the dashboards' first
 * load.
 */
export const latestNotificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: () => apiJson<NotificationPage>('GET', '/api/notifications'),
  refetchInterval: NOTIFICATIONS_FALLBACK_REFRESH_MS,
});

/** `enabled: false` holds the read back (the bell waits for its screen's first paint); a mounted query reads at once. */
export function useLatestNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...latestNotificationsQueryOptions, enabled });
}
