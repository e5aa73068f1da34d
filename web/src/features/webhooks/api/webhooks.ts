import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookInput, UpdateWebhookInput, Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookList } from '@contract/webhooks';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** Deliveries asked for per page of the log. */
const DELIVERY_PAGE = 20;

export const webhooksQueryOptions = queryOptions({
  queryKey: queryKeys.webhooks,
  queryFn: () => apiJson<WebhookList>('GET', '/api/webhooks'),
});

/**
 * While a webhook's newest delivery is pending or its deliveries are paused, the list is read again this often (its
 * row then says how it went).
 */
const PENDING_LIST_REFRESH_MS = 5_000;

export function useWebhooks() {
  return useQuery({
    ...webhooksQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.webhooks.some((hook) => hook.lastDelivery?.status === 'pending' || hook.breaker.state !== 'closed') ? PENDING_LIST_REFRESH_MS : false,
  });
}

/** The answer carries the signing secret: the only time it is shown. */
export function useCreateWebhook() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => apiJson<CreatedWebhook>('POST', '/api/webhooks', input),
    onSuccess: () => refreshAfter('webhook.changed'),
  });
}

/** PATCH /api/webhooks/{id}: its address, events or format; the secret stays. */
export function useUpdateWebhook() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateWebhookInput }) => apiJson<Webhook>('PATCH', `/api/webhooks/${id}`, change),
    onSuccess: () => refreshAfter('webhook.changed'),
  });
}

export function useDeleteWebhook() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/webhooks/${id}`),
    onSuccess: () => refreshAfter('webhook.changed'),
  });
}

/** Refreshes the list and the log of a webhook once a delivery was queued. */
function useDeliveryQueued() {
  const refreshAfter = useRefreshAfter();
  return (webhookId: number) => void refreshAfter('webhook.deliveryQueued', { id: webhookId });
}

export function useSendTestEvent() {
  const queued = useDeliveryQueued();
  return useMutation({
    mutationFn: (id: number) => apiJson<WebhookDelivery>('POST', `/api/webhooks/${id}/test`),
    onSuccess: (_delivery, id) => queued(id),
  });
}

export function useResendDelivery(webhookId: number) {
  const queued = useDeliveryQueued();
  return useMutation({
    mutationFn: (deliveryId: number) => apiJson<WebhookDelivery>('POST', `/api/webhooks/${webhookId}/deliveries/${deliveryId}/retry`),
    onSuccess: () => queued(webhookId),
  });
}

/** A webhook's delivery log, newest first, a page at a time; read again every `pendingRefreshMs` while one is pending. */
export function useWebhookDeliveries(webhookId: number, pendingRefreshMs: number) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.webhookDeliveries, webhookId],
    queryFn: ({ pageParam }) => apiJson<WebhookDeliveryPage>('GET', `/api/webhooks/${webhookId}/deliveries?offset=${pageParam}&limit=${DELIVERY_PAGE}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((delivery) => delivery.status === 'pending')) ? pendingRefreshMs : false,
  });
}
