import { goalPeriodAdjective } from '../../contract/goal-periods';
import { createHmac } from 'node:crypto';
import { parseMoneyToCents } from '../../contract/cents';
import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from '../../contract/org-display';
import { formatMoney } from '../../contract/money-format';
import { chatText } from './outbound-text';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookEventType, type WebhookFormat } from '../../contract/webhooks';

/** What a delivery says: an event as an owner reads it on the live stream, or the test event. */
export interface WebhookMessage {
  event: string;
  eventId: number | null;
  createdAt: Date;
  data: Record<string, unknown>;
}

/** Text from the event (names, titles) as a chat shows it: never a mention, a link or formatting (outbound-text.ts). */
function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? chatText(value) : fallback;
}

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

/** The sentence a chat channel shows for a message, its amounts in the organisation's currency. */
export function slackText(message: WebhookMessage, settings: MoneySettings = DEFAULT_ORG_SETTINGS): string {
  const money = (value: unknown) => writeMoney(value, settings);
  const d = message.data;
  const agent = text(d.agentName, `Agent #${String(d.agentId ?? '?')}`);
  switch (message.event) {
    case 'entry.created':
      return d.transactionType === 'deduction'
        ? `:heavy_minus_sign: ${agent}: a deduction of ${money(d.amount)} was recorded`
        : `:moneybag: ${agent} recorded ${money(d.amount)}`;
    case 'entry.voided':
      return `:wastebasket: An entry of ${money(d.amount)} for ${agent} was voided`;
    case 'tier.reached':
      return `:trophy: ${agent} reached the ${text(d.tierName, 'next')} tier!`;
    case 'claim.created':
      return `:gift: ${agent} claimed the ${text(d.tierName, '')} reward: ${text(d.rewardTitle, 'a reward')}`;
    case 'claim.updated':
      return `:package: ${agent}'s ${text(d.tierName, '')} reward claim is now ${text(d.status, 'updated')}`;
    case 'agent.created':
      return d.status === 'pending' ? `:wave: ${agent} registered and is waiting for approval` : `:wave: ${agent} joined the team`;
    case 'agent.deleted':
      return `Agent #${String(d.agentId ?? '?')} was deleted`;
    case 'tier.updated':
      return `:gear: The ${text(d.tierName, '')} tier was changed`;
    case 'activity.created':
      return `:chart_with_upwards_trend: ${agent} recorded ${activityValue(d.value, settings)} (${text(d.metricName, 'an activity')})`;
    case 'activity.voided':
      return `:wastebasket: An activity of ${activityValue(d.value, settings)} (${text(d.metricName, 'an activity')}) for ${agent} was voided`;
    case 'goal.reached': {
      const holder = text(d.holderName, 'A goal holder');
      const goal = `${goalPeriodAdjective(String(d.period))} ${text(d.metricName, 'metric')} goal`.trim();
      return Number(d.threshold) >= 100
        ? `:dart: ${holder} reached the ${goal}: ${activityValue(d.actual, settings)} of ${activityValue(d.target, settings)}`
        : `:dart: ${holder} is at ${String(d.threshold)}% of the ${goal}: ${activityValue(d.actual, settings)} of ${activityValue(d.target, settings)}`;
    }
    case 'badge.awarded':
      return `:medal: ${agent} earned the ${text(d.name, 'a')} badge: ${text(d.detail, '')}`;
    case 'contest.started':
      return `:checkered_flag: The contest ${text(d.name, 'a contest')} (${text(d.metricName, 'a metric')}) begins: it runs from ${text(d.startsAt, '')} to ${text(d.endsAt, '')}`;
    case 'contest.ended':
      return `:stopwatch: The contest ${text(d.name, 'a contest')} has ended: its results are final at ${text(d.finalAt, 'the end of the grace period')}`;
    case 'contest.final': {
      const podium = Array.isArray(d.podium) ? (d.podium as { rank?: unknown; name?: unknown; value?: unknown }[]) : [];
      const places = podium.map((place) => `${String(place.rank)}. ${text(place.name, 'a participant')} (${activityValue(place.value, settings)})`).join(', ');
      return `:trophy: The contest ${text(d.name, 'a contest')} is final${places ? `: ${places}` : ': nobody placed'}`;
    }
    case 'data.changed':
      return 'Much data changed at once (an import or a repair): boards and totals may read differently';
    case WEBHOOK_TEST_EVENT:
      return `:white_check_mark: ${text(d.message, 'A test message from TierTrack')}`;
    default:
      return chatText(message.event);
  }
}

/** The body of a delivery, the same bytes on every attempt (it is stored once). */
export function webhookBody(format: WebhookFormat, message: WebhookMessage, settings: MoneySettings = DEFAULT_ORG_SETTINGS): string {
  if (format === 'slack') return JSON.stringify({ text: slackText(message, settings) });
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
