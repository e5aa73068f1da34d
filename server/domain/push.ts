import { createPublicKey } from 'node:crypto';
import type { NotificationKind } from '../../contract/notifications';
import type { PushPayload } from '../../contract/push';
import { isWorkingDay, type IsoWeekday } from './pacing';
import { localDay } from './periods';

/**
 * Push notifications' rules (docs/product.md §12.21, docs/decisions/0092-installable-app-and-push.md): where a push
 * leads in the app, its tag, the organisation's quiet hours, and what a device that has several waiting receives.
 */

/** The organisation's working calendar and hours: pushes go only inside them. */
export interface WorkingHours {
  workingDays: readonly number[];
  holidays: readonly string[];
  /** Minutes after local midnight: start inclusive, end exclusive. */
  workStartMinute: number;
  workEndMinute: number;
}

const minuteFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes after local midnight of an instant in a time zone. */
export function localMinute(instant: Date, timeZone: string): number {
  let format = minuteFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    minuteFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** Whether pushes wait at `instant`: a day not worked (weekday or holiday), or outside the working hours. */
export function isQuietTime(instant: Date, hours: WorkingHours, timeZone: string): boolean {
  const day = localDay(instant, timeZone);
  if (!isWorkingDay(day, { workingDays: new Set(hours.workingDays as IsoWeekday[]), holidays: new Set(hours.holidays) })) return true;
  const minute = localMinute(instant, timeZone);
  return minute < hours.workStartMinute || minute >= hours.workEndMinute;
}

/** The agent screens and the staff dashboard (web/src/config/paths.ts): where each kind's push opens the app. */
const AGENT_PORTAL = '/agents';
const AGENT_DASHBOARD = '/agent/dashboard';
const STAFF_HOME = '/';

/** The path inside the app a notification's push opens. */
export function pushUrlOf(draft: { recipient: { kind: 'agent' | 'user' }; kind: NotificationKind; subjectAgentId: number | null }): string {
  if (draft.recipient.kind === 'agent') return draft.kind === 'tier_reached' || draft.kind === 'claim_status' ? AGENT_PORTAL : AGENT_DASHBOARD;
  if ((draft.kind === 'agent_registered' || draft.kind === 'agent_tier_reached') && draft.subjectAgentId !== null) return `/dashboard/agents/${draft.subjectAgentId}`;
  return STAFF_HOME;
}

/** A push's tag: a later push of the same tag replaces it on the device (one per notification). */
export const pushTagOf = (kind: string, eventId: number) => `tiertrack-${kind}-${eventId}`;

/** The tag of a device's waiting pushes sent as one. */
export const HELD_TAG = 'tiertrack-waiting';

/** Push services take about 4 KB of payload: the words are cut well below that. */
const TITLE_MAX = 120;
const BODY_MAX = 600;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** One waiting push of a device, as the worker claimed it. */
export interface WaitingPush {
  kind: string;
  eventId: number;
  title: string;
  body: string;
  url: string;
}

/**
 * What a device receives for its waiting pushes: one push as it is; several at once (those held through quiet hours,
 * or a burst) as one that counts them and names the newest, opening the app's home for the person.
 */
export function pushPayloadOf(waiting: readonly WaitingPush[], recipient: 'agent' | 'user'): PushPayload {
  if (waiting.length === 1) {
    const [only] = waiting as [WaitingPush];
    return { title: cut(only.title, TITLE_MAX), body: cut(only.body, BODY_MAX), url: only.url, tag: pushTagOf(only.kind, only.eventId) };
  }
  const titles = [...waiting].reverse().map((push) => push.title);
  return {
    title: `${waiting.length} new notifications`,
    body: cut(titles.join(' · '), BODY_MAX),
    url: recipient === 'agent' ? AGENT_DASHBOARD : STAFF_HOME,
    tag: HELD_TAG,
  };
}

/** Whether a subscription's p256dh (base64url, 65 bytes) is a point on P-256: a browser's key always is. */
export function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** Host names of this machine (as URL gives them): plain http is taken only there, and only when named exactly. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why the server must not post to an endpoint, or undefined when it may (docs/product.md §12.21): its host is one of
 * `allowed` (PUSH_SERVICE_HOSTS: a name, or `*.domain` for a host under that domain), over https on the default port;
 * a loopback host named exactly (a push service under test) may also use http and any port. Anything else would let a
 * person make the server post to an address of their choosing (server-side request forgery).
 */
export function pushEndpointRefusal(endpoint: string, allowed: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'it is not a URL';
  }
  const host = url.hostname.toLowerCase();
  const named = allowed.includes(host);
  if (LOOPBACK_HOSTS.has(host)) {
    return named && (url.protocol === 'http:' || url.protocol === 'https:') ? undefined : `${host} (this machine) is not a push service this server sends to`;
  }
  const underPattern = allowed.some((pattern) => pattern.startsWith('*.') && host.length > pattern.length - 1 && host.endsWith(pattern.slice(1)));
  if (!named && !underPattern) return `${host} is not a push service this server sends to`;
  if (url.protocol !== 'https:') return 'a push service is reached over https';
  if (url.port !== '') return 'a push service is reached on the https port (443)';
  return undefined;
}
