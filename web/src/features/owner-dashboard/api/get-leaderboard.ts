import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardPage } from '@contract/dashboard';
import { apiJson } from '../../../lib/api-client';
import { agentListSearchParams, type AgentsPageParams } from '../../agents/api/get-agents';

export const leaderboardQueryKey = ['/api/owner/leaderboard'] as const;

export const leaderboardPageQueryOptions = (params: AgentsPageParams) =>
  queryOptions({
    queryKey: [...leaderboardQueryKey, agentListSearchParams(params)],
    queryFn: () => apiJson<LeaderboardPage>('GET', `/api/owner/leaderboard?${agentListSearchParams(params)}`),
    placeholderData: keepPreviousData,
  });

/** A page of the monthly leaderboard (the first page comes with the dashboard; this serves the others). */
export function useLeaderboardPage(params: AgentsPageParams, enabled: boolean) {
  return useQuery({ ...leaderboardPageQueryOptions(params), enabled });
}
