import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPage } from '@contract/dashboard';
import { agentListSearchParams, type AgentsPageParams } from '../../../lib/agents-page';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const leaderboardPageQueryOptions = (params: AgentsPageParams) =>
  queryOptions({
    queryKey: [...queryKeys.leaderboard, agentListSearchParams(params)],
    queryFn: () => apiJson<LeaderboardPage>('GET', `/api/owner/leaderboard?${agentListSearchParams(params)}`),
    placeholderData: keepPreviousData,
  });

/** A page of the monthly leaderboard (the first page comes with the dashboard; this serves the others). */
export function useLeaderboardPage(params: AgentsPageParams, enabled: boolean) {
  return useQuery({ ...leaderboardPageQueryOptions(params), enabled });
}
