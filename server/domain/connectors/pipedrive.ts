import { createHash, timingSafeEqual } from 'node:crypto';
import { decimalAmount, instantOf } from './amount';
import type { ConnectorSettings, DealUpdate, InboundRequest, ParsedDelivery, VerifiedRequest } from './types';

const REFUSED: VerifiedRequest = { ok: false, statusCode: 401, message: "Pipedrive's HTTP auth username and password do not match this connector" };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Pipedrive does not sign its webhooks: it sends the webhook's "HTTP Auth" username and password as
 * `Authorization: Basic base64(username:password)` (Guide for Webhooks). The username and the password's SHA-256
 * (all we keep) are compared in constant time, both of them whatever the first gave.
 */
export function verifyPipedrive(request: InboundRequest, username: string, passwordSha256Hex: string): VerifiedRequest {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return REFUSED;
  const credentials = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  if (colon < 0) return REFUSED;
  const storedPassword = Buffer.from(passwordSha256Hex, 'hex');
  const sameUser = timingSafeEqual(sha256(credentials.slice(0, colon)), sha256(username));
  const givenPassword = sha256(credentials.slice(colon + 1));
  const samePassword = storedPassword.length === givenPassword.length && timingSafeEqual(givenPassword, storedPassword);
  return sameUser && samePassword ? { ok: true } : REFUSED;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a Pipedrive webhook, in either documented format. v2 ("Guide for Webhooks v2"): `meta.version` "2.0",
 * `meta.entity`, `meta.action` create | change | delete, `meta.entity_id`, `meta.timestamp`, the deal in `data` (null
 * on delete, when `previous` holds its last state). v1 ("Guide for Webhooks"): `meta.object`, `meta.action` added |
 * updated | deleted | merged, the deal in `current` (null on delete: `previous`), times as "2024-01-01 10:00:00" UTC.
 * Each delivery tells one deal's whole state at its update_time: amount from the connector's amountField (a custom
 * field may be named by its key), won from `status` (stage "won") or `stage_id` (any other stage), the closing day
 * from won_time or close_time, the owner's Pipedrive user id. Other entities are noted and skipped.
 */
export function parsePipedrive(rawBody: string, settings: ConnectorSettings): ParsedDelivery {
  const bad = (message: string): ParsedDelivery => ({ ok: false, statusCode: 400, message });
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return bad('The body must be JSON: a Pipedrive webhook');
  }
  if (!isObject(body) || !isObject(body.meta)) return bad('The body is not a Pipedrive webhook: it has no meta block');
  const { meta } = body;
  const v2 = 'entity' in meta || String(meta.version).startsWith('2');
  const entity = v2 ? meta.entity : meta.object;
  const action = String(meta.action);
  if (entity !== 'deal') return { ok: true, updates: [], notes: [`${String(entity)} ${action}: not a deal: skipped`] };

  const deleting = action === 'delete' || action === 'deleted';
  const latest = v2 ? body.data : body.current;
  const deal = isObject(latest) ? latest : isObject(body.previous) ? body.previous : null;
  if (deal === null) return bad(`The webhook has no deal in ${v2 ? 'data' : 'current'} or previous`);
  const id = (v2 ? meta.entity_id : meta.id) ?? deal.id;
  if (!((typeof id === 'string' && id.trim() !== '') || Number.isSafeInteger(id))) return bad("The webhook does not name the deal's id");
  const dealId = String(id).trim();

  // A deletion happened when the webhook was sent; a deal's update_time is its last change before that.
  const times = deleting ? [meta.timestamp, deal.update_time] : [deal.update_time, meta.timestamp];
  const occurredAt = times.map(instantOf).find((instant) => instant !== null);
  if (occurredAt === undefined) return bad(`deal ${dealId}: the webhook has no update_time or meta.timestamp`);
  if (deleting) return { ok: true, updates: [{ dealId, occurredAt, deleted: true }], notes: [] };

  const notes: string[] = [];
  const update: DealUpdate = {
    dealId,
    occurredAt,
    won: settings.stage === 'won' ? deal.status === 'won' : String(deal.stage_id) === settings.stage,
    deleted: deal.status === 'deleted' || deal.is_deleted === true || deal.deleted === true,
    closedAt: instantOf(deal.won_time) ?? instantOf(deal.close_time),
  };

  const value = amountField(deal, settings.amountField);
  const amount = value === undefined ? undefined : decimalAmount(value);
  if (amount === undefined) notes.push(`deal ${dealId}: the webhook has no field ${settings.amountField}: amount not told`);
  else if (amount === 'invalid') notes.push(`deal ${dealId}: ${settings.amountField} ${JSON.stringify(value)} is not an amount: ignored`);
  else update.amount = amount;

  // v2 names the owner owner_id; v1 user_id, a number or (as the API v1 writes it) an object with the owner's email.
  const owner = v2 ? deal.owner_id : deal.user_id;
  const ownerId = isObject(owner) ? owner.id : owner;
  if (settings.agentBy === 'externalUserId') {
    update.ownerKey = ownerId === null || ownerId === undefined || ownerId === '' ? null : String(ownerId);
  } else if (isObject(owner) && typeof owner.email === 'string' && owner.email.includes('@')) {
    update.ownerKey = owner.email.trim().toLowerCase();
  } else {
    update.ownerKey = null;
    notes.push(`deal ${dealId}: Pipedrive's webhook names the owner by user id only, and this connector matches agents by email: owner unknown`);
  }
  return { ok: true, updates: [update], notes };
}

/** The deal's value of a field: a standard field, or a custom one by its key (v2 keeps those in custom_fields). */
function amountField(deal: Fields, field: string): unknown {
  if (field in deal) return deal[field];
  const custom = isObject(deal.custom_fields) ? deal.custom_fields[field] : undefined;
  // A v2 monetary custom field is {value, currency}.
  return isObject(custom) ? custom.value : custom;
}
