import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contest, ContestList, ContestPrizeList, ContestStandings, CreateContestInput, PrizeClaimInput, UpdateContestInput } from '@contract/contests';
import type { ClaimCreated } from '@contract/rewards';
import { apiJson, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefreshAfter } from '../../../lib/refresh-map';

/**
 * Contests (docs/decisions/0077-contests.md): every read under the `contests` key, so that the live stream's contest
 * events (lib/refresh-map.ts) refresh the list and each contest's standings alike.
 */

/** GET /api/contests: staff the contests of their scope, an agent the published ones it takes part in; latest window first. */
export function useContests(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.contests, ''],
    queryFn: () => apiJson<ContestList>('GET', '/api/contests'),
    select: (list) => list.contests,
    enabled,
  });
}

export const standingsQueryKey = (contestId: number) => [...queryKeys.contests, contestId, 'standings'] as const;

/** GET /api/contests/{id}/standings: ranks, figures, gaps, a race's percent of its target (final: the frozen results). */
export function useContestStandings(contestId: number, enabled = true) {
  return useQuery({
    queryKey: standingsQueryKey(contestId),
    queryFn: () => apiJson<ContestStandings>('GET', `/api/contests/${contestId}/standings`),
    // A refresh keeps the standings on screen: rows do not blink as figures move.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type ContestChange =
  | { create: CreateContestInput }
  | { id: number; update: UpdateContestInput }
  | { cancel: number }
  | { remove: number };

/** POST /api/contests, PATCH /api/contests/{id}, POST .../cancel or DELETE: every contest read is read again. */
export function useSaveContest() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (change: ContestChange): Promise<Contest | undefined> =>
      'create' in change
        ? apiJson<Contest>('POST', '/api/contests', change.create)
        : 'update' in change
          ? apiJson<Contest>('PATCH', `/api/contests/${change.id}`, change.update)
          : 'cancel' in change
            ? apiJson<Contest>('POST', `/api/contests/${change.cancel}/cancel`)
            : apiRequest('DELETE', `/api/contests/${change.remove}`).then(() => undefined),
    onSuccess: () => refreshAfter('contest.changed'),
  });
}

/** GET /api/agents/me/prizes: what final contests awarded the signed-in agent, newest first, with each claim. */
export function useMyPrizes() {
  return useQuery({
    queryKey: queryKeys.prizes,
    queryFn: () => apiJson<ContestPrizeList>('GET', '/api/agents/me/prizes'),
    select: (list) => list.prizes,
  });
}

/** POST /api/agents/me/prizes/{id}/claim: the prize becomes a reward claim; the prizes and claims are read again. */
export function useClaimPrize() {
  const refreshAfter = useRefreshAfter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prizeId, details }: { prizeId: number; details: PrizeClaimInput }) => apiJson<ClaimCreated>('POST', `/api/agents/me/prizes/${prizeId}/claim`, details),
    // Also after a refusal: the prize may have been claimed meanwhile. The claims as claim.created names them, and the
    // prizes (each shows its claim's status).
    onSettled: () => Promise.all([refreshAfter('claim.created'), queryClient.invalidateQueries({ queryKey: queryKeys.prizes })]),
  });
}
