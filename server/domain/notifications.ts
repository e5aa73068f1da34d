import { emailMessages } from '../../contract/emails/messages';
import { resolveLanguage, type Language } from '../../contract/languages';
import { translator } from './translate';
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
  const agentName = (t: EmailWords) => text(d.agentName, t('someAgent'));
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
          (t) => t('agentTierReachedTitle', { agent: agentName(t), tier: tierName }),
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
      return forStaff(
        ['owner'],
        'claim_created',
        (t) => t('claimCreatedTitle', { agent: agentName(t), tier: tierName }),
        (t) => t('claimCreatedBody', { reward: text(d.rewardTitle, t('someReward')) }),
      );
    case 'agent.created':
      if (d.via !== 'sign-up') return [];
      return forStaff(
        ['owner', 'manager'],
        'agent_registered',
        (t) => t('agentRegisteredTitle', { agent: agentName(t) }),
        (t) => (d.status === 'pending' ? t('agentRegisteredPending') : t('agentRegisteredActive')),
      );
    case 'goal.reached':
    case 'goal.behind':
      return goalNotificationTexts(event, staff, figure, readers);
    case 'contest.started':
    case 'contest.final':
      return contestNotificationTexts(event, staff, figure, readers);
    case 'badge.awarded':
      // The agent itself hears of its badge (its colleagues see it celebrated where tiers are).
      return forAgent(
        'badge_awarded',
        (t) => t('badgeTitle', { badge: text(d.name, 'new') }),
        (t) => text(d.detail, t('badgeBody')),
      );
    default:
      return [];
  }
}

/**
 * A goal's mark (50%, 90%, 100%) or its falling behind pace (docs/decisions/0074-goals.md). Its holder hears of each:
 * the agent, or every active agent of the team. Staff hear of a goal reached (100%) and of one behind: managers who
 * lead the agent's team, of an agent's goal; those whose scope holds the team, of a team's (the owner among them).
 */
function goalNotificationTexts(event: NotifyingEvent, staff: readonly StaffRecipient[], figure: FigureWriter, readers: Readers): NotificationDraft[] {
  const d = event.data;
  const teamId = typeof d.teamId === 'number' ? d.teamId : null;
  const isTeam = teamId !== null;
  const holder = (t: EmailWords) => text(d.holderName, isTeam ? t('someTeam') : t('someAgent'));
  const goal = (t: EmailWords) => t('goalName', { period: String(d.period), metric: text(d.metricName, t('someMetric')) });
  const holders: number[] = isTeam ? [...(event.teamAgents ?? [])] : event.agentId === null ? [] : [event.agentId];
  const draft = (recipient: Recipient, kind: NotificationKind, subjectAgentId: number | null, title: Words, body: Words): NotificationDraft => {
    const t = readers.translatorFor(recipient);
    return { recipient, kind, subjectAgentId, eventId: event.id, title: title(t), body: body(t) };
  };
  type Words = (t: EmailWords) => string;
  const toAgents = (kind: NotificationKind, title: Words, body: Words): NotificationDraft[] =>
    holders.map((id) => draft({ kind: 'agent', id }, kind, null, title, body));
  const toStaff = (kind: NotificationKind, title: Words, body: Words): NotificationDraft[] =>
    staff
      .filter((user) => (isTeam ? scopeHolds(user.scope, teamId) : user.role === 'manager' && !scopeIsEveryAgent(user.scope) && scopeHolds(user.scope, event.agentTeam)))
      .map((user) => draft({ kind: 'user', id: user.id }, kind, isTeam ? null : event.agentId, title, body));
  const soFar = (t: EmailWords) => t('goalSoFar', { actual: figure(d.actual), target: figure(d.target) });
  if (event.type === 'goal.reached') {
    const threshold = Number(d.threshold);
    const reached = threshold >= 100;
    const own = isTeam
      ? toAgents(
          'goal_progress',
          (t) => (reached ? t('teamGoalReached', { goal: goal(t) }) : t('teamGoalAt', { threshold, goal: goal(t) })),
          (t) => t('teamGoalBody', { holder: holder(t), soFar: soFar(t) }),
        )
      : toAgents(
          'goal_progress',
          (t) => (reached ? t('ownGoalReached', { goal: goal(t) }) : t('ownGoalAt', { threshold, goal: goal(t) })),
          (t) => t('ownGoalBody', { soFar: soFar(t) }),
        );
    const told = reached
      ? toStaff(
          'goal_reached',
          (t) => t('staffGoalReached', { holder: holder(t), team: isTeam ? 'yes' : 'no', goal: goal(t) }),
          (t) => t('staffGoalBody', { soFar: soFar(t) }),
        )
      : [];
    return [...own, ...told];
  }
  const pace = (t: EmailWords) => t('goalPace', { actual: figure(d.actual), expected: figure(d.expectedByNow), target: figure(d.target) });
  return [
    ...toAgents('goal_behind', (t) => (isTeam ? t('teamGoalBehind', { goal: goal(t) }) : t('ownGoalBehind', { goal: goal(t) })), pace),
    ...toStaff('goal_behind', (t) => t('staffGoalBehind', { holder: holder(t), goal: goal(t) }), pace),
  ];
}

