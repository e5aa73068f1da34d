import { createHmac } from 'node:crypto';
import { parseMoneyToCents } from '../../contract/cents';
import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from '../../contract/org-display';
import { formatMoney } from '../../contract/money-format';
import { chatText, teamsText } from './outbound-text';
import { chatMessages } from '../../contract/chat/messages';
import { resolveLanguage } from '../../contract/languages';
import { translator } from './translate';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookEventType, type WebhookFormat } from '../../contract/webhooks';

/** What a delivery says: an event as an owner reads it on the live stream, or the test event. */
export interface WebhookMessage {
  event: string;
  eventId: number | null;
  createdAt: Date;
  data: Record<string, unknown>;
}

/** Writes text people typed (names, titles) for one chat format: chatText for Slack, teamsText for Teams. */
type Escape = (text: string) => string;

/** How money is written: the organisation's currency and locale (docs/decisions/0068). */
type MoneySettings = Pick<OrgDisplaySettings, 'currency' | 'locale'>;

/** The chat catalog's words in the organisation's language, numbers written as its locale writes them. */
type ChatWords = ReturnType<typeof translator<keyof typeof chatMessages.en>>;

function writeMoney(value: unknown, settings: MoneySettings, t: ChatWords): string {
  return typeof value === 'string' && parseMoneyToCents(value) !== null ? formatMoney(value, settings) : t('anAmount');
}

/** An activity's value: a count as a number, money in the organisation's currency. */
function activityValue(value: unknown, settings: MoneySettings, t: ChatWords): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return writeMoney(value, settings, t);
}

/** One detail of a message: a label of ours and a value (a Teams card shows it as a fact). */
interface Detail {
  title: string;
  value: string;
}

/**
 * What a chat message says of an event, the same words in every chat format, text people typed already escaped for
 * the format. Slack writes one line, `emoji headline tail`; a Teams card shows the headline as its title and the
 * details below it (what the tail says is among them).
 */
interface Wording {
  /** Slack's emoji shortcode; '' for none. */
  emoji: string;
  headline: string;
  /** The rest of Slack's line (": 45 of 50"), '' when the headline says it all. */
  tail: string;
  details: Detail[];
}

/** A channel is the team's: its messages are in the organisation's language (docs/product.md §12.22). */
const chatWords = (settings: MoneySettings): ChatWords =>
  translator(chatMessages, resolveLanguage({ orgLocale: settings.locale }), settings.locale);

