import { createHmac, timingSafeEqual } from 'node:crypto';
import { GENERIC_SIGNATURE_HEADER, GENERIC_SIGNATURE_WINDOW_MS } from '../../../contract/connectors';
import { decimalAmount, instantOf } from './amount';
import type { ConnectorSettings, DealUpdate, InboundRequest, ParsedDelivery, VerifiedRequest } from './types';

/** The most deals one generic delivery may carry, as HubSpot's and Salesforce's batches. */
export const GENERIC_DEALS_MAX = 100;
/** A deal id longer than this is no CRM's: refused rather than kept in every log line and external id. */
export const GENERIC_DEAL_ID_MAX = 200;

const refuse = (message: string): VerifiedRequest => ({ ok: false, statusCode: 401, message });
const minutes = GENERIC_SIGNATURE_WINDOW_MS / 60_000;

/**
 * Checks `TierTrack-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the way our own webhooks
 * sign (webhook-messages.ts): several v1 values may be given (a sender rotating its secret) and any match passes; a
 * timestamp more than GENERIC_SIGNATURE_WINDOW_MS from now either way is refused, so a captured delivery cannot be
 * replayed later.
 */
export function verifyGeneric(request: InboundRequest, secret: string): VerifiedRequest {
  const header = request.headers[GENERIC_SIGNATURE_HEADER];
  if (header === undefined || header.trim() === '') return refuse('Missing TierTrack-Signature header');
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const timestamp = pairs.find(([key]) => key === 't')?.[1];
  const signatures = pairs.filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/i.test(value)).map(([, value]) => value ?? '');
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return refuse('TierTrack-Signature must be t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">');
  }
  const age = request.now - Number(timestamp) * 1000;
  if (age > GENERIC_SIGNATURE_WINDOW_MS) return refuse(`The TierTrack-Signature timestamp is older than ${minutes} minutes: a replay, or the sender's clock is slow`);
  if (-age > GENERIC_SIGNATURE_WINDOW_MS) return refuse(`The TierTrack-Signature timestamp is more than ${minutes} minutes ahead: the sender's clock is fast`);

  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.rawBody}`).digest();
  // Every value is compared, in constant time, whatever matched before it.
  const matched = signatures.map((signature) => timingSafeEqual(expected, Buffer.from(signature, 'hex'))).includes(true);
  return matched ? { ok: true } : refuse("The TierTrack-Signature does not match: check the connector's secret");
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads our generic body: one deal, or `{"deals": [...]}` with at most GENERIC_DEALS_MAX of them. A deal is
 * `{"id": "D-1" | 17, "amount": "1500.00" | 1500, "won": true, "owner": {"email": "ann@example.com"} | {"id": "u7"},
 *   "occurredAt": "2026-11-03T14:22:05Z", "closedAt"?: "2026-11-03" | date-time, "deleted"?: true}`.
 * `id` and `occurredAt` are required; a field left out is not told (the last value told stays), `null` says the deal
 * has none. The amount is read from the connector's amountField (default "amount"). Won: with the connector's stage
 * "true" the `won` boolean decides, otherwise a `stage` text equal to the connector's stage means won. The owner is
 * matched by `owner.email` (lower-cased) or `owner.id`, as the connector matches agents. A wrong field refuses the
 * whole delivery (400), naming the deal and the field, so the sender sees its mistake at once.
 */
export function parseGeneric(rawBody: string, settings: ConnectorSettings): ParsedDelivery {
  const bad = (message: string): ParsedDelivery => ({ ok: false, statusCode: 400, message });
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return bad('The body must be JSON: one deal object, or {"deals": [...]}');
  }
  if (!isObject(body)) return bad('The body must be one deal object, or {"deals": [...]}');
  if (!('deals' in body)) {
    const deal = readDeal(body, '', settings);
    return typeof deal === 'string' ? bad(deal) : { ok: true, updates: [deal], notes: [] };
  }
  if (!Array.isArray(body.deals)) return bad('deals must be an array of deal objects');
  if (body.deals.length > GENERIC_DEALS_MAX) return bad(`deals holds ${body.deals.length} deals: at most ${GENERIC_DEALS_MAX} a delivery`);
  const updates: DealUpdate[] = [];
  for (const [index, deal] of body.deals.entries()) {
    const update = isObject(deal) ? readDeal(deal, `deals[${index}].`, settings) : `deals[${index}] must be a deal object`;
    if (typeof update === 'string') return bad(update);
    updates.push(update);
  }
  return { ok: true, updates, notes: [] };
}

/** One deal as a DealUpdate, or what is wrong with it (its path prefixed). */
function readDeal(deal: Fields, path: string, settings: ConnectorSettings): DealUpdate | string {
  const { id, occurredAt } = deal;
  if (!((typeof id === 'string' && id.trim() !== '') || Number.isSafeInteger(id))) return `${path}id must be a non-empty string or a whole number`;
  if (typeof id === 'string' && id.trim().length > GENERIC_DEAL_ID_MAX) return `${path}id must be at most ${GENERIC_DEAL_ID_MAX} characters`;
  const instant = typeof occurredAt === 'string' && /^\d{4}-\d{2}-\d{2}[T ]/i.test(occurredAt) ? instantOf(occurredAt) : null;
  if (instant === null) return `${path}occurredAt must be an ISO 8601 date-time`;
  const update: DealUpdate = { dealId: String(id).trim(), occurredAt: instant };

  if (settings.amountField in deal) {
    const amount = decimalAmount(deal[settings.amountField]);
    if (amount === 'invalid') return `${path}${settings.amountField} must be a number or a decimal string such as "1500.00", at most 1,000,000,000`;
    update.amount = amount;
  }

  if (settings.stage === 'true') {
    if ('won' in deal && typeof deal.won !== 'boolean') return `${path}won must be true or false`;
    if (typeof deal.won === 'boolean') update.won = deal.won;
  } else if ('stage' in deal) {
    if (typeof deal.stage !== 'string') return `${path}stage must be text`;
    update.won = deal.stage === settings.stage;
  }

  if ('owner' in deal) {
    const owner = readOwner(deal.owner, settings);
    if (owner === undefined) {
      return settings.agentBy === 'email'
        ? `${path}owner must be {"email": "..."} (this connector matches agents by email), or null`
        : `${path}owner must be {"id": "..."} (this connector matches agents by CRM user id), or null`;
    }
    update.ownerKey = owner;
  }

  if ('closedAt' in deal) {
    const closedAt = deal.closedAt === null ? null : instantOf(typeof deal.closedAt === 'string' ? deal.closedAt : undefined);
    if (closedAt === null && deal.closedAt !== null) return `${path}closedAt must be an ISO 8601 date or date-time`;
    update.closedAt = closedAt;
  }

  if ('deleted' in deal) {
    if (typeof deal.deleted !== 'boolean') return `${path}deleted must be true or false`;
    update.deleted = deal.deleted;
  }
  return update;
}

/** The owner's key as the connector matches agents, null for no owner, undefined when the owner is not readable. */
function readOwner(owner: unknown, settings: ConnectorSettings): string | null | undefined {
  if (owner === null) return null;
  if (!isObject(owner)) return undefined;
  if (settings.agentBy === 'email') {
    return typeof owner.email === 'string' && /^[^\s@]+@[^\s@]+$/.test(owner.email.trim()) ? owner.email.trim().toLowerCase() : undefined;
  }
  if (typeof owner.id === 'string' && owner.id.trim() !== '') return owner.id.trim();
  return Number.isSafeInteger(owner.id) ? String(owner.id) : undefined;
}
