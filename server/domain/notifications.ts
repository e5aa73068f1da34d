import { emailMessages } from '../../contract/emails/messages';
import { goalPeriodAdjective } from '../../contract/goal-periods';
import { resolveLanguage, type Language } from '../../contract/languages';
import { translator } from './messages';
import { ordinal } from '../../contract/ordinal';
import { ANONYMOUS_AGENT } from '../../contract/insight';
import type { NotificationKind } from '../../contract/notifications';
import { scopeHolds, scopeIsEveryAgent, type TeamScope } from './team-scope';

/** The event types notifications are made from (notificationTexts). */
export const NOTIFYING_EVENT_TYPES: ReadonlySet<string> = new Set([
  'tier.reached',
  'claim.updated',
  'claim.created',
  'agent.created',
  'goal.reached',
  'goal.behind',
  'contest.started',
  'contest.final',
  'badge.awarded',
]);

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
  /** A team's goal: the team's active agents, who hear of it. */
  teamAgents?: readonly number[];
  /** A contest's start or final: who takes part (active agents, with their teams), and at final each one's place. */
  contest?: ContestAudience;
}

/** The agents a contest's notifications go to, and at final where each finished and what it won. */
export interface ContestAudience {
  participants: readonly { agentId: number; teamId: number | null }[];
  /** An agent's rank at final (its team's, when teams compete); absent: not placed (nothing done). */
  rankOf?: ReadonlyMap<number, number>;
  /** The prizes each agent won. */
  prizesOf?: ReadonlyMap<number, readonly string[]>;
}

/** How a figure of a goal is written: money in the organisation's currency, a count as a number. */
export type FigureWriter = (value: unknown) => string;



/** An owner or manager who may be told, with the agents they read (server/domain/team-scope.ts scopeOfLedTeams). */
export interface StaffRecipient {
  id: number;
  role: 'owner' | 'manager';
  scope: TeamScope;
}

/** The claim steps an agent is told of (contract/emails/messages: claimStatusTitle and claimStatusBody word each). */
const CLAIM_STATUSES_TOLD: ReadonlySet<string> = new Set(['processed', 'shipped', 'delivered', 'rejected']);

type Recipient = NotificationDraft['recipient'];
type EmailWords = ReturnType<typeof translator<keyof typeof emailMessages.en>>;
/** A notification's title or body: written already, or made by the recipient's translator. */
type Words = string | ((t: EmailWords) => string);

/** Who reads in which language (docs/product.md §12.22): each recipient's translator of the email catalog. */
export interface Readers {
  translatorFor(recipient: Recipient): EmailWords;
}

export const ENGLISH_READERS: Readers = { translatorFor: () => translator(emailMessages, 'en', 'en-US') };

/** Readers whose languages are known: a recipient's own choice, else the organisation's language. */
export function readersIn(languages: ReadonlyMap<string, Language>, orgLocale: string): Readers {
  const orgLanguage = resolveLanguage({ orgLocale });
  const made = new Map<Language, EmailWords>();
  return {
    translatorFor(recipient) {
      const language = languages.get(`${recipient.kind}:${recipient.id}`) ?? orgLanguage;
      let t = made.get(language);
      if (!t) made.set(language, (t = translator(emailMessages, language, orgLocale)));
      return t;
    },
  };
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);

/**
 * The notifications an event makes (docs/product.md §12.13): a tier reached and a claim's step for the agent; a new
 * claim for the owners; an agent who registered (not one added by the owner or an import) for owners and managers.
 * Staff are told of an agent only when their scope holds it (`scopeHolds`, as every read): a manager who leads teams
 * hears nothing of a new agent, which is in no team (docs/decisions/0032-teams.md, 0043).
 */
