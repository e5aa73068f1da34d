import { z } from 'zod';

/**
 * The field schemas that requests share: ids, text and emails. One definition each, so every route refuses the same
 * bad input with the same message.
 */

/**
 * A database id in a request body: a positive 32-bit integer, or its digits as a string. Stricter than
 * z.coerce.number, which would take `true` or `[1]` as 1.
 */
export const idField = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).positive(message).max(2_147_483_647, message));

/**
 * Text the database can store. PostgreSQL text cannot hold U+0000, so text carrying one is refused here, by the
 * schema, rather than failing in the database. `label` names the field in the message.
 */
export const storableText = (schema: z.ZodString, label?: string) =>
  schema.refine((text) => !text.includes('\u0000'), label ? `${label} must not contain NUL characters` : 'Must not contain NUL characters');

/** Required text, trimmed: empty (or only blanks) gets the `required` message. */
export const requiredText = (required: string, max: number, label?: string) =>
  storableText(z.string({ error: required }).trim().min(1, required).max(max, `Must be at most ${max} characters`), label);

/** Optional text, trimmed; absent or blank becomes null. */
export const optionalText = (max: number) =>
  storableText(z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`))
    .optional()
    .transform((text) => (text ? text : null));

/** An account's email: trimmed and lower-case, so that emails compare case-insensitively. */
export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Invalid email address')
  .pipe(z.email({ error: 'Invalid email address' }))
  .transform((email) => email.toLowerCase());

/** An email to reach someone at (a claim's contact), kept as typed. */
export const contactEmail = (required = 'Invalid email address') =>
  z.string({ error: required }).trim().max(254, 'Invalid email address').pipe(z.email({ error: 'Invalid email address' }));

/**
 * Characters that change how text runs or that show nothing: right-to-left overrides and isolates, zero-width
 * spaces, word joiners, soft hyphens, Hangul fillers. In a name they make look-alikes of other people
 * ("Alice" and "Al\u200Bice", or a name whose letters display reversed). Zero-width (non-)joiners stay allowed
 * between two visible characters: Persian and Indic names and emoji sequences need them.
 */
const HIDDEN_OR_BIDI =
  /[\p{Cc}\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F/u;
const LONE_JOINER = /(^|\s)[\u200C\u200D]|[\u200C\u200D](\s|$)|[\u200C\u200D]{2}/u;

/** Whether `text` holds a character that hides or reorders text (see HIDDEN_OR_BIDI). */
export const hasHiddenCharacters = (text: string) => HIDDEN_OR_BIDI.test(text) || LONE_JOINER.test(text);

/**
 * A name shown to other people (an agent's or a manager's name, a position): NFKC-normalised (full-width and
 * styled letters become plain ones), blanks collapsed, and refused when it holds hidden or direction-changing
 * characters.
 */
export const displayName = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .transform((text) => text.normalize('NFKC').replace(/\s+/gu, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, `Must be at most ${max} characters`)
        .refine((text) => !text.includes('\u0000'), `${label} must not contain NUL characters`)
        .refine((text) => !hasHiddenCharacters(text), `${label} must not contain invisible or text-direction characters`),
    );

/** A whole number in a query string ("25"), within a range; absent gives the fallback. */
export const queryInteger = (name: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const calendarDay = (name: string) =>
  z
    .string({ error: `${name} must be a date such as 2026-11-01` })
    .refine((text) => {
      const match = DAY.exec(text);
      if (!match) return false;
      const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return day.toISOString().slice(0, 10) === text;
    }, `${name} must be a date that exists, such as 2026-11-01`);

/** A query's `from` and `to` days: from must not be after to (for `.refine(...fromNotAfterTo)`). */
export const fromNotAfterTo: [(query: { from?: string | undefined; to?: string | undefined }) => boolean, { message: string; path: string[] }] = [
  (query) => !query.from || !query.to || query.from <= query.to,
  { message: 'from must not be after to', path: ['from'] },
];
