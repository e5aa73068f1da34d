import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, UpdateNotificationPreferencesInput } from '@contract/notifications';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One entry per kind the signed-in person can receive (docs/product.md §12.13). */
export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: queryKeys.notificationPreferences,
  queryFn: () => apiJson<NotificationPreferences>('GET', '/api/notification-preferences'),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}

/** Saves every kind's choices at once; the answer is what the server now holds. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferencesInput) => apiJson<NotificationPreferences>('PUT', '/api/notification-preferences', input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationPreferences, saved),
  });
}
