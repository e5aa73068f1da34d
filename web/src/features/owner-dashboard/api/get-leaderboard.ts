import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardBoardPage, LeaderboardMode, LeaderboardParams, LeaderboardPeriod } from '@contract/insight';
import { PROFIT_METRIC } from '@contract/limits';
import { agentListSearchParams, type AgentsPageParams } from '../../../lib/agents-page';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface LeaderboardBoardParams extends AgentsPageParams {
  period: LeaderboardPeriod;
  /** A day of the period to show; the current period when absent. */
  at?: string | undefined;
  mode: LeaderboardMode;
  /** One team's board; every agent the reader may see when absent. */
  team?: number | undefined;
  /** A metric's key; profit when absent. */
  metric?: string | undefined;
}

/** The query string of GET /api/owner/leaderboard: the page and search as GET /api/agents, then the board's period. */
export function leaderboardSearchParams({ period, at, mode, team, metric, ...page }: LeaderboardBoardParams): string {
  const board: LeaderboardParams = { period, mode, ...(at ? { at } : {}), ...(team !== undefined ? { team } : {}), ...(metric && metric !== PROFIT_METRIC ? { metric } : {}) };
  const params = new URLSearchParams(agentListSearchParams(page));
  for (const [name, value] of Object.entries(board)) params.set(name, String(value));
  return params.toString();
}

export const leaderboardQueryOptions = (params: LeaderboardBoardParams) =>
  queryOptions({
    queryKey: [...queryKeys.leaderboard, leaderboardSearchParams(params)],
    queryFn: () => apiJson<LeaderboardBoardPage>('GET', `/api/owner/leaderboard?${leaderboardSearchParams(params)}`),
  });

/**
 * A page of the board of a period (GET /api/owner/leaderboard). While it loads, `placeholder` is shown when given (the
 * dashboard's first page of this month's board), otherwise the page shown before.
 */
export function useLeaderboard(params: LeaderboardBoardParams, placeholder: LeaderboardBoardPage | undefined, enabled = true) {
  return useQuery({
    ...leaderboardQueryOptions(params),
    placeholderData: placeholder ?? keepPreviousData,
    enabled,
  });
}
