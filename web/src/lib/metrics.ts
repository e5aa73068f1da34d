import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Metric } from '@contract/metrics';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

export const metricsQueryOptions = queryOptions({
  queryKey: queryKeys.metrics,
  queryFn: () => apiJson<Metric[]>('GET', '/api/metrics'),
  // Metrics change rarely, and metric.changed marks them stale when they do.
  staleTime: 60_000,
});

/**
 * The metrics (GET /api/metrics, everyone signed in): profit first, then the owner's in the order they were made. The
 * Settings tab manages them; boards pick one.
 */
export function useMetrics(enabled = true) {
  return useQuery({ ...metricsQueryOptions, enabled });
}
