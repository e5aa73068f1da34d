/**
 * Live updates (docs/product.md §12.8): the server-sent event stream of GET /api/events and of a TV link.
 * Each message has `id:` (the event's id, for Last-Event-ID), `event:` (one of the types below) and `data:` (JSON).
 * Which fields a reader receives depends on who it is: see docs/decisions/0014-live-events.md. No zod here (the
 * query schema is in event-stream-query.ts): the screens that follow the stream do not load the validator.
 */
export const eventTypes = [
  'entry.created',
  'entry.voided',
  'tier.reached',
  'claim.created',
  'claim.updated',
  'leaderboard.changed',
  'agent.created',
  'agent.deleted',
  'agent.updated',
  'tier.updated',
  'data.changed',
  'notification.created',
  'settings.changed',
  'team.changed',
  'activity.created',
  'activity.voided',
  'metric.changed',
  'goal.changed',
  'goal.reached',
  'goal.behind',
  'contest.changed',
  'contest.started',
  'contest.standings',
  'contest.ended',
  'contest.final',
  'badge.awarded',
] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * Sent instead of a replay when the events after the reader's Last-Event-ID are no longer kept (or the id is not one
 * this server gave): the reader reloads what it shows, then follows the stream as usual.
 */
export const STREAM_RESET = 'stream.reset';

/** An income entry was recorded. Readers who may not see amounts (a TV link without them) get no `amount`. */
export interface EntryCreatedData {
  entryId: number;
  /** null for an agent not shown on public boards, to readers other than staff and the agent itself. */
  agentId: number | null;
  agentName: string;
  amount?: string;
  transactionType: 'addition' | 'deduction';
  /** ISO time the entry counts at. */
  date: string;
  /** Staff and the agent itself only. */
  description?: string | null;
  /** Staff and the agent itself only: the agent's total after this entry. */
  newTotal?: string;
  /** Staff and the agent itself only: ISO time the entry was recorded. */
  createdAt?: string;
}

/** An income entry was voided (docs/product.md §12.11): a reversal entry undoes it. */
export interface EntryVoidedData {
  entryId: number;
  /** null for an agent not shown on public boards, to readers other than staff and the agent itself. */
  agentId: number | null;
  agentName: string;
  /** The voided entry's amount; readers who may not see amounts (a TV link without them) get none. */
  amount?: string;
  /** Staff and the agent itself only: the id of the reversal entry written. */
  reversalEntryId?: number;
  /** Staff and the agent itself only: the agent's total after the void. */
  newTotal?: string;
  /** Staff and the agent itself only: why the entry was voided. */
  reason?: string;
  /** Staff and the agent itself only: who voided it (a user's or an API token's name). */
  voidedBy?: string;
  /** Staff and the agent itself only: the tiers the void took back (none when the agent's peak still reaches them). */
  tiersTakenBack?: Array<{ tierId: number; tierName: string }>;
}

/** An agent's total reached a tier for the first time. Public: every signed-in agent and TV links see it. */
export interface TierReachedData {
  /** null for an agent not shown on public boards, to readers other than staff and the agent itself. */
  agentId: number | null;
  agentName: string;
  tierId: number;
  tierName: string;
  tierColor: string;
  /** Staff and the agent itself only: ISO time the tier was reached. */
  achievedAt?: string;
}

/** A reward was claimed or its claim changed. Never carries contact details (addresses, phones). */
export interface ClaimEventData {
  claimId: number;
  agentId: number;
  agentName: string;
  tierId: number;
  tierName: string;
  rewardTitle: string;
  status: string;
}

/** The monthly and weekly boards may have changed: sent at most once a second, after entries and agent changes. */
export type LeaderboardChangedData = Record<string, never>;

export interface AgentCreatedData {
  agentId: number;
  agentName: string;
  /** Staff and the agent itself only. pending: registered while sign-up needs the owner's approval (staff only see those). */
  status?: 'active' | 'pending';
  /** Staff and the agent itself only: `sign-up` when the agent registered itself (staff are notified of that, not of agents they add). */
  via?: 'sign-up';
}

export interface AgentDeletedData {
  agentId: number;
}