function wording(message: WebhookMessage, settings: MoneySettings, escape: Escape): Wording {
  const t = chatWords(settings);
  /** Text from the event as the format shows it: never a mention, a link or formatting (outbound-text.ts). */
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? escape(value) : fallback);
  /** A detail from the event, left out when the event lacks it. */
  const fact = (title: string, value: unknown): Detail[] => (typeof value === 'string' && value !== '' ? [{ title, value: escape(value) }] : []);
  const words = (emoji: string, headline: string, details: Detail[], tail = ''): Wording => ({ emoji, headline, tail, details });
  const tail = (said: string) => t('tail', { text: said });
  const money = (value: unknown) => writeMoney(value, settings, t);
  const count = (value: unknown) => activityValue(value, settings, t);
  const d = message.data;
  const agent = text(d.agentName, t('agentNumber', { id: String(d.agentId ?? '?') }));
  const agentDetail = { title: t('detailAgent'), value: agent };
  switch (message.event) {
    case 'entry.created': {
      const details = [agentDetail, { title: t('detailAmount'), value: money(d.amount) }];
      return d.transactionType === 'deduction'
        ? words(':heavy_minus_sign:', t('deduction', { agent, amount: money(d.amount) }), details)
        : words(':moneybag:', t('recorded', { agent, amount: money(d.amount) }), details);
    }
    case 'entry.voided':
      return words(':wastebasket:', t('entryVoided', { agent, amount: money(d.amount) }), [agentDetail, { title: t('detailAmount'), value: money(d.amount) }]);
    case 'tier.reached':
      return words(':trophy:', t('tierReached', { agent, tier: text(d.tierName, t('nextTier')) }), [agentDetail, ...fact(t('detailTier'), d.tierName)]);
    case 'claim.created': {
      const reward = text(d.rewardTitle, t('aReward'));
      return words(
        ':gift:',
        t('claimCreated', { agent, tier: text(d.tierName, '') }),
        [agentDetail, ...fact(t('detailTier'), d.tierName), { title: t('detailReward'), value: reward }],
        tail(reward),
      );
    }
    case 'claim.updated': {
      const status = typeof d.status === 'string' && d.status !== '' ? t('claimStatus', { status: escape(d.status) }) : t('updated');
      return words(':package:', t('claimUpdated', { agent, tier: text(d.tierName, ''), status }), [
        agentDetail,
        ...fact(t('detailTier'), d.tierName),
        ...(typeof d.status === 'string' && d.status !== '' ? [{ title: t('detailStatus'), value: status }] : []),
      ]);
    }
    case 'agent.created':
      return d.status === 'pending'
        ? words(':wave:', t('registeredWaiting', { agent }), [agentDetail, { title: t('detailStatus'), value: t('waitingApproval') }])
        : words(':wave:', t('joined', { agent }), [agentDetail]);
    case 'agent.deleted':
      return words('', t('agentDeleted', { id: String(d.agentId ?? '?') }), []);
    case 'tier.updated':
      return words(':gear:', t('tierChanged', { tier: text(d.tierName, '') }), fact(t('detailTier'), d.tierName));
    case 'activity.created':
    case 'activity.voided': {
      const metric = text(d.metricName, t('anActivity'));
      const details = [agentDetail, ...fact(t('detailMetric'), d.metricName), { title: t('detailValue'), value: count(d.value) }];
      return message.event === 'activity.created'
        ? words(':chart_with_upwards_trend:', t('activityRecorded', { agent, value: count(d.value), metric }), details)
        : words(':wastebasket:', t('activityVoided', { agent, value: count(d.value), metric }), details);
    }
    case 'goal.reached': {
      const holder = text(d.holderName, t('aGoalHolder'));
      const goal = t('goalName', { period: String(d.period), metric: text(d.metricName, t('metric')) });
      const progress = t('progress', { actual: count(d.actual), target: count(d.target) });
      const details = [
        { title: t('detailFor'), value: holder },
        { title: t('detailGoal'), value: goal },
        { title: t('detailProgress'), value: progress },
      ];
      return Number(d.threshold) >= 100
        ? words(':dart:', t('goalReached', { holder, goal }), details, tail(progress))
        : words(':dart:', t('goalAt', { holder, threshold: String(d.threshold), goal }), details, tail(progress));
    }
    case 'badge.awarded': {
      const detail = text(d.detail, '');
      return words(
        ':medal:',
        t('badgeEarned', { agent, badge: text(d.name, t('aBadge')) }),
        [agentDetail, ...fact(t('detailBadge'), d.name), ...fact(t('detailEarnedFor'), d.detail)],
        tail(detail),
      );
    }
    case 'contest.started': {
      const runs = t('runs', { startsAt: text(d.startsAt, ''), endsAt: text(d.endsAt, '') });
      return words(
        ':checkered_flag:',
        t('contestBegins', { name: text(d.name, t('aContest')), metric: text(d.metricName, t('aMetric')) }),
        [...fact(t('detailContest'), d.name), ...fact(t('detailMetric'), d.metricName), { title: t('detailRuns'), value: runs }],
        t('runsTail', { runs }),
      );
    }
    case 'contest.ended': {
      const finalAt = text(d.finalAt, t('gracePeriodEnd'));
      return words(
        ':stopwatch:',
        t('contestEnded', { name: text(d.name, t('aContest')) }),
        [...fact(t('detailContest'), d.name), { title: t('detailFinalAt'), value: finalAt }],
        t('finalTail', { finalAt }),
      );
    }
    case 'contest.final': {
      const podium = Array.isArray(d.podium) ? (d.podium as { rank?: unknown; name?: unknown; value?: unknown }[]) : [];
      const places = podium.map((place) => ({ rank: String(place.rank), entry: t('podiumEntry', { name: text(place.name, t('aParticipant')), value: count(place.value) }) }));
      return words(
        ':trophy:',
        t('contestFinal', { name: text(d.name, t('aContest')) }),
        [
          ...fact(t('detailContest'), d.name),
          ...(places.length > 0
            ? places.map((place) => ({ title: t('detailPlace', { rank: place.rank }), value: place.entry }))
            : [{ title: t('detailPodium'), value: t('nobodyPlaced') }]),
        ],
        places.length > 0 ? tail(places.map((place) => `${place.rank}. ${place.entry}`).join(', ')) : t('nobodyPlacedTail'),
      );
    }
    case 'data.changed':
      return words('', t('dataChanged'), []);
    case WEBHOOK_TEST_EVENT:
      return words(':white_check_mark:', text(d.message, t('testFallback')), []);
    default:
      return words('', escape(message.event), []);
  }
}