export function notificationTexts(
  event: NotifyingEvent,
  staff: readonly StaffRecipient[],
  figure: FigureWriter = String,
  readers: Readers = ENGLISH_READERS,
): NotificationDraft[] {
  const d = event.data;
  const agentName = text(d.agentName, 'An agent');
  const tierName = text(d.tierName, 'a');
  // Words already made (kinds not in the catalogs yet), or made in each recipient's language.
  const say = (recipient: Recipient, words: Words) => (typeof words === 'string' ? words : words(readers.translatorFor(recipient)));
  const forAgent = (kind: NotificationKind, title: Words, body: Words): NotificationDraft[] => {
    if (event.agentId === null) return [];
    const recipient: Recipient = { kind: 'agent', id: event.agentId };
    return [{ recipient, kind, subjectAgentId: null, eventId: event.id, title: say(recipient, title), body: say(recipient, body) }];
  };
  const forStaff = (roles: ReadonlyArray<'owner' | 'manager'>, kind: NotificationKind, title: Words, body: Words): NotificationDraft[] =>
    staff
      .filter((user) => roles.includes(user.role) && (event.agentId === null || scopeHolds(user.scope, event.agentTeam)))
      .map((user) => {
        const recipient: Recipient = { kind: 'user', id: user.id };
        return { recipient, kind, subjectAgentId: event.agentId, eventId: event.id, title: say(recipient, title), body: say(recipient, body) };
      });
  switch (event.type) {
    case 'tier.reached':
      return [
        ...forAgent('tier_reached', (t) => t('tierReachedTitle', { tier: tierName }), (t) => t('tierReachedBody', { tier: tierName })),
        // The owners, and the managers whose scope holds the agent, hear of it too.
        ...forStaff(
          ['owner', 'manager'],
          'agent_tier_reached',
          (t) => t('agentTierReachedTitle', { agent: agentName, tier: tierName }),
          (t) => t('agentTierReachedBody', { tier: tierName }),
        ),
      ].map((draft) => (typeof d.tierId === 'number' ? { ...draft, tierId: d.tierId } : draft));
    case 'claim.updated': {
      const status = typeof d.status === 'string' ? d.status : '';
      if (!CLAIM_STATUSES_TOLD.has(status)) return [];
      const reward = text(d.rewardTitle, 'your reward');
      return forAgent('claim_status', (t) => t('claimStatusTitle', { tier: tierName, status }), (t) => t('claimStatusBody', { reward, status }));
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
    case 'goal.reached':
    case 'goal.behind':
      return goalNotificationTexts(event, staff, figure);
    case 'contest.started':
    case 'contest.final':
      return contestNotificationTexts(event, staff, figure);
    case 'badge.awarded':
      // The agent itself hears of its badge (its colleagues see it celebrated where tiers are).
      return event.agentId === null
        ? []
        : [{ recipient: { kind: 'agent', id: event.agentId }, kind: 'badge_awarded', subjectAgentId: null, eventId: event.id, title: `You earned the ${text(d.name, 'new')} badge!`, body: text(d.detail, 'Well done.') }];
    default:
      return [];
  }
}

/**
 * A goal's mark (50%, 90%, 100%) or its falling behind pace (docs/decisions/0074-goals.md). Its holder hears of each:
 * the agent, or every active agent of the team. Staff hear of a goal reached (100%) and of one behind: managers who
 * lead the agent's team, of an agent's goal; those whose scope holds the team, of a team's (the owner among them).
 */
function goalNotificationTexts(event: NotifyingEvent, staff: readonly StaffRecipient[], figure: FigureWriter): NotificationDraft[] {
  const d = event.data;
  const teamId = typeof d.teamId === 'number' ? d.teamId : null;
  const isTeam = teamId !== null;
  const holder = text(d.holderName, isTeam ? 'A team' : 'An agent');
  const goalName = `${goalPeriodAdjective(String(d.period))} ${text(d.metricName, 'a metric')} goal`.trim();
  const holders: number[] = isTeam ? [...(event.teamAgents ?? [])] : event.agentId === null ? [] : [event.agentId];
  const toAgents = (kind: NotificationKind, title: string, body: string): NotificationDraft[] =>
    holders.map((id) => ({ recipient: { kind: 'agent', id }, kind, subjectAgentId: null, eventId: event.id, title, body }));
  const toStaff = (kind: NotificationKind, title: string, body: string): NotificationDraft[] =>
    staff
      .filter((user) => (isTeam ? scopeHolds(user.scope, teamId) : user.role === 'manager' && !scopeIsEveryAgent(user.scope) && scopeHolds(user.scope, event.agentTeam)))
      .map((user) => ({ recipient: { kind: 'user', id: user.id }, kind, subjectAgentId: isTeam ? null : event.agentId, eventId: event.id, title, body }));
  const sofar = `${figure(d.actual)} of ${figure(d.target)}`;
  if (event.type === 'goal.reached') {
    const threshold = Number(d.threshold);
    const reached = threshold >= 100;
    const own = isTeam
      ? toAgents('goal_progress', reached ? `Your team reached its ${goalName}!` : `Your team is at ${threshold}% of its ${goalName}`, `${holder}: ${sofar} so far.`)
      : toAgents('goal_progress', reached ? `You reached your ${goalName}!` : `You are at ${threshold}% of your ${goalName}`, `${sofar} so far.`);
    const told = reached ? toStaff('goal_reached', `${holder} reached ${isTeam ? 'its' : 'their'} ${goalName}`, `${sofar}.`) : [];
    return [...own, ...told];
  }
  const pace = `${figure(d.actual)} so far, ${figure(d.expectedByNow)} expected by now, of ${figure(d.target)}.`;
  return [
    ...toAgents('goal_behind', isTeam ? `Your team’s ${goalName} is behind pace` : `Your ${goalName} is behind pace`, pace),
    ...toStaff('goal_behind', `${holder}’s ${goalName} is behind pace`, pace),
  ];
}

/**
 * A contest's start, to each participant; its final (docs/decisions/0077-contests.md), to each participant with its
 * place and prizes, and to the owners and the managers whose teams took part, with the podium.
 */
function contestNotificationTexts(event: NotifyingEvent, staff: readonly StaffRecipient[], figure: FigureWriter): NotificationDraft[] {
  const d = event.data;
  const name = text(d.name, 'A contest');
  const audience = event.contest ?? { participants: [] };
  const toAgent = (agentId: number, kind: NotificationKind, title: string, body: string): NotificationDraft => ({
    recipient: { kind: 'agent', id: agentId },
    kind,
    subjectAgentId: null,
    eventId: event.id,
    title,
    body,
  });
  if (event.type === 'contest.started') {
    const how = d.format === 'race' ? 'The first to reach the target wins' : 'The most by the end wins';
    const body = `${text(d.metricName, 'A metric')}, from ${text(d.startsAt, '?')} to ${text(d.endsAt, '?')}. ${how}.`;
    return audience.participants.map(({ agentId }) => toAgent(agentId, 'contest_started', `The contest ${name} has begun`, body));
  }
  const podium = Array.isArray(d.podium) ? (d.podium as { rank?: unknown; name?: unknown; value?: unknown; publicProfile?: unknown }[]) : [];
  // Agents read the names of those not shown on public boards as "Anonymous agent"; staff read every name.
  const podiumText = (forStaff: boolean) =>
    podium.length === 0
      ? 'Nobody placed.'
      : `${podium
          .map((place) => `${ordinal(Number(place.rank))} ${forStaff || place.publicProfile !== false ? text(place.name, 'a participant') : ANONYMOUS_AGENT} (${figure(place.value)})`)
          .join(', ')}.`;
  const own = audience.participants.map(({ agentId }) => {
    const rank = audience.rankOf?.get(agentId);
    const prizes = audience.prizesOf?.get(agentId) ?? [];
    if (prizes.length > 0) {
      return toAgent(agentId, 'contest_result', `You won ${prizes.join(' and ')} in ${name}!`, `You finished ${ordinal(rank ?? 1)}. ${podiumText(false)}`);
    }
    return toAgent(agentId, 'contest_result', `${name} is final`, rank === undefined ? podiumText(false) : `You finished ${ordinal(rank)}. ${podiumText(false)}`);
  });
  const teams = new Set(audience.participants.map(({ teamId }) => teamId));
  const told = staff
    .filter((user) => user.role === 'owner' || scopeIsEveryAgent(user.scope) || [...teams].some((teamId) => teamId !== null && scopeHolds(user.scope, teamId)))
    .map((user): NotificationDraft => ({ recipient: { kind: 'user', id: user.id }, kind: 'contest_result', subjectAgentId: null, eventId: event.id, title: `${name} is final`, body: podiumText(true) }));
  return [...own, ...told];
}
