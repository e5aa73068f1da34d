import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EventType } from '@contract/events';
import { queryKeys } from './query-keys';

/**
 * The one map of what a change makes stale (issue 32): for each kind of change, the cached reads that show it. The
 * live stream (lib/live-updates.ts) refreshes them when another person's change arrives as an event; a mutation
 * refreshes them when this tab made the change (`useRefreshAfter`), naming the event kind(s) its request causes.
 * A screen that shows something new adds its read here once, and every way of learning of the change follows.
 */

export type QueryKeyName = keyof typeof queryKeys;

/**
 * Changes the server makes without an event on the stream (the person who makes them is the only one shown them): only
 * the mutation refreshes them. Named like the events: what changed, then how.
 */
export const localChangeKinds = [
  'apiToken.changed',
  'tvLink.changed',
  'webhook.changed',
  'webhook.deliveryQueued',
  'rewardOption.changed',
  'user.changed',
  'signUp.changed',
  'session.changed',
  'notification.read',
  'twoFactor.disabled',
  'twoFactor.enabled',
  'badgeRule.changed',
  'sso.changed',
] as const;
export type LocalChangeKind = (typeof localChangeKinds)[number];

/** An event kind of the stream (contract/events.ts), or a change only the web app's own mutation knows of. */
export type ChangeKind = EventType | LocalChangeKind;

/** The reads a change makes stale, by how far each reaches. Each name is a key of lib/query-keys.ts. */
export interface Reads {
  /** For every reader: the key and every read under it (pages, searches, ids). */
  all?: readonly QueryKeyName[];
  /** Followed by the agent's id: only that agent's read when the change names the agent, else every agent's. */
  agent?: readonly QueryKeyName[];
  /** Followed by the id of the thing changed (a tier's reward options, a webhook's log): only its read. */
  item?: readonly QueryKeyName[];
  /**
   * The signed-in agent's own reads: refreshed for the agent the change is about, not on other agents' public events
   * (and always after a mutation: whoever made the change reads what it changed).
   */
  own?: readonly QueryKeyName[];
}

/** What a change names: the agent it is about (null when hidden from this reader), the id of the thing changed. */
export interface ChangeAbout {
  agentId?: number | null;
  id?: number;
}

const everyRead = Object.keys(queryKeys) as QueryKeyName[];

/** The signed-in agent's reward progress: its tiers, the rewards it may pick, its claims. */
const ownRewardReads: QueryKeyName[] = ['agentTierData', 'agentRewards', 'agentClaims'];

/** What an agent's income moves: the boards, the agents list, the overview's charts (docs/product.md §12.14), the entries. */
const incomeReads: QueryKeyName[] = ['ownerDashboard', 'leaderboard', 'teamBoard', 'agents', 'ownerTrends', 'ownerTierDistribution', 'incomeEntries'];