/**
 * A contest's start, to each participant; its final (docs/decisions/0077-contests.md), to each participant with its
 * place and prizes, and to the owners and the managers whose teams took part, with the podium.
 */
function contestNotificationTexts(event: NotifyingEvent, staff: readonly StaffRecipient[], figure: FigureWriter, readers: Readers): NotificationDraft[] {
  const d = event.data;
  const name = (t: EmailWords) => text(d.name, t('someContest'));
  const audience = event.contest ?? { participants: [] };
  const draft = (recipient: Recipient, kind: NotificationKind, title: string, body: string): NotificationDraft => ({
    recipient,
    kind,
    subjectAgentId: null,
    eventId: event.id,
    title,
    body,
  });
  const place = (t: EmailWords, rank: number) => t('place', { rank, digits: String(rank) });
  if (event.type === 'contest.started') {
    return audience.participants.map(({ agentId }) => {
      const recipient: Recipient = { kind: 'agent', id: agentId };
      const t = readers.translatorFor(recipient);
      const body = t('contestStartedBody', {
        metric: text(d.metricName, t('someMetric')),
        startsAt: text(d.startsAt, '?'),
        endsAt: text(d.endsAt, '?'),
        format: d.format === 'race' ? 'race' : 'total',
      });
      return draft(recipient, 'contest_started', t('contestStartedTitle', { name: name(t) }), body);
    });
  }
  const podium = Array.isArray(d.podium) ? (d.podium as { rank?: unknown; name?: unknown; value?: unknown; publicProfile?: unknown }[]) : [];
  // Agents read the names of those not shown on public boards as "Anonymous agent"; staff read every name.
  const podiumText = (t: EmailWords, forStaff: boolean) =>
    podium.length === 0
      ? t('nobodyPlaced')
      : t('podium', {
          places: podium
            .map((shown) =>
              t('podiumPlace', {
                place: place(t, Number(shown.rank)),
                name: forStaff || shown.publicProfile !== false ? text(shown.name, t('someParticipant')) : t('anonymousAgent'),
                figure: figure(shown.value),
              }),
            )
            .join(', '),
        });
  const own = audience.participants.map(({ agentId }) => {
    const recipient: Recipient = { kind: 'agent', id: agentId };
    const t = readers.translatorFor(recipient);
    const rank = audience.rankOf?.get(agentId);
    const prizes = audience.prizesOf?.get(agentId) ?? [];
    if (prizes.length > 0) {
      return draft(recipient, 'contest_result', t('contestWonTitle', { prizes: t.list(prizes), name: name(t) }), t('contestFinishedBody', { place: place(t, rank ?? 1), podium: podiumText(t, false) }));
    }
    const body = rank === undefined ? podiumText(t, false) : t('contestFinishedBody', { place: place(t, rank), podium: podiumText(t, false) });
    return draft(recipient, 'contest_result', t('contestFinalTitle', { name: name(t) }), body);
  });
  const teams = new Set(audience.participants.map(({ teamId }) => teamId));
  const told = staff
    .filter((user) => user.role === 'owner' || scopeIsEveryAgent(user.scope) || [...teams].some((teamId) => teamId !== null && scopeHolds(user.scope, teamId)))
    .map((user): NotificationDraft => {
      const recipient: Recipient = { kind: 'user', id: user.id };
      const t = readers.translatorFor(recipient);
      return draft(recipient, 'contest_result', t('contestFinalTitle', { name: name(t) }), podiumText(t, true));
    });
  return [...own, ...told];
}
