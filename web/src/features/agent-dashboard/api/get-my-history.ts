import { queryOptions } from '@tanstack/react-query';
import type { Trend, TrendGranularity, TrendParams } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/agents/me/history: the signed-in agent's income in each of the last `count` weeks or months, oldest first. */
export const myHistoryQueryOptions = (granularity: TrendGranularity, count: number) => {
  const params: TrendParams = { granularity, count: String(count) };
  return queryOptions({
    queryKey: [...queryKeys.agentMyHistory, granularity, count],
    queryFn: () => apiJson<Trend>('GET', `/api/agents/me/history?${new URLSearchParams(params as Record<string, string>)}`),
  });
};
