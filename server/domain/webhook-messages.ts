import { goalPeriodAdjective } from '../../contract/goal-periods';
import { createHmac } from 'node:crypto';
import { parseMoneyToCents } from '../../contract/cents';
import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from '../../contract/org-display';
import { formatMoney } from '../../contract/money-format';
import { chatText, teamsText } from './outbound-text';
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

function writeMoney(value: unknown, settings: MoneySettings): string {
  return typeof value === 'string' && parseMoneyToCents(value) !== null ? formatMoney(value, settings) : 'an amount';
}

/** An activity's value: a count as a number, money in the organisation's currency. */
function activityValue(value: unknown, settings: MoneySettings): string {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return writeMoney(value, settings);
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

function wording(message: WebhookMessage, settings: MoneySettings, escape: Escape): Wording {
  /** Text from the event as the format shows it: never a mention, a link or formatting (outbound-text.ts). */
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? escape(value) : fallback);
  /** A detail from the event, left out when the event lacks it. */
  const fact = (title: string, value: unknown): Detail[] => (typeof value === 'string' && value !== '' ? [{ title, value: escape(value) }] : []);
  const words = (emoji: string, headline: string, details: Detail[], tail = ''): Wording => ({ emoji, headline, tail, details });
  const money = (value: unknown) => writeMoney(value, settings);
  const count = (value: unknown) => activityValue(value, settings);
  const d = message.data;
  const agent = text(d.agentName, `Agent #${String(d.agentId ?? '?')}`);
  const agentDetail = { title: 'Agent', value: agent };
  switch (message.event) {
    case 'entry.created': {
      const details = [agentDetail, { title: 'Amount', value: money(d.amount) }];
      return d.transactionType === 'deduction'
        ? words(':heavy_minus_sign:', `${agent}: a deduction of ${money(d.amount)} was recorded`, details)
        : words(':moneybag:', `${agent} recorded ${money(d.amount)}`, details);
    }
    case 'entry.voided':
      return words(':wastebasket:', `An entry of ${money(d.amount)} for ${agent} was voided`, [agentDetail, { title: 'Amount', value: money(d.amount) }]);
    case 'tier.reached':
      return words(':trophy:', `${agent} reached the ${text(d.tierName, 'next')} tier!`, [agentDetail, ...fact('Tier', d.tierName)]);
    case 'claim.created': {
      const reward = text(d.rewardTitle, 'a reward');
      return words(
        ':gift:',
        `${agent} claimed the ${text(d.tierName, '')} reward`,
        [agentDetail, ...fact('Tier', d.tierName), { title: 'Reward', value: reward }],
        `: ${reward}`,
      );
    }
    case 'claim.updated':
      return words(':package:', `${agent}'s ${text(d.tierName, '')} reward claim is now ${text(d.status, 'updated')}`, [
        agentDetail,
        ...fact('Tier', d.tierName),
        ...fact('Status', d.status),
      ]);
    case 'agent.created':
      return d.status === 'pending'
        ? words(':wave:', `${agent} registered and is waiting for approval`, [agentDetail, { title: 'Status', value: 'Waiting for approval' }])
        : words(':wave:', `${agent} joined the team`, [agentDetail]);
    case 'agent.deleted':
      return words('', `Agent #${String(d.agentId ?? '?')} was deleted`, []);
    case 'tier.updated':
      return words(':gear:', `The ${text(d.tierName, '')} tier was changed`, fact('Tier', d.tierName));
    case 'activity.created':
    case 'activity.voided': {
      const metric = text(d.metricName, 'an activity');
      const details = [agentDetail, ...fact('Metric', d.metricName), { title: 'Value', value: count(d.value) }];
      return message.event === 'activity.created'
        ? words(':chart_with_upwards_trend:', `${agent} recorded ${count(d.value)} (${metric})`, details)
        : words(':wastebasket:', `An activity of ${count(d.value)} (${metric}) for ${agent} was voided`, details);
    }
    case 'goal.reached': {
      const holder = text(d.holderName, 'A goal holder');
      const goal = `${goalPeriodAdjective(String(d.period))} ${text(d.metricName, 'metric')} goal`.trim();
      const progress = `${count(d.actual)} of ${count(d.target)}`;
      const details = [
        { title: 'For', value: holder },
        { title: 'Goal', value: goal },
        { title: 'Progress', value: progress },
      ];
      return Number(d.threshold) >= 100
        ? words(':dart:', `${holder} reached the ${goal}`, details, `: ${progress}`)
        : words(':dart:', `${holder} is at ${String(d.threshold)}% of the ${goal}`, details, `: ${progress}`);
    }
    case 'badge.awarded': {
      const detail = text(d.detail, '');
      return words(
        ':medal:',
        `${agent} earned the ${text(d.name, 'a')} badge`,
        [agentDetail, ...fact('Badge', d.name), ...fact('Earned for', d.detail)],
        `: ${detail}`,
      );
    }
    case 'contest.started': {
      const runs = `from ${text(d.startsAt, '')} to ${text(d.endsAt, '')}`;
      return words(
        ':checkered_flag:',
        `The contest ${text(d.name, 'a contest')} (${text(d.metricName, 'a metric')}) begins`,
        [...fact('Contest', d.name), ...fact('Metric', d.metricName), { title: 'Runs', value: runs }],
        `: it runs ${runs}`,
      );
    }
    case 'contest.ended': {
      const finalAt = text(d.finalAt, 'the end of the grace period');
      return words(
        ':stopwatch:',
        `The contest ${text(d.name, 'a contest')} has ended`,
        [...fact('Contest', d.name), { title: 'Final at', value: finalAt }],
        `: its results are final at ${finalAt}`,
      );
    }
    case 'contest.final': {
      const podium = Array.isArray(d.podium) ? (d.podium as { rank?: unknown; name?: unknown; value?: unknown }[]) : [];
      const places = podium.map((place) => ({ rank: String(place.rank), entry: `${text(place.name, 'a participant')} (${count(place.value)})` }));
      return words(
        ':trophy:',
        `The contest ${text(d.name, 'a contest')} is final`,
        [
          ...fact('Contest', d.name),
          ...(places.length > 0 ? places.map((place) => ({ title: `Place ${place.rank}`, value: place.entry })) : [{ title: 'Podium', value: 'Nobody placed' }]),
        ],
        places.length > 0 ? `: ${places.map((place) => `${place.rank}. ${place.entry}`).join(', ')}` : ': nobody placed',
      );
    }
    case 'data.changed':
      return words('', 'Much data changed at once (an import or a repair): boards and totals may read differently', []);
    case WEBHOOK_TEST_EVENT:
      return words(':white_check_mark:', text(d.message, 'A test message from TierTrack'), []);
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
