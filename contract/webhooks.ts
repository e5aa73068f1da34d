import { z } from 'zod';
import { ENTRY_PAGE_SIZE, PAGE_OFFSET_MAX } from './limits';
import { queryInteger } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';

/**
 * Webhooks (docs/product.md §12.9, docs/webhooks.md): the owner registers a URL and the events it wants; each event
 * is POSTed there from a durable outbox, signed with the webhook's secret, retried with backoff for 24 hours.
 *
 * A delivery's body (format "json"): `{"event": type, "eventId": id, "createdAt": ISO, "data": {...}}` with the data
 * an owner reads on the live stream (never addresses or phones). Format "slack": `{"text": "..."}`, a sentence for
 * chat channels (Slack, Mattermost, Rocket.Chat and others that take Slack's incoming-webhook messages). Format
 * "teams": a Microsoft Teams message for a Workflows webhook ("Post to a channel when a webhook request is
 * received"), `{"type": "message", "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive",
 * "contentUrl": null, "content": <an Adaptive Card 1.4>}]}`; the card says what the Slack sentence says, its headline
 * as a bold TextBlock and the details as a FactSet. Names and titles in both chat formats are written so that they
 * never mention, link or format (server/domain/outbound-text.ts).
 * Headers: `TierTrack-Event`, `TierTrack-Delivery` (the delivery id, the same on every attempt: receivers drop
 * repeats by it), `TierTrack-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'entry.created',
  'entry.voided',
  'tier.reached',
  'claim.created',
  'claim.updated',
  'agent.created',
  'agent.deleted',
  'tier.updated',
  'data.changed',
  'activity.created',
  'activity.voided',
  'goal.reached',
  'contest.started',
  'contest.ended',
  'contest.final',
  'badge.awarded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of "Send test event": goes to the webhook whatever events it chose. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'entry.created': 'An income entry is recorded',
  'entry.voided': 'An income entry is voided',
  'tier.reached': 'An agent reaches a tier',
  'claim.created': 'A reward is claimed',
  'claim.updated': 'A reward claim changes status',
  'agent.created': 'An agent is added or registers',
  'agent.deleted': 'An agent is deleted',
  'tier.updated': 'A tier is changed',
  'data.changed': 'Much data changed at once (an import, a repair)',
  'activity.created': 'An activity (a call, a meeting, a deal) is recorded',
  'activity.voided': 'An activity is voided',
  'goal.reached': 'A goal reaches 50%, 90% or 100% of its target',
  'contest.started': 'A contest begins',
  'contest.ended': 'A contest’s window ends (its results freeze after the grace period)',
  'contest.final': 'A contest’s results are final, with its podium',
  'badge.awarded': 'An agent earns a badge',
};

export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;
/** Webhooks an organisation may have at once. */
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The headers of a delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'TierTrack-Signature';
export const WEBHOOK_EVENT_HEADER = 'TierTrack-Event';
export const WEBHOOK_DELIVERY_HEADER = 'TierTrack-Delivery';

const eventsMessage = zodText(text(messages, 'webhookEvents', { events: WEBHOOK_EVENT_TYPES.join(', ') }));
const formatMessage = zodText(text(messages, 'webhookFormat'));
const urlMessage = zodText(text(messages, 'webhookUrl'));

/** POST /api/webhooks (owner). Private, loopback and link-local addresses are refused (unless WEBHOOK_ALLOW_PRIVATE=1). */
export const createWebhookInput = z.strictObject({
  url: z
    .string(urlMessage)
    .trim()
    .min(1, urlMessage)
    .max(WEBHOOK_URL_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'url', max: WEBHOOK_URL_MAX })))
    .refine((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, urlMessage),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, eventsMessage), eventsMessage)
    .min(1, eventsMessage)
    .max(WEBHOOK_EVENT_TYPES.length, eventsMessage)
    .refine((events) => new Set(events).size === events.length, zodText(text(messages, 'webhookEventsNoRepeat'))),
  format: z.enum(WEBHOOK_FORMATS, formatMessage).default('json'),
});
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

/**
 * PATCH /api/webhooks/{id} (owner): its address, events or format; the secret stays (the receiver keeps checking the
 * signatures it knows). Deliveries still pending go to the new address.
 */
export const updateWebhookInput = z
  .strictObject({
    url: createWebhookInput.shape.url.optional(),
    events: createWebhookInput.shape.events.optional(),
    format: z.enum(WEBHOOK_FORMATS, formatMessage).optional(),
  })
  .refine((input) => input.url !== undefined || input.events !== undefined || input.format !== undefined, zodText(text(messages, 'nothingToChangeWebhook')));