/**
 * A tier's threshold or rewards were changed by the owner: every agent's progress may read differently, and a lowered
 * threshold records achievements (without a tier.reached each). Public; TV links do not get it.
 */
export interface TierUpdatedData {
  tierId: number;
  tierName: string;
}

/**
 * Much changed at once outside the usual writes (a consistency repair, a bulk load): whoever shows anything reads it
 * again. Public, for every reader.
 */
export type DataChangedData = Record<string, never>;

/**
 * New notifications (docs/product.md §12.13): an agent's own event, or, for owners and managers, one naming the users
 * it is for. The bell reads itself again.
 */
export interface NotificationCreatedData {
  userIds?: number[];
}

/**
 * An agent changed its profile (docs/product.md §12.14). Everyone may learn whether it is shown on public boards
 * (boards and rank cards read again); its name and position go to staff and the agent itself.
 */
export interface AgentUpdatedData {
  /** null for an agent not shown on public boards, to readers other than staff and the agent itself. */
  agentId: number | null;
  publicProfile: boolean;
  /** Present when the owner made the agent inactive (false) or active again (true). */
  active?: boolean;
  name?: string;
  position?: string;
}

/**
 * A team was made, changed or deleted, or lost agents to another team (staff only): its whole membership as it now is
 * (none when deleted), so that each reader's team scope follows it. A manager who leads teams hears only of the teams
 * they lead, or led until this change (`formerManagerIds`).
 */
export interface TeamChangedData {
  teamId: number;
  name: string;
  deleted: boolean;
  managerIds: number[];
  agentIds: number[];
  formerManagerIds: number[];
}

/**
 * The owner changed the organisation's name, currency or locale: every screen, and every TV board, writes money and
 * dates the new way. Public, for every reader.
 */
export interface SettingsChangedData {
  orgName: string;
  currency: string;
  locale: string;
}

/** An activity was recorded on a metric (docs/decisions/0072-metrics-and-activities.md). Staff and the agent itself only. */
export interface ActivityCreatedData {
  activityId: number;
  agentId: number;
  agentName: string;
  /** The metric's key and name. */
  metric: string;
  metricName: string;
  /** A whole number for a count, a string with two decimals for money. */
  value: number | string;
  /** ISO time the activity counts at. */
  date: string;
  note: string | null;
  /** Recorded by the agent itself. */
  selfReported: boolean;
  /** ISO time the activity was recorded. */
  createdAt: string;
}

/** An activity was voided: a reversal with the opposite value undoes it. Staff and the agent itself only. */
export interface ActivityVoidedData {
  activityId: number;
  agentId: number;
  agentName: string;
  metric: string;
  metricName: string;
  value: number | string;
  reversalActivityId: number;
  reason: string;
  voidedBy: string;
}

/** The owner made or changed a metric: pickers and boards read the metrics again. Public, for every signed-in reader. */
export interface MetricChangedData {
  metric: string;
  name: string;
  active: boolean;
}

/**
 * A goal was set, changed or removed (docs/decisions/0074-goals.md): screens showing goals read them again. Every
 * signed-in reader gets its id; staff and the agent it is for also whose it is.
 */
export interface GoalChangedData {
  goalId: number;
  /** Staff and the agent itself only. */
  agentId?: number | null;
  teamId?: number | null;
  deleted?: boolean;
}

/**
 * A contest was made, changed, published, cancelled or deleted (docs/decisions/0077-contests.md): screens showing
 * contests read them again. Every signed-in reader gets its id; staff also whether it was deleted.
 */
export interface ContestChangedData {
  contestId: number;
  /** Staff only. */
  deleted?: boolean;
}

/** What every event of a contest's course names: the contest, its name and metric (public to every signed-in reader). */
interface ContestEventBase {
  contestId: number;
  name: string;
  metric: string;
  metricName: string;
}

/** A published contest's window began (told once, by the notifier). Webhooks and notifications to participants. */
export interface ContestStartedData extends ContestEventBase {
  /** The window's first and last local days. */
  startsAt: string;
  endsAt: string;
  format: 'total' | 'race';
  showOnTv: boolean;
}

