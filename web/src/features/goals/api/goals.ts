import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CreateGoalBatchInput, CreateGoalInput, Goal, GoalList, GoalPeriod, GoalSuggestion, TeamSuggestions, UpdateGoalInput } from '@contract/goals';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefreshAfter } from '../../../lib/refresh-map';

export interface GoalFilter {
  metric?: string;
  period?: GoalPeriod;
  teamId?: number;
  agentId?: number;
  pace?: 'behind';
}

/** The query string of a filter, keys in a fixed order (one cache entry per filter). */
export function goalQueryString(filter: GoalFilter): string {
  const params = new URLSearchParams();
  for (const key of ['metric', 'period', 'teamId', 'agentId', 'pace'] as const) {
    const value = filter[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The goals in force now, with their progress (GET /api/goals): staff their scope's, an agent its own and its team's. */
export function useGoals(filter: GoalFilter = {}, enabled = true) {
  const query = goalQueryString(filter);
  return useQuery({
    queryKey: [...queryKeys.goals, query],
    queryFn: () => apiJson<GoalList>('GET', `/api/goals${query}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A suggested target for one agent or team (GET /api/goals/suggestion), read when the form has all it needs. */
export function useGoalSuggestion(input: { metric: string; period: GoalPeriod; agentId?: number; teamId?: number }) {
  const holder = input.agentId !== undefined ? `agentId=${input.agentId}` : input.teamId !== undefined ? `teamId=${input.teamId}` : undefined;
  return useQuery({
    queryKey: [...queryKeys.goals, 'suggestion', input.metric, input.period, holder],
    queryFn: () => apiJson<GoalSuggestion>('GET', `/api/goals/suggestion?metric=${encodeURIComponent(input.metric)}&period=${input.period}&${holder}`),
    enabled: holder !== undefined,
  });
}

/** Suggested targets for every active agent of a team (GET /api/goals/suggestions). */
export function useTeamSuggestions(input: { metric: string; period: GoalPeriod; teamId?: number }) {
  return useQuery({
    queryKey: [...queryKeys.goals, 'suggestions', input.metric, input.period, input.teamId],
    queryFn: () => apiJson<TeamSuggestions>('GET', `/api/goals/suggestions?metric=${encodeURIComponent(input.metric)}&period=${input.period}&teamId=${input.teamId}`),
    enabled: input.teamId !== undefined,
  });
}

/** POST /api/goals, PATCH /api/goals/{id} or DELETE /api/goals/{id}: every goal read is read again. */
export function useSaveGoal() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (change: { create: CreateGoalInput } | { id: number; update: UpdateGoalInput } | { remove: number }) =>
      'create' in change
        ? apiJson<Goal>('POST', '/api/goals', change.create)
        : 'update' in change
          ? apiJson<Goal>('PATCH', `/api/goals/${change.id}`, change.update)
          : apiRequest('DELETE', `/api/goals/${change.remove}`).then(() => undefined),
    onSuccess: () => refreshAfter('goal.changed'),
  });
}

/** POST /api/goals/batch: a team's agents' goals at once, all or none. */
export function useSaveGoalBatch() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateGoalBatchInput) => apiJson<GoalList>('POST', '/api/goals/batch', input),
    onSuccess: () => refreshAfter('goal.changed'),
  });
}
