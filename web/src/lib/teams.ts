import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamList } from '@contract/teams';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

export const teamsQueryOptions = queryOptions({
  queryKey: queryKeys.teams,
  queryFn: () => apiJson<TeamList>('GET', '/api/teams'),
});

/**
 * The teams (GET /api/teams): every team for the owner and for a manager who leads none, a manager's own otherwise.
 * The Teams tab manages them; the leaderboard filters by them.
 */
export function useTeams(enabled = true) {
  return useQuery({ ...teamsQueryOptions, enabled });
}
