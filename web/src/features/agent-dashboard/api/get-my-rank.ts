import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPeriod, MyRank } from '@contract/insight';
import { PROFIT_METRIC } from '@contract/limits';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const myRankQueryOptions = (period: LeaderboardPeriod, metric: string = PROFIT_METRIC) =>
  queryOptions({
    queryKey: [...queryKeys.agentRank, period, metric],
    queryFn: () => apiJson<MyRank>('GET', `/api/agents/me/rank?${new URLSearchParams({ period, ...(metric !== PROFIT_METRIC ? { metric } : {}) })}`),
  });

/**
 * GET /api/agents/me/rank: the signed-in agent's place on the board of the current period by a metric (profit by
 * default), and its neighbours. The place shown stays while another metric's loads.
 */
export function useMyRank(period: LeaderboardPeriod = 'month', metric: string = PROFIT_METRIC) {
  return useQuery({ ...myRankQueryOptions(period, metric), placeholderData: keepPreviousData });
}