export const refreshMap: Record<ChangeKind, Reads> = {
  'entry.created': { all: [...incomeReads, 'goals'], agent: ['agentDetail', 'agentHistory'], own: ['agentTierData', 'agentEntries', 'agentRank', 'agentMyHistory'] },
  'entry.voided': { all: [...incomeReads, 'goals'], agent: ['agentDetail', 'agentHistory'], own: ['agentTierData', 'agentEntries', 'agentRank', 'agentMyHistory'] },
  'tier.reached': { all: ['ownerDashboard', 'agents', 'ownerTierDistribution'], agent: ['agentDetail'], own: ownRewardReads },
  'claim.created': { all: ['rewardClaims'], agent: ['agentDetail'], own: ownRewardReads },
  // A claim processed, shipped, delivered or rejected: a prize's claim shows where it stands too. (Claimed: the prize
  // claim's own mutation reads the prizes again.)
  'claim.updated': { all: ['rewardClaims'], agent: ['agentDetail'], own: [...ownRewardReads, 'prizes'] },
  // The overview's first leaderboard page comes with the dashboard's read; an agent's place moves with the board.
  'leaderboard.changed': { all: ['leaderboard', 'teamBoard', 'ownerDashboard', 'agentRank'] },
  // Also an approved sign-up: the agent is active from now on.
  'agent.created': { all: ['agents', 'ownerDashboard', 'leaderboard', 'ownerTierDistribution'] },
  'agent.deleted': { all: ['agents', 'ownerDashboard', 'leaderboard', 'teamBoard', 'rewardClaims', 'ownerTrends', 'ownerTierDistribution', 'incomeEntries'], agent: ['agentDetail', 'agentHistory'] },
  // A name, a position, whether the agent is shown on public boards, or active: every list that names agents, and the
  // agent's own session and profile.
  'agent.updated': {
    all: ['agents', 'ownerDashboard', 'leaderboard', 'agentRank', 'rewardClaims', 'incomeEntries'],
    agent: ['agentDetail'],
    own: ['agentSession', 'agentProfile', 'agentTierData'],
  },
  // Thresholds move every agent's progress; a lowered one records achievements.
  'tier.updated': { all: ['tierSettings', 'ownerDashboard', 'agents', 'agentTierData', 'agentRewards', 'ownerTierDistribution', 'agentDetail'] },
  // Much changed at once (a consistency repair, a bulk load): everything shown is read again.
  'data.changed': { all: everyRead },
  // The notifier made notifications for this reader (agents get only their own; staff events name their users).
  'notification.created': { all: ['notifications'] },
  // The figures stay; how they are written changes (lib/org-settings.ts applies the new settings).
  'settings.changed': { all: ['organisationSettings', 'appInfo', 'goals'] },
  // Who is in which team: the teams, the team board, and what a manager who leads teams may read.
  'team.changed': { all: ['teams', ...incomeReads, 'agentDetail', 'agentHistory', 'goals'] },
  // An activity moves its metric's boards (a board's query names its metric), the activity lists, and the agent's
  // history by its metric.
  'activity.created': { all: ['activities', 'leaderboard', 'teamBoard', 'agentRank', 'goals', 'ownerTrends'], agent: ['agentHistory'], own: ['agentMyHistory'] },
  'activity.voided': { all: ['activities', 'leaderboard', 'teamBoard', 'agentRank', 'goals', 'ownerTrends'], agent: ['agentHistory'], own: ['agentMyHistory'] },
  // A metric made, renamed, opened to agents or made inactive: the pickers and lists that name metrics.
  'metric.changed': { all: ['metrics', 'goals'] },
  // Goals set, changed or removed, and the marks and pace their holders hear of.
  'goal.changed': { all: ['goals'] },
  'goal.reached': { all: ['goals'] },
  'goal.behind': { all: ['goals'] },
  // A contest made, changed, published, cancelled or deleted (docs/decisions/0077): the contests, each, their standings.
  'contest.changed': { all: ['contests'] },
  // Its course (docs/decisions/0077): started, standings moved (at most once a second), ended, final.
  'contest.started': { all: ['contests'] },
  'contest.standings': { all: ['contests'] },
  'contest.ended': { all: ['contests'] },
  // Final: the results froze and the prizes were awarded.
  'contest.final': { all: ['contests', 'prizes'] },
  // A badge earned (docs/decisions/0078): its screens come with the badges' own key.
  'badge.awarded': { all: ['badges'] },

  'apiToken.changed': { all: ['apiTokens'] },
  'tvLink.changed': { all: ['tvLinks'] },
  'webhook.changed': { all: ['webhooks'] },
  // A test event or a resend: the list's last delivery, and the webhook's log.
  'webhook.deliveryQueued': { all: ['webhooks'], item: ['webhookDeliveries'] },
  'rewardOption.changed': { item: ['tierRewardOptions'] },
  // Owner and manager accounts: made, deleted, their second factor reset.
  'user.changed': { all: ['users'] },
  // The sign-up mode (the registration pages read it from app-info) and the invitations.
  'signUp.changed': { all: ['signUpSettings', 'appInfo'] },
  // Devices signed out, or a password changed (which signs the other devices out).
  'session.changed': { all: ['deviceSessions'] },
  'notification.read': { all: ['notifications'] },
  'twoFactor.disabled': { all: ['user'] },
  // The user's status changes (and a manager held to setting it up is free again): every read may answer now.
  'twoFactor.enabled': { all: everyRead },
  // A badge rule made, renamed or switched on or off (the owner's Badges tab): the rules, and what agents can earn.
  'badgeRule.changed': { all: ['badges'] },
  // Company sign-in set up, changed or removed (the owner's Settings): the settings, and what the sign-in pages offer.
  'sso.changed': { all: ['ssoSettings', 'ssoStatus'] },
};

/**
 * The query keys that `kinds` make stale, each once. `withOwn`: whether the agent's own reads count (the reader is the
 * agent the change is about, or made the change).
 */
export function readsChangedBy(kinds: ChangeKind | readonly ChangeKind[], about: ChangeAbout = {}, withOwn = true): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  const scoped = (name: QueryKeyName, id: number | null | undefined) => (id == null ? queryKeys[name] : [...queryKeys[name], id]);
  for (const kind of typeof kinds === 'string' ? [kinds] : kinds) {
    const reads = refreshMap[kind];
    for (const name of reads.all ?? []) add(queryKeys[name]);
    for (const name of reads.agent ?? []) add(scoped(name, about.agentId));
    for (const name of reads.item ?? []) add(scoped(name, about.id));
    if (withOwn) for (const name of reads.own ?? []) add(queryKeys[name]);
  }
  // A key under one already listed is refreshed by it.
  const all = [...keys.values()];
  return all.filter((key) => !all.some((other) => other !== key && other.length < key.length && other.every((part, i) => part === key[i])));
}

/** Marks stale what `kinds` changed; resolves once the reads on screen came back. */
export async function refreshAfter(queryClient: QueryClient, kinds: ChangeKind | readonly ChangeKind[], about?: ChangeAbout): Promise<void> {
  await Promise.all(readsChangedBy(kinds, about).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * For a mutation's onSuccess: `refreshAfter('entry.created')` reads again what the request changed, named by the event
 * kind(s) it causes (or the local change kind when the server sends none). The returned promise keeps the mutation
 * pending until the screens show the change.
 */
export function useRefreshAfter() {
  const queryClient = useQueryClient();
  return useCallback((kinds: ChangeKind | readonly ChangeKind[], about?: ChangeAbout) => refreshAfter(queryClient, kinds, about), [queryClient]);
}
