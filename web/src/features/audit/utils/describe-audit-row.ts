import type { AuditActor, AuditActorKind } from '@contract/audit';
import { formatDateTime } from '../../../lib/format';

/** What each kind of actor is called when it has no name (a deleted agent, a person who set a password with a link). */
const unnamed: Record<Exclude<AuditActorKind, 'system'>, string> = { user: 'User', agent: 'Agent', token: 'API token' };

/** Who made a change: the name, "System", or "Agent #7" for an account deleted since (docs/product.md §12.12). */
export function actorName(actor: AuditActor): string {
  if (actor.kind === 'system') return 'System';
  return actor.name ?? `${unnamed[actor.kind]} #${actor.id ?? '?'}`;
}

/** The kind of actor shown beside a name, where the name alone could be a person's: agents and API tokens. */
export function actorKindLabel(kind: AuditActorKind): string | undefined {
  if (kind === 'agent') return 'agent';
  if (kind === 'token') return 'API token';
  return undefined;
}

/** A choice of the filter by person: "Dana Reyes", "HR sync (API token)", "System". */
export function actorOptionLabel(actor: AuditActor): string {
  const kind = actorKindLabel(actor.kind);
  return kind ? `${actorName(actor)} (${kind})` : actorName(actor);
}

/** The trail's target types (server/db/audit.ts callers) as a person names them. */
const targetNames: Record<string, string> = {
  income_entry: 'Entry',
  agent: 'Agent',
  tier: 'Tier',
  reward_option: 'Reward option',
  reward_claim: 'Claim',
  user: 'User',
  api_token: 'API token',
  webhook: 'Webhook',
  tv_link: 'TV link',
  invitation: 'Invitation',
  settings: 'Settings',
};

/** "Entry #12", "Tier #2"; the type alone for a change of many (an import); an unknown type as it is stored. */
export function targetLabel(targetType: string | null, targetId: string | null): string {
  if (targetType === null) return '—';
  const name = targetNames[targetType] ?? targetType;
  return targetId === null ? name : `${name} #${targetId}`;
}

/** Characters of a value shown in the list; the row's details show it whole. */
const BRIEF_LENGTH = 60;

/** A moment as the trail stores it (toISOString), e.g. an entry's date or a token's expiry. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * A stored JSON value in a few words: moments as the app writes dates, other text as it is, lists joined, anything
 * else as JSON; cut at BRIEF_LENGTH.
 */
export function briefValue(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'none';
  else if (typeof value === 'string') text = ISO_MOMENT.test(value) ? formatDateTime(value) : value;
  else if (Array.isArray(value) && value.length === 0) text = 'none';
  else if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) text = value.map(String).join(', ');
  else text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > BRIEF_LENGTH ? `${text.slice(0, BRIEF_LENGTH - 1)}…` : text;
}

export interface ChangeLine {
  key: string;
  /** Present when the value was changed: what it was. */
  before?: string;
  value: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a change was about, a line per key of `after`: "key: before → after" when `before` held another value, else
 * "key: value". A deletion has no `after`: its `before` is what was there.
 */
export function describeChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeLine[] {
  if (!after) return Object.entries(before ?? {}).map(([key, value]) => ({ key, value: briefValue(value) }));
  return Object.entries(after).map(([key, value]) =>
    before && key in before && !same(before[key], value)
      ? { key, before: briefValue(before[key]), value: briefValue(value) }
      : { key, value: briefValue(value) },
  );
}
