import { PROFIT_METRIC } from '@contract/limits';
import type {
  Connector,
  ConnectorDeliveryPage,
  ConnectorList,
  CreateConnectorInput,
  CreatedConnector,
  MappedOwner,
  MapUnmatchedOwnerInput,
  UnmatchedOwnerList,
  UpdateConnectorInput,
} from '@contract/connectors';
import { queryOptions, useInfiniteQuery, useIsFetching, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/**
 * The connectors' reads: the list, then each connector's delivery log and unmatched deals under it, so that refreshing
 * the first key refreshes them all. Deliveries come from the CRM, not from a person, and no event on the live stream
 * tells of them: the screen reads them again on a timer (below).
 */
export const connectorKeys = {
  all: ['/api/connectors'],
  deliveries: (connectorId: number) => ['/api/connectors', connectorId, 'deliveries'],
  unmatched: (connectorId: number) => ['/api/connectors', connectorId, 'unmatched'],
} as const;

/** Deliveries asked for per page of the log. */
const DELIVERY_PAGE = 20;
/** While the tab is open, the list (last delivery, deals waiting) is read again this often. */
const LIST_REFRESH_MS = 30_000;
/** While a connector's log is open, it is read again this often; while a delivery waits for the worker, sooner. */
const OPEN_LOG_REFRESH_MS = 5_000;
const PENDING_REFRESH_MS = 2_000;

export const connectorsQueryOptions = queryOptions({
  queryKey: connectorKeys.all,
  queryFn: () => apiJson<ConnectorList>('GET', '/api/connectors'),
});

export function useConnectors() {
  return useQuery({ ...connectorsQueryOptions, refetchInterval: LIST_REFRESH_MS });
}

/** Every connector read is stale after a change to one: its row, and its log and unmatched deals. */
function useConnectorsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: connectorKeys.all });
}

/** The answer carries what to paste into the CRM (address, secret, password): the only time it is shown. */
export function useCreateConnector() {
  const changed = useConnectorsChanged();
  return useMutation({
    mutationFn: (input: CreateConnectorInput) => apiJson<CreatedConnector>('POST', '/api/connectors', input),
    onSuccess: () => changed(),
  });
}

/** PATCH /api/connectors/{id}: its name, mapping, or whether it takes deliveries; the provider and credentials stay. */
export function useUpdateConnector() {
  const changed = useConnectorsChanged();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateConnectorInput }) => apiJson<Connector>('PATCH', `/api/connectors/${id}`, change),
    onSuccess: () => changed(),
  });
}

export function useDeleteConnector() {
  const changed = useConnectorsChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/connectors/${id}`),
    onSuccess: () => changed(),
  });
}

/**
 * A connector's delivery log, newest first, a page at a time, read again while it is open: deliveries come from the
 * CRM unannounced (the owner watches the first ones arrive while setting the CRM up), sooner while one waits for the
 * worker. Once the worker has done a delivery, what it did shows elsewhere too: the deals waiting for an agent, the
 * list's counts.
 */
export function useConnectorDeliveries(connectorId: number) {
  const queryClient = useQueryClient();
  const log = useInfiniteQuery({
    queryKey: connectorKeys.deliveries(connectorId),
    queryFn: ({ pageParam }) => apiJson<ConnectorDeliveryPage>('GET', `/api/connectors/${connectorId}/deliveries?offset=${pageParam}&limit=${DELIVERY_PAGE}`),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    refetchInterval: (query) => (hasPending(query.state.data?.pages) ? PENDING_REFRESH_MS : OPEN_LOG_REFRESH_MS),
  });
  const newestDone = log.data?.pages[0]?.deliveries.find((delivery) => delivery.status !== 'pending')?.id ?? null;
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (log.data === undefined) return;
    if (seen.current !== undefined && seen.current !== newestDone) {
      void queryClient.invalidateQueries({ queryKey: connectorKeys.unmatched(connectorId) });
      void queryClient.invalidateQueries({ queryKey: connectorKeys.all, exact: true });
    }
    seen.current = newestDone;
  }, [log.data, newestDone, connectorId, queryClient]);
  return log;
}

const hasPending = (pages: ConnectorDeliveryPage[] | undefined) => pages?.some((page) => page.deliveries.some((delivery) => delivery.status === 'pending')) ?? false;

/** Reads one connector's log and waiting deals again, and the list with its counts. */
export function useRefreshConnector(connectorId: number) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: [...connectorKeys.all, connectorId] });
  return {
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: [...connectorKeys.all, connectorId] });
      void queryClient.invalidateQueries({ queryKey: connectorKeys.all, exact: true });
    },
    busy: fetching > 0,
  };
}

/** The CRM users whose won deals wait for an agent (GET /api/connectors/{id}/unmatched). */
export function useUnmatchedOwners(connectorId: number) {
  return useQuery({
    queryKey: connectorKeys.unmatched(connectorId),
    queryFn: () => apiJson<UnmatchedOwnerList>('GET', `/api/connectors/${connectorId}/unmatched`),
  });
}

/**
 * This CRM user is this agent from now on: their waiting deals are recorded at once, as income entries (or activities
 * of the connector's metric), so the boards and lists that show those move too.
 */
export function useMapUnmatchedOwner(connector: Pick<Connector, 'id' | 'mapping'>) {
  const changed = useConnectorsChanged();
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: MapUnmatchedOwnerInput) => apiJson<MappedOwner>('POST', `/api/connectors/${connector.id}/unmatched/map`, input),
    onSuccess: () => Promise.all([changed(), refreshAfter(connector.mapping.metric === PROFIT_METRIC ? 'entry.created' : 'activity.created')]),
  });
}