/** A running contest's standings moved: screens read them again. At most one a second per contest. */
export interface ContestStandingsData {
  contestId: number;
  /** A race was just won: the winner's name ("Anonymous agent" for an agent not shown on public boards); else null. */
  raceWonBy: string | null;
}

/** A contest's window ended: the standings still move until `finalAt` (the grace period), then they freeze. */
export interface ContestEndedData extends ContestEventBase {
  /** ISO time the results freeze. */
  finalAt: string;
}

/** One place of a final contest's results, as contest.final tells it. */
export interface ContestWinner {
  rank: number;
  /** An agent's id, or a team's when teams compete. */
  id: number | null;
  name: string;
  value: number | string;
  /** Shown on public boards (a team always is): other agents read "Anonymous agent" otherwise. */
  publicProfile: boolean;
}

/** A contest's results froze: its podium and the prizes awarded. */
export interface ContestFinalData extends ContestEventBase {
  /** The first three places (ties share a rank: there may be more rows). Staff, webhooks and notifications only. */
  podium?: ContestWinner[];
  /** How many prizes were awarded. Staff only. */
  prizesAwarded?: number;
}

/** An agent earned a badge (docs/decisions/0078-achievements.md): celebrated like a tier, public as a tier reached is. */
export interface BadgeAwardedData {
  /** null for an agent not shown on public boards, to readers other than staff and the agent itself. */
  agentId: number | null;
  agentName: string;
  /** The agent's badge, its rule, kind and name. */
  badgeId: number;
  ruleId: number;
  kind: string;
  name: string;
  /** What earned it, in words. */
  detail: string;
}

/** What every event about a goal's progress names: the goal, whose it is, its metric and period. */
interface GoalEventBase {
  goalId: number;
  /** The agent's goal (teamId null) or the team's (agentId null), and the holder's name. */
  agentId: number | null;
  teamId: number | null;
  holderName: string;
  metric: string;
  metricName: string;
  period: 'week' | 'month' | 'quarter';
  /** The period's first day. */
  periodStart: string;
  /** A number for a count, text with two decimals for money. */
  actual: number | string;
  target: number | string;
}

/**
 * A goal reached 50%, 90% or 100% of its target in a period, once each (docs/decisions/0074-goals.md). Staff and, for
 * an agent's goal, the agent itself; webhooks get it too.
 */
export interface GoalReachedData extends GoalEventBase {
  threshold: 50 | 90 | 100;
}

/** A goal fell behind pace (below 90% of what is expected by now), told at most once a week. Staff and the agent itself. */
export interface GoalBehindData extends GoalEventBase {
  expectedByNow: number | string;
}

export interface EventDataByType {
  'entry.created': EntryCreatedData;
  'entry.voided': EntryVoidedData;
  'tier.reached': TierReachedData;
  'claim.created': ClaimEventData;
  'claim.updated': ClaimEventData;
  'leaderboard.changed': LeaderboardChangedData;
  'agent.created': AgentCreatedData;
  'agent.deleted': AgentDeletedData;
  'agent.updated': AgentUpdatedData;
  'tier.updated': TierUpdatedData;
  'data.changed': DataChangedData;
  'notification.created': NotificationCreatedData;
  'settings.changed': SettingsChangedData;
  'team.changed': TeamChangedData;
  'activity.created': ActivityCreatedData;
  'activity.voided': ActivityVoidedData;
  'metric.changed': MetricChangedData;
  'goal.changed': GoalChangedData;
  'goal.reached': GoalReachedData;
  'goal.behind': GoalBehindData;
  'contest.changed': ContestChangedData;
  'contest.started': ContestStartedData;
  'contest.standings': ContestStandingsData;
  'contest.ended': ContestEndedData;
  'contest.final': ContestFinalData;
  'badge.awarded': BadgeAwardedData;
}

/** One message of an event stream as a client reads it. */
export type LiveEvent = { [T in EventType]: { id: number; type: T; data: EventDataByType[T] } }[EventType];

export { EVENT_CURSOR_HEADER } from './limits';

/** How many streams one person (or one TV link) may keep open at once. */
export const MAX_STREAMS_PER_IDENTITY = 10;
