import { createHmac, timingSafeEqual } from 'node:crypto';
import { HUBSPOT_SIGNATURE_HEADER, HUBSPOT_SIGNATURE_WINDOW_MS, HUBSPOT_TIMESTAMP_HEADER } from '../../../contract/connectors';
import { decimalAmount, instantOf } from './amount';
import type { ConnectorSettings, DealUpdate, InboundRequest, ParsedDelivery, VerifiedRequest } from './types';

/**
 * The most events one HubSpot delivery may carry. HubSpot batches at most 100; ten times that is accepted so that a
 * change on their side does not lose deals, and the body size limit (CONNECTOR_BODY_MAX_BYTES) still bounds the work.
 */
export const HUBSPOT_EVENTS_MAX = 1000;

/** HubSpot's object type id for deals, as the generic "object.*" events name it (0-1 contacts, 0-2 companies). */
const DEAL_OBJECT_TYPE = '0-3';

const refuse = (message: string): VerifiedRequest => ({ ok: false, statusCode: 401, message });
const minutes = HUBSPOT_SIGNATURE_WINDOW_MS / 60_000;

// HubSpot, "Validating requests", v3 signature: "In the request URI, decode any of the URL-encoded characters listed
// in the table below" — %3A : %2F / %3F ? %40 @ %21 ! %24 $ %27 ' %28 ( %29 ) %2A * %2C , %3B ; — and nothing else
// (a %20 stays as it is). Hex digits are case-insensitive in percent-encoding (RFC 3986 §2.1), so %3a is %3A.
// https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation
const SIGNED_URI_ENCODINGS = /%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi;

