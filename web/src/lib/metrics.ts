import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFIT_METRIC } from '@contract/limits';
import type { Metric } from '@contract/metrics';
import { useState } from 'react';
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

/** Profit as GET /api/metrics lists it: what a board shows until the metrics are read. */
export const PROFIT: Metric = { key: PROFIT_METRIC, name: 'Profit', unit: 'money', agentsMayRecord: false, active: true, builtIn: true };

/**
 * The metric a card shows, picked by the person reading it: profit at first, or any active metric. `options` is what a
 * Metric select offers, empty while there is nothing to pick (no active metric besides profit, or the metrics not read
 * yet); a metric made inactive meanwhile falls back to profit. `metricOf` names the metric of an answer (which may
 * still be the one picked before while the next loads), inactive ones too.
 */
export function useMetricChoice() {
  const metrics = useMetrics();
  const [key, setKey] = useState<string>(PROFIT_METRIC);
  const all = metrics.data ?? [];
  const active = all.filter((metric) => metric.active);
  return {
    metric: active.find((metric) => metric.key === key) ?? PROFIT,
    options: active.length > 1 ? active : [],
    choose: setKey,
    metricOf: (metricKey: string) => all.find((metric) => metric.key === metricKey) ?? PROFIT,
  };
}
