import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailMessages } from '../../contract/emails/messages';
import type { Language } from '../../contract/languages';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../contract/notifications';
import { translator } from './translate';
import { emailSubject, plainLine, withoutLinks } from './outbound-text';

/** Whose choice an unsubscribe link changes: a recipient and a kind. */
export interface UnsubscribeTarget {
  recipient: { kind: 'agent' | 'user'; id: number };
  kind: NotificationKind;
}

const mac = (key: Buffer, target: UnsubscribeTarget) =>
  createHmac('sha256', key).update(`unsubscribe:${target.recipient.kind}:${target.recipient.id}:${target.kind}`).digest('base64url');

/**
 * A signed unsubscribe token (docs/product.md §12.13): what it is for, in clear, and an HMAC-SHA256 of it with the
 * installation's key, so that nobody can make one for another person or kind. It does not expire: an old email's link
 * keeps working, and all it can do is switch one kind of email off.
 */
export function unsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  return `${target.kind}.${target.recipient.kind}.${target.recipient.id}.${mac(key, target)}`;
}

const TOKEN = /^([a-z_]{1,40})\.(agent|user)\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The target of a token made by unsubscribeToken with this key; undefined for anything else. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const kind = match[1] as NotificationKind;
  if (!NOTIFICATION_KINDS.includes(kind)) return undefined;
  const target: UnsubscribeTarget = { recipient: { kind: match[2] as 'agent' | 'user', id: Number(match[3]) }, kind };
  const expected = Buffer.from(mac(key, target));
  const given = Buffer.from(match[4]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : undefined;
}

/** Text made safe inside HTML (elements and attribute values). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * An email's words: the notification's title as the subject, its body, a detail for email only (a tier's threshold in
 * the organisation's currency), where to look, and how to stop these emails. The organisation's name, when it has one
 * of its own, names whose TierTrack it is. Title, body and name hold what people typed (an agent's name, a reward's
 * title): each is one line, without anything a mail program would turn into a link (outbound-text.ts), and the
 * subject is a header that cannot be broken into two.
 */
/** How an email names each kind in "You get this email because you chose to hear when: …". */
const KIND_WORDS = {
  tier_reached: 'kindTierReached',
  claim_status: 'kindClaimStatus',
  claim_created: 'kindClaimCreated',
  agent_registered: 'kindAgentRegistered',
  goal_progress: 'kindGoalProgress',
  goal_reached: 'kindGoalReached',
  goal_behind: 'kindGoalBehind',
  contest_started: 'kindContestStarted',
  contest_result: 'kindContestResult',
  badge_awarded: 'kindBadgeAwarded',
  agent_tier_reached: 'kindAgentTierReached',
} as const satisfies Record<NotificationKind, keyof typeof emailMessages.en>;

/** The email catalog's words in a language, numbers in that language with the organisation's region. */
export const emailWords = (language: Language, orgLocale: string) => translator(emailMessages, language, orgLocale);

/** How the emails (and the unsubscribe page) name a kind: "I reach a tier", in the reader's language. */
export const kindPhrase = (kind: NotificationKind, language: Language = 'en', orgLocale = 'en-US') => emailWords(language, orgLocale)(KIND_WORDS[kind]);

export function composeEmail(
  given: { kind: NotificationKind; title: string; body: string },
  links: { appUrl: string; unsubscribeUrl: string },
  extraGiven: { detail?: string; orgName?: string } = {},
  reader: { language: Language; orgLocale: string } = { language: 'en', orgLocale: 'en-US' },
) {
  const t = emailWords(reader.language, reader.orgLocale);
  const typed = (text: string) => withoutLinks(plainLine(text));
  const notification = { kind: given.kind, title: typed(given.title), body: typed(given.body) };
  const extra = {
    ...(extraGiven.detail ? { detail: typed(extraGiven.detail) } : {}),
    ...(extraGiven.orgName ? { orgName: typed(extraGiven.orgName) } : {}),
  };
  const why = t('why', { kind: t(KIND_WORDS[notification.kind]) });
  const open = t('openApp', { orgName: extra.orgName ?? 'TierTrack' });
  const stop = t('stop');
  const text = [
    notification.title,
    '',
    notification.body,
    ...(extra.detail ? [extra.detail] : []),
    '',
    `${open}: ${links.appUrl}`,
    '',
    why,
    `${stop}: ${links.unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${reader.language}"><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(notification.title)}</h1>
<p>${escapeHtml(notification.body)}</p>
${extra.detail ? `<p>${escapeHtml(extra.detail)}</p>
` : ''}<p><a href="${escapeHtml(links.appUrl)}">${escapeHtml(open)}</a></p>
<p style="font-size: 13px; color: #475569">${escapeHtml(why)}<br><a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(stop)}</a></p>
</body></html>`;
  return { subject: emailSubject(notification.title), text, html };
}

/**
 * The email with a one-time password link someone asked for (POST /api/password-resets): what the link does, for how
 * long, and what to do if they did not ask. Transactional: no unsubscribe link.
 */
export function composePasswordResetEmail(
  account: { kind: 'agent' | 'user' },
  link: string,
  minutes: number,
  reader: { language: Language; orgLocale: string } = { language: 'en', orgLocale: 'en-US' },
) {
  const t = emailWords(reader.language, reader.orgLocale);
  const subject = t('resetSubject');
  const ask = t('resetAsk', { kind: account.kind, minutes });
  const after = t('resetAfter');
  const ignore = t('resetIgnore');
  const text = [subject, '', ask, '', link, '', after, ignore].join('\n');
  const html = `<!doctype html>
<html lang="${reader.language}"><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(ask)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('resetButton'))}</a></p>
<p style="font-size: 13px; color: #475569">${escapeHtml(after)}<br>${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject, text, html };
}
