import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsReadInput, NotificationPage } from '@contract/notifications';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';
import { markedRead } from '../utils/unread';
import { latestNotificationsQueryOptions } from './get-notifications';

/**
 * Marks notifications read (`{ids}` or `{all: true}`). The cached list changes as soon as the server agrees, so the
 * count and the marks drop at once; the list is then read again for what the server says.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  const { queryKey } = latestNotificationsQueryOptions;
  return useMutation({
    mutationFn: (which: MarkNotificationsReadInput) => apiJson<{ marked: number }>('POST', '/api/notifications/read', which),
    onSuccess: (_answer, which) => {
      queryClient.setQueryData(queryKey, (page: NotificationPage | undefined) => page && markedRead(page, which, new Date().toISOString()));
      void refreshAfter('notification.read');
    },
  });
}
