import { queryOptions } from '@tanstack/react-query';
import type { Trend, TrendGranularity, TrendParams } from '@contract/insight';
import { PROFIT_METRIC } from '@contract/limits';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/agents/me/history: the signed-in agent's figure of a metric (its income by default) in each of the last
 * `count` weeks or months, oldest first.
 */
export const myHistoryQueryOptions =
  (metric: string = PROFIT_METRIC) =>
  (granularity: TrendGranularity, count: number) => {
    const params: TrendParams = { granularity, count: String(count), ...(metric !== PROFIT_METRIC ? { metric } : {}) };
    return queryOptions({
      queryKey: [...queryKeys.agentMyHistory, granularity, count, metric],
      queryFn: () => apiJson<Trend>('GET', `/api/agents/me/history?${new URLSearchParams(params as Record<string, string>)}`),
    });
  };
