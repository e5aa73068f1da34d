import { queryOptions } from '@tanstack/react-query';
import type { Trend, TrendGranularity, TrendParams } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/owner/trends: the team's income in each of the last `count` weeks or months, oldest first. */
export const teamTrendsQueryOptions = (granularity: TrendGranularity, count: number) => {
  const params: TrendParams = { granularity, count: String(count) };
  return queryOptions({
    queryKey: [...queryKeys.ownerTrends, granularity, count],
    queryFn: () => apiJson<Trend>('GET', `/api/owner/trends?${new URLSearchParams(params as Record<string, string>)}`),
  });
};
