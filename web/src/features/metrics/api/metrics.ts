import { useMutation } from '@tanstack/react-query';
import type { Activity, CreateActivityInput, CreateMetricInput, Metric, UpdateMetricInput } from '@contract/metrics';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** POST /api/metrics, or PATCH /api/metrics/{key} when `key` names one to change (owner). */
export function useSaveMetric() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (change: { create: CreateMetricInput } | { key: string; update: UpdateMetricInput }) =>
      'create' in change ? apiJson<Metric>('POST', '/api/metrics', change.create) : apiJson<Metric>('PATCH', `/api/metrics/${change.key}`, change.update),
    onSuccess: () => refreshAfter('metric.changed'),
  });
}

/** POST /api/activities: staff for an agent of their teams, or an agent for itself on a metric that allows it. */
export function useRecordActivity() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateActivityInput) => apiJson<Activity>('POST', '/api/activities', input),
    onSuccess: (activity) => refreshAfter(['activity.created'], { agentId: activity.agentId }),
  });
}
