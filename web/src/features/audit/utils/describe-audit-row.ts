import type { AuditActor, AuditActorKind } from '@contract/audit';
import { formatCurrency2, formatDateTime } from '../../../lib/format';

/** What each kind of actor is called when it has no name (a deleted agent, a person who set a password with a link). */
const unnamed: Record<Exclude<AuditActorKind, 'system'>, string> = { user: 'User', agent: 'Agent', token: 'API token', connector: 'Connector' };

/** Who made a change: the name, "System", or "Agent #7" for an account deleted since (docs/product.md §12.12). */
export function actorName(actor: AuditActor): string {
  if (actor.kind === 'system') return 'System';
  return actor.name ?? `${unnamed[actor.kind]} #${actor.id ?? '?'}`;
}

/** The kind of actor shown beside a name, where the name alone could be a person's: agents, API tokens and connectors. */
export function actorKindLabel(kind: AuditActorKind): string | undefined {
  if (kind === 'agent') return 'agent';
  if (kind === 'token') return 'API token';
  if (kind === 'connector') return 'connector';
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
  connector: 'Connector',
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
  /** The key as a person reads it: "Agent", "Reward option", "Show amounts". */
  label: string;
  /** Present when the value was changed: what it was. */
  before?: string;
  value: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Keys whose two-decimal strings are money (entries, tiers, totals, calculator amounts). */
const MONEY_KEYS = new Set(['amount', 'threshold', 'total', 'totalIncome', 'newTotal', 'previousTotal', 'periodIncome', 'prize']);
const MONEY = /^-?\d+\.\d{2}$/;

/** Names a few keys differently from their words ("url" is "URL"); the rest are the key's words. */
const keyNames: Record<string, string> = { url: 'URL', externalId: 'External id', dryRun: 'Dry run', publicProfile: 'Public profile' };

/**
 * A key of the trail's before and after as a person reads it: "agentId" is "Agent" (its value "#12"), "showAmounts" is
 * "Show amounts", "reward_option" is "Reward option".
 */
export function keyLabel(key: string): string {
  if (keyNames[key]) return keyNames[key];
  const words = key
    .replace(/Ids?$/, (suffix) => (suffix === 'Ids' ? 's' : ''))
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value under its key: money as the app writes it, an id as "#12", yes or no; the rest as briefValue says. */
export function valueUnder(key: string, value: unknown): string {
  if (typeof value === 'string' && MONEY_KEYS.has(key) && MONEY.test(value)) return formatCurrency2(value);
  if (typeof value === 'number' && /[a-z]Id$/.test(key)) return `#${value}`;
  if (Array.isArray(value) && /[a-z]Ids$/.test(key) && value.every((item) => typeof item === 'number')) return value.length === 0 ? 'none' : value.map((id) => `#${id}`).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return briefValue(value);
}

/**
 * What a change was about, a line per key of `after`: "Key: before → after" when `before` held another value, else
 * "Key: value". A deletion has no `after`: its `before` is what was there.
 */
export function describeChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeLine[] {
  if (!after) return Object.entries(before ?? {}).map(([key, value]) => ({ key, label: keyLabel(key), value: valueUnder(key, value) }));
  return Object.entries(after).map(([key, value]) =>
    before && key in before && !same(before[key], value)
      ? { key, label: keyLabel(key), before: valueUnder(key, before[key]), value: valueUnder(key, value) }
      : { key, label: keyLabel(key), value: valueUnder(key, value) },
  );
}
