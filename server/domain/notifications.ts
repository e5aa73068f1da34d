import type { NotificationKind } from '../../contract/notifications';
import { scopeHolds, type TeamScope } from './team-scope';

/** The event types notifications are made from (notificationTexts). */
export const NOTIFYING_EVENT_TYPES: ReadonlySet<string> = new Set(['tier.reached', 'claim.updated', 'claim.created', 'agent.created']);

/** A notification to make: for whom, of what kind, about which agent (erased with it), and its words. */
export interface NotificationDraft {
  recipient: { kind: 'agent' | 'user'; id: number };
  kind: NotificationKind;
  subjectAgentId: number | null;
  eventId: number;
  title: string;
  body: string;
  /** A tier reached: its id, so that the email can say the tier's threshold in the organisation's currency. */
  tierId?: number;
}

export interface NotifyingEvent {
  id: number;
  type: string;
  agentId: number | null;
  /** The event's public and private data together. */
  data: Record<string, unknown>;
  /** The team of the event's agent when notified (null: in none, or no agent): whose scope holds it. */
  agentTeam: number | null;
}

/** An owner or manager who may be told, with the agents they read (server/domain/team-scope.ts scopeOfLedTeams). */
export interface StaffRecipient {
  id: number;
  role: 'owner' | 'manager';
  scope: TeamScope;
}

const STATUS_WORDS: Record<string, string> = {
  processed: 'is being processed',
  shipped: 'has shipped',
  delivered: 'has been delivered',
  rejected: 'was rejected',
};

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

/**
 * The notifications an event makes (docs/product.md §12.13): a tier reached and a claim's step for the agent; a new
 * claim for the owners; an agent who registered (not one added by the owner or an import) for owners and managers.
 * Staff are told of an agent only when their scope holds it (`scopeHolds`, as every read): a manager who leads teams
 * hears nothing of a new agent, which is in no team (docs/decisions/0032-teams.md, 0043).
 */
export function notificationTexts(event: NotifyingEvent, staff: readonly StaffRecipient[]): NotificationDraft[] {
  const d = event.data;
  const agentName = text(d.agentName, 'An agent');
  const tierName = text(d.tierName, 'a');
  const forAgent = (kind: NotificationKind, title: string, body: string): NotificationDraft[] =>
    event.agentId === null ? [] : [{ recipient: { kind: 'agent', id: event.agentId }, kind, subjectAgentId: null, eventId: event.id, title, body }];
  const forStaff = (roles: ReadonlyArray<'owner' | 'manager'>, kind: NotificationKind, title: string, body: string): NotificationDraft[] =>
    staff
      .filter((user) => roles.includes(user.role) && (event.agentId === null || scopeHolds(user.scope, event.agentTeam)))
      .map((user) => ({ recipient: { kind: 'user', id: user.id }, kind, subjectAgentId: event.agentId, eventId: event.id, title, body }));
  switch (event.type) {
    case 'tier.reached':
      return forAgent('tier_reached', `You reached ${tierName}!`, `Your total reached the ${tierName} tier. Claim its reward on your tier dashboard.`).map((draft) =>
        typeof d.tierId === 'number' ? { ...draft, tierId: d.tierId } : draft,
      );
    case 'claim.updated': {
      const status = typeof d.status === 'string' ? d.status : '';
      const words = STATUS_WORDS[status];
      if (!words) return [];
      const reward = text(d.rewardTitle, 'your reward');
      const body = status === 'rejected' ? `Your claim of “${reward}” ${words}. See the reason on your tier dashboard; you may claim again.` : `Your claim of “${reward}” ${words}.`;
      return forAgent('claim_status', `Your ${tierName} reward ${words}`, body);
    }
    case 'claim.created':
      return forStaff(['owner'], 'claim_created', `${agentName} claimed the ${tierName} reward`, `“${text(d.rewardTitle, 'A reward')}” is waiting in Reward Claims.`);
    case 'agent.created':
      if (d.via !== 'sign-up') return [];
      return forStaff(
        ['owner', 'manager'],
        'agent_registered',
        `${agentName} registered`,
        d.status === 'pending' ? 'Their account waits for the owner’s approval in Agents.' : 'They can sign in now.',
      );
    default:
      return [];
  }
}
