import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LeaderboardPeriod } from '@contract/insight';
import { PROFIT_METRIC } from '@contract/limits';
import type { CreateTeamParams, Team, TeamBoard, UpdateTeamParams } from '@contract/teams';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** The team-against-team board of the current period of `period`, on a metric (profit by default; GET /api/teams/leaderboard). */
export function useTeamBoard(period: LeaderboardPeriod, metric: string = PROFIT_METRIC) {
  return useQuery({
    queryKey: [...queryKeys.teamBoard, period, metric],
    queryFn: () => apiJson<TeamBoard>('GET', `/api/teams/leaderboard?period=${period}${metric === PROFIT_METRIC ? '' : `&metric=${encodeURIComponent(metric)}`}`),
    placeholderData: keepPreviousData,
  });
}

/** A team change moves the teams, their board, and every read a manager's team scope covers (lib/refresh-map.ts). */
function useTeamMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: request,
    onSuccess: () => refreshAfter('team.changed'),
  });
}

/** POST /api/teams, or PATCH /api/teams/{id} when `id` is given (owner). */
export function useSaveTeam() {
  return useTeamMutation(({ id, ...input }: (CreateTeamParams | UpdateTeamParams) & { id?: number }) =>
    id === undefined ? apiJson<Team>('POST', '/api/teams', input) : apiJson<Team>('PATCH', `/api/teams/${id}`, input),
  );
}

/**
 * DELETE /api/teams/{id} (owner): its agents stay, in no team. The callbacks are the hook's own: the team's card is
 * gone once the list is read again, and callbacks given to `mutate` would not run then.
 */
export function useDeleteTeam({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/teams/${id}`),
    onSuccess: async () => {
      await refreshAfter('team.changed');
      onSuccess?.();
    },
    onError,
  });
}