export type UpdateWebhookInput = z.input<typeof updateWebhookInput>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * A webhook's circuit breaker (docs/decisions/0033-webhook-isolation.md). `closed`: deliveries go as usual. `open`:
 * the receiver failed WEBHOOK_BREAKER_FAILURES attempts in a row, so its deliveries wait, taking no sending slot,
 * until `openUntil`. `half-open`: the pause is over and one probe attempt at a time goes; its success closes the
 * breaker, its failure opens it again for twice as long (the retry base, doubling up to an hour).
 */
export const WEBHOOK_BREAKER_STATES = ['closed', 'open', 'half-open'] as const;
export type WebhookBreakerState = (typeof WEBHOOK_BREAKER_STATES)[number];
/** Failed attempts in a row that open a webhook's circuit breaker. */
export const WEBHOOK_BREAKER_FAILURES = 5;

export const webhookBreaker = z.object({
  state: z.enum(WEBHOOK_BREAKER_STATES),
  /** Failed attempts in a row (answers other than 2xx, timeouts, refused connections); a success resets it. */
  consecutiveFailures: z.number(),
  /** When the current pause began; null while closed. */
  openedAt: z.string().nullable(),
  /** When the current pause ends and a probe may go (in the past while half-open); null while closed. */
  openUntil: z.string().nullable(),
  /** Pauses in a row without a success (each twice as long as the one before); 0 while closed. */
  pauses: z.number(),
});
export type WebhookBreaker = z.infer<typeof webhookBreaker>;

export const webhook = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  format: z.enum(WEBHOOK_FORMATS),
  createdAt: z.string(),
  /** The newest delivery's status and time, null before the first. */
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string() }).nullable(),
  /** Deliveries waiting for their next attempt. */
  pending: z.number(),
  /** Deliveries that failed for good in the last 24 hours. */
  failedRecently: z.number(),
  breaker: webhookBreaker,
});
export type Webhook = z.infer<typeof webhook>;

/** GET /api/webhooks (owner), oldest first. */
export const webhookList = z.object({ webhooks: z.array(webhook) });
export type WebhookList = z.infer<typeof webhookList>;

/** POST /api/webhooks answer (201): the only time the secret is shown. */
export const createdWebhook = webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

/**
 * How an attempt ended: `sending` while it is under way; `interrupted` when it never ended (the instance making it
 * stopped; the delivery was tried again once its lease was over).
 */
export const WEBHOOK_ATTEMPT_OUTCOMES = ['delivered', 'failed', 'sending', 'interrupted'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];
/** The attempts a delivery keeps in its log (the newest). */
export const WEBHOOK_ATTEMPTS_KEPT = 20;

export const webhookAttempt = z.object({
  /** 1 for the delivery's first attempt. */
  number: z.number(),
  startedAt: z.string(),
  outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
  /** The HTTP status of the answer; null when none came. */
  responseStatus: z.number().nullable(),
  /** Why it failed, in words; null when it delivered or has not ended. */
  error: z.string().nullable(),
  /** Null until it ends. */
  durationMs: z.number().nullable(),
  /** The one attempt the circuit breaker let through to test the receiver after a pause. */
  probe: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.number(),
  /** One of WEBHOOK_EVENT_TYPES, or webhook.test. */
  event: z.string(),
  /** The event's id on the live stream; null for a test event. */
  eventId: z.number().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** Pending deliveries: when the next attempt is due. */
  nextAttemptAt: z.string().nullable(),
  /** The HTTP status of the last attempt's answer; null when none came (refused, timed out, unreachable). */
  responseStatus: z.number().nullable(),
  /** Why the last attempt failed, in words; null after a success. */
  error: z.string().nullable(),
  /** How long the last attempt took. */
  durationMs: z.number().nullable(),
  /** The body sent (the same on every attempt). */
  body: z.string(),
  /** Its attempts, newest first: the newest WEBHOOK_ATTEMPTS_KEPT. */
  attemptLog: z.array(webhookAttempt).max(WEBHOOK_ATTEMPTS_KEPT),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** GET /api/webhooks/{id}/deliveries?offset&limit (owner): newest first; kept 7 days. */
export const webhookDeliveryQuery = z.object({
  offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
  limit: queryInteger('limit', 1, 200, ENTRY_PAGE_SIZE),
});
export const webhookDeliveryPage = z.object({
  deliveries: z.array(webhookDelivery),
  /** The webhook's circuit breaker now. */
  breaker: webhookBreaker,
  /** The offset of the next page; null on the last. */
  nextOffset: z.number().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

/** A private address refused, in the reader's language (WEBHOOK_PRIVATE_REFUSED: the English, as tests compare it). */
export const WEBHOOK_PRIVATE_REFUSED_TEXT = text(messages, 'webhookPrivateRefused');
export const WEBHOOK_PRIVATE_REFUSED = String(WEBHOOK_PRIVATE_REFUSED_TEXT);