/** The sentence a chat channel shows for a message, its amounts in the organisation's currency. */
export function slackText(message: WebhookMessage, settings: MoneySettings = DEFAULT_ORG_SETTINGS): string {
  const { emoji, headline, tail } = wording(message, settings, chatText);
  return `${emoji ? `${emoji} ` : ''}${headline}${tail}`;
}

/** The Adaptive Card version of the Teams card: one that Teams renders on desktop, web and mobile alike. */
const TEAMS_CARD_VERSION = '1.4';

/**
 * A Microsoft Teams message for a Workflows webhook ("Post to a channel when a webhook request is received", which
 * posts the attached card to its channel): one Adaptive Card, the headline in bold as its title and the details as a
 * FactSet, with the same words as the Slack line. What people typed went through teamsText (outbound-text.ts): Teams
 * renders Markdown in TextBlocks and facts, and no property of either turns it off.
 */
export function teamsCard(message: WebhookMessage, settings: MoneySettings = DEFAULT_ORG_SETTINGS) {
  const { headline, details } = wording(message, settings, teamsText);
  const body: Record<string, unknown>[] = [{ type: 'TextBlock', text: headline, weight: 'Bolder', size: 'Medium', wrap: true }];
  if (details.length > 0) body.push({ type: 'FactSet', facts: details });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: TEAMS_CARD_VERSION, body },
      },
    ],
  };
}

/** The body of a delivery, the same bytes on every attempt (it is stored once). */
export function webhookBody(format: WebhookFormat, message: WebhookMessage, settings: MoneySettings = DEFAULT_ORG_SETTINGS): string {
  if (format === 'slack') return JSON.stringify({ text: slackText(message, settings) });
  if (format === 'teams') return JSON.stringify(teamsCard(message, settings));
  return JSON.stringify({ event: message.event, eventId: message.eventId, createdAt: message.createdAt.toISOString(), data: message.data });
}

/** The test event's message, naming what the webhook will hear about. */
export function testMessage(webhookId: number, events: readonly WebhookEventType[], at: Date): WebhookMessage {
  const list = events.map((type) => WEBHOOK_EVENT_LABELS[type].toLowerCase()).join('; ');
  return {
    event: WEBHOOK_TEST_EVENT,
    eventId: null,
    createdAt: at,
    data: { webhookId, message: `Test message from TierTrack. This webhook hears when: ${list}.` },
  };
}

/**
 * `TierTrack-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (docs/webhooks.md): the time is part of
 * what is signed, so a receiver can refuse an old delivery replayed at it.
 */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The longest wait between two attempts. */
export const WEBHOOK_RETRY_MAX_MS = 60 * 60 * 1000;

/**
 * The wait after failed attempt number `attempts` (1, 2, ...): `baseMs` doubling up to an hour, with a tenth either
 * way of jitter so that many deliveries that failed together do not come back together. `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, baseMs: number, random: number): number {
  const plain = Math.min(baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), WEBHOOK_RETRY_MAX_MS);
  return Math.round(plain * (0.9 + 0.2 * random));
}
