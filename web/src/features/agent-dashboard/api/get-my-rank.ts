import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPeriod, MyRank } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const myRankQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: [...queryKeys.agentRank, period],
    queryFn: () => apiJson<MyRank>('GET', `/api/agents/me/rank?${new URLSearchParams({ period })}`),
  });

/** GET /api/agents/me/rank: the signed-in agent's place on the board of the current period, and its neighbours. */
export function useMyRank(period: LeaderboardPeriod = 'month') {
  return useQuery(myRankQueryOptions(period));
}