/** The request URI as HubSpot signs it: the full URL with the characters of HubSpot's table decoded. */
export function hubspotSignedUri(url: string): string {
  return url.replace(SIGNED_URI_ENCODINGS, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * HubSpot's v3 request validation: `X-HubSpot-Signature-v3` is the base64 HMAC-SHA256, keyed with the app's client
 * secret, of method + URI + raw body + `X-HubSpot-Request-Timestamp` (milliseconds). HubSpot says to reject a
 * timestamp older than 5 minutes (a replay); one as far in the future is refused too, since nothing honest sends it.
 */
export function verifyHubspot(request: InboundRequest, clientSecret: string): VerifiedRequest {
  const signature = request.headers[HUBSPOT_SIGNATURE_HEADER];
  const timestamp = request.headers[HUBSPOT_TIMESTAMP_HEADER];
  if (!signature || !timestamp) return refuse('Missing X-HubSpot-Signature-v3 or X-HubSpot-Request-Timestamp');
  if (!/^\d{1,16}$/.test(timestamp)) return refuse('X-HubSpot-Request-Timestamp must be milliseconds since 1970');
  const age = request.now - Number(timestamp);
  if (age > HUBSPOT_SIGNATURE_WINDOW_MS) return refuse(`The X-HubSpot-Request-Timestamp is older than ${minutes} minutes: HubSpot's rule against replays`);
  if (-age > HUBSPOT_SIGNATURE_WINDOW_MS) return refuse(`The X-HubSpot-Request-Timestamp is more than ${minutes} minutes ahead of our clock`);

  const expected = createHmac('sha256', clientSecret)
    .update(`${request.method}${hubspotSignedUri(request.url)}${request.rawBody}${timestamp}`, 'utf8')
    .digest();
  // 32 bytes are 44 base64 characters ending in one "="; anything else cannot match (and Buffer.from would skip junk).
  const given = /^[A-Za-z0-9+/]{43}=$/.test(signature) ? Buffer.from(signature, 'base64') : null;
  if (given === null || !timingSafeEqual(expected, given)) return refuse('The HubSpot signature does not match: check the client secret');
  return { ok: true };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads HubSpot's webhook body: a JSON array of events (eventId, subscriptionId, portalId, appId, occurredAt in ms,
 * subscriptionType, attemptNumber, objectId, propertyName, propertyValue, changeSource, ...). Deal events come as
 * "deal.*" or, in HubSpot's generic format, "object.*" with objectTypeId "0-3". Each property change tells one field
 * of the deal at the event's occurredAt: the amount property (the connector's amountField), "dealstage" (won when it
 * is the connector's stage), "hubspot_owner_id" and "closedate". Deletion and restore tell `deleted`. Other events
 * and properties are noted and skipped. A value that cannot be read is noted and skipped, not refused: HubSpot would
 * retry the whole batch, with the other deals in it.
 */
export function parseHubspot(rawBody: string, settings: ConnectorSettings): ParsedDelivery {
  const bad = (message: string): ParsedDelivery => ({ ok: false, statusCode: 400, message });
  let events: unknown;
  try {
    events = JSON.parse(rawBody);
  } catch {
    return bad("The body must be JSON: HubSpot's array of webhook events");
  }
  if (!Array.isArray(events)) return bad("The body must be HubSpot's array of webhook events");
  if (events.length > HUBSPOT_EVENTS_MAX) return bad(`The body holds ${events.length} events: at most ${HUBSPOT_EVENTS_MAX} a delivery`);

  const updates: DealUpdate[] = [];
  const notes: string[] = [];
  for (const [index, event] of events.entries()) {
    if (!isObject(event)) return bad(`events[${index}] must be an event object`);
    const type = typeof event.subscriptionType === 'string' ? event.subscriptionType : '';
    const [object = '', action = ''] = type.split('.');
    const isDeal = object === 'deal' || (object === 'object' && event.objectTypeId === DEAL_OBJECT_TYPE);
    if (!isDeal) {
      const what = object === 'object' ? `${type} of object type ${String(event.objectTypeId)}` : type || 'an event without subscriptionType';
      notes.push(`event ${index}: ${what} is not about a deal: skipped`);
      continue;
    }
    const { objectId } = event;
    if (!((typeof objectId === 'string' && /^\d+$/.test(objectId)) || Number.isSafeInteger(objectId))) return bad(`events[${index}].objectId must be the deal's id`);
    const occurredAt = typeof event.occurredAt === 'number' || typeof event.occurredAt === 'string' ? instantOf(event.occurredAt) : null;
    if (occurredAt === null) return bad(`events[${index}].occurredAt must be milliseconds since 1970`);
    const deal = { dealId: String(objectId), occurredAt };

    if (action === 'deletion' || action === 'restore') {
      updates.push({ ...deal, deleted: action === 'deletion' });
    } else if (action === 'propertyChange') {
      const { told, note } = readProperty(String(event.propertyName), event.propertyValue ?? null, settings);
      if (told) updates.push({ ...deal, ...told });
      if (note) notes.push(`deal ${deal.dealId}: ${note}`);
    } else if (action === 'creation') {
      notes.push(`deal ${deal.dealId}: created; its amount, stage and owner come as property changes`);
    } else {
      notes.push(`deal ${deal.dealId}: ${type} is not used: skipped`);
    }
  }
  return { ok: true, updates, notes };
}

/** The deal field one property change tells, and what to say of it. */
function readProperty(name: string, value: unknown, settings: ConnectorSettings): { told?: Partial<DealUpdate>; note?: string } {
  if (name === settings.amountField) {
    const amount = decimalAmount(value);
    return amount === 'invalid' ? { note: `${name} ${JSON.stringify(value)} is not an amount: ignored` } : { told: { amount } };
  }
  if (name === 'dealstage') return { told: { won: value === settings.stage } };
  if (name === 'hubspot_owner_id') {
    if (settings.agentBy === 'email') {
      return { told: { ownerKey: null }, note: 'HubSpot names the owner by owner id only, and this connector matches agents by email: owner unknown' };
    }
    return { told: { ownerKey: value === null || value === '' ? null : String(value) } };
  }
  if (name === 'closedate') {
    const closedAt = value === null || value === '' ? null : instantOf(value);
    return closedAt === null && value !== null && value !== '' ? { note: `closedate ${JSON.stringify(value)} is not a date: ignored` } : { told: { closedAt } };
  }
  return { note: `property ${name} is not used: skipped` };
}
