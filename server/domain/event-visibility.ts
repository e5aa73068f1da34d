import type { EventType } from '../../contract/events';
import { ANONYMOUS_AGENT } from '../../contract/insight';
import { scopeHolds, scopeIsEveryAgent, type TeamScope } from './team-scope';

/** Who reads an event stream (docs/product.md §12.8; decision 0014). */
export type EventReader =
  | { kind: 'staff'; role: 'owner' | 'manager'; userId: number }
  | { kind: 'agent'; agentId: number }
  | { kind: 'tv'; linkId: number; showAmounts: boolean };

/**
 * Whether a reader sees an agent's name in events even when the agent chose not to be shown on public boards
 * (docs/product.md §12.14): owners, managers and the agent itself. Others read "Anonymous agent".
 */
export function seesHiddenName(reader: EventReader, agentId: number): boolean {
  return reader.kind === 'staff' || (reader.kind === 'agent' && reader.agentId === agentId);
}

/**
 * How much of an event a reader gets: `full` is the public and the private part, `public` the public part only,
 * `public-without-amounts` the public part less its amounts; null means the reader does not get the event at all.
 */
export type EventView = 'full' | 'public' | 'public-without-amounts';

/** Events a TV board shows: wins, tiers reached and "the boards changed". */
const TV_TYPES: ReadonlySet<EventType> = new Set([
  'entry.created',
  'entry.voided',
  'tier.reached',
  // A badge earned is celebrated on the TV as a tier reached is (its detail names no amount).
  'badge.awarded',
  'leaderboard.changed',
  'data.changed',
  'settings.changed',
  // Contests on the TV rotation: their course (the podium of contest.final is private).
  'contest.changed',
  'contest.started',
  'contest.standings',
  'contest.ended',
  'contest.final',
]);

/** Events every agent reads the public part of, whoever they are about. */
const PUBLIC_TO_AGENTS: ReadonlySet<EventType> = new Set([
  'leaderboard.changed',
  'tier.updated',
  'data.changed',
  'settings.changed',
  'metric.changed',
  'goal.changed',
  'contest.changed',
  'contest.started',
  'contest.standings',
  'contest.ended',
  'contest.final',
]);

/** Public fields that are amounts of money: a TV link shows them only when it was made with showAmounts. */
export const AMOUNT_FIELDS: readonly string[] = ['amount'];

/**
 * The visibility rules of live events. Owners and managers read everything (events never carry addresses or phone
 * numbers, so a manager's view needs nothing removed); an agent reads its own events, the public part of others'
 * tier.reached and agent.updated, and the events of PUBLIC_TO_AGENTS; a TV link reads the public part of wins, tiers and settings, with amounts only when
 * it allows them.
 */
export function eventViewFor(reader: EventReader, event: { type: EventType; agentId: number | null }): EventView | null {
  switch (reader.kind) {
    case 'staff':
      return 'full';
    case 'agent':
      if (PUBLIC_TO_AGENTS.has(event.type)) return 'public';
      if (event.agentId !== null && event.agentId === reader.agentId) return 'full';
      return event.type === 'tier.reached' || event.type === 'badge.awarded' || event.type === 'agent.updated' ? 'public' : null;
    case 'tv':
      if (!TV_TYPES.has(event.type)) return null;
      return reader.showAmounts ? 'public' : 'public-without-amounts';
  }
}

/**
 * An event about an agent not shown on public boards, as readers other than staff and the agent itself get it: the
 * name is "Anonymous agent" and the id is null, so that no stable identifier follows the agent from event to event or
 * to a board (docs/product.md §12.14; the rank card and TV boards hide it the same way).
 */
export function anonymised(data: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...data };
  if ('agentName' in shown) shown.agentName = ANONYMOUS_AGENT;
  if ('agentId' in shown) shown.agentId = null;
  return shown;
}

const idsIn = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);

/**
 * Whether a manager hears of an event (docs/decisions/0032-teams.md, 0036-scope-and-link-rules.md, 0043): one whose
 * scope holds every agent hears of everything. One who leads teams hears of the agents their scope holds
 * (`agentTeam`: the team of the event's agent, if any; `scopeHolds`, the one predicate of what a scope holds), of
 * events about no agent, and of changes to the teams they lead or led until this change (team.changed names both),
 * never of another team's.
 */
export function managerHears(
  scope: TeamScope,
  userId: number,
  event: { type: EventType; agentId: number | null; private: Record<string, unknown>; public?: Record<string, unknown> },
  agentTeam: number | undefined,
): boolean {
  if (scopeIsEveryAgent(scope)) return true;
  if (event.type === 'team.changed') return idsIn(event.private.managerIds).includes(userId) || idsIn(event.private.formerManagerIds).includes(userId);
  // A team's goal is about no agent but about its team: heard by those who lead it only.
  if (event.agentId === null && event.type.startsWith('goal.')) {
    const teamId = event.private.teamId ?? event.public?.teamId;
    return typeof teamId !== 'number' || scopeHolds(scope, teamId);
  }
  if (event.agentId === null) return true;
  return scopeHolds(scope, agentTeam);
}

/** The data a reader with this view receives of an event. */
export function eventDataFor(
  view: EventView,
  event: { public: Record<string, unknown>; private: Record<string, unknown> },
): Record<string, unknown> {
  if (view === 'full') return { ...event.public, ...event.private };
  if (view === 'public') return event.public;
  return Object.fromEntries(Object.entries(event.public).filter(([key]) => !AMOUNT_FIELDS.includes(key)));
}
