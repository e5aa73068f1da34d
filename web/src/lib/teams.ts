import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamList } from '@contract/teams';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';
import { userQueryOptions } from './auth';

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

/**
 * The teams the signed-in manager leads, by name (none for the owner, or for a manager who leads no team and so sees
 * every team); undefined until the teams are read. The header and the team filters say whose view it is with them.
 */
export function useLedTeamNames(): string[] | undefined {
  const { data: user } = useQuery(userQueryOptions);
  const teams = useTeams(user?.role === 'manager');
  if (!user) return undefined;
  if (user.role !== 'manager') return [];
  if (!teams.data) return undefined;
  return teams.data.teams.filter((team) => team.managers.some((manager) => manager.id === user.id)).map((team) => team.name);
}
