import { useMutation, useQuery } from '@tanstack/react-query';
import type { AgentBadgeList, BadgeCredential, BadgeRule, BadgeRuleList, CreateBadgeRuleInput, UpdateBadgeRuleInput } from '@contract/badges';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefreshAfter } from '../../../lib/refresh-map';

/**
 * Achievements (docs/decisions/0078-achievements.md): every read under the `badges` key, so that badge.awarded on the
 * live stream (lib/refresh-map.ts) refreshes the rules' counts, an agent's badges and the signed-in agent's alike.
 */

/** GET /api/badges: staff every rule with how many hold it; an agent the active rules (what it can earn). */
export function useBadgeRules() {
  return useQuery({
    queryKey: [...queryKeys.badges, 'rules'],
    queryFn: () => apiJson<BadgeRuleList>('GET', '/api/badges'),
    select: (list) => list.badges,
  });
}

/** GET /api/agents/{id}/badges (staff): the badges the agent holds, newest first. */
export function useAgentBadges(agentId: number) {
  return useQuery({
    queryKey: [...queryKeys.badges, 'agent', agentId],
    queryFn: () => apiJson<AgentBadgeList>('GET', `/api/agents/${agentId}/badges`),
    select: (list) => list.badges,
  });
}

/** GET /api/agents/me/badges (the signed-in agent): its badges, newest first. */
export function useMyBadges() {
  return useQuery({
    queryKey: [...queryKeys.badges, 'me'],
    queryFn: () => apiJson<AgentBadgeList>('GET', '/api/agents/me/badges'),
    select: (list) => list.badges,
  });
}

export type BadgeRuleChange = { create: CreateBadgeRuleInput } | { id: number; update: UpdateBadgeRuleInput };

/** POST /api/badges or PATCH /api/badges/{id} (owner): the rules are read again. */
export function useSaveBadgeRule() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (change: BadgeRuleChange) =>
      'create' in change ? apiJson<BadgeRule>('POST', '/api/badges', change.create) : apiJson<BadgeRule>('PATCH', `/api/badges/${change.id}`, change.update),
    onSuccess: () => refreshAfter('badgeRule.changed'),
  });
}

/** GET /api/agents/me/badges/{id}/credential: the badge as an Open Badges 3.0 credential (a VC-JWT). Read when asked for, never kept. */
export function useBadgeCredential() {
  return useMutation({
    mutationFn: (badgeId: number) => apiJson<BadgeCredential>('GET', `/api/agents/me/badges/${badgeId}/credential`),
  });
}
