import { z } from 'zod';
import { text, zodText, type Text } from './i18n';
import { messages } from './messages';

/**
 * The field schemas that requests share: ids, text and emails. One definition each, so every route refuses the same
 * bad input with the same message.
 */

/**
 * A database id in a request body: a positive 32-bit integer, or its digits as a string. Stricter than
 * z.coerce.number, which would take `true` or `[1]` as 1.
 */
export const idField = (message: Text) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, zodText(message)).transform(Number)], zodText(message))
    .pipe(z.number().int(zodText(message)).positive(zodText(message)).max(2_147_483_647, zodText(message)));

/**
 * Text the database can store. PostgreSQL text cannot hold U+0000, so text carrying one is refused here, by the
 * schema, rather than failing in the database. `label` names the field in the message.
 */
export const storableText = (schema: z.ZodString, label?: Text) =>
  schema.refine((value) => !value.includes('\u0000'), zodText(label ? text(messages, 'mustNotContainNulNamed', { label }) : text(messages, 'mustNotContainNul')));

/** "Must be at most {max} characters". */
const atMostCharacters = (max: number) => zodText(text(messages, 'atMostCharacters', { max }));

/** Required text, trimmed: empty (or only blanks) gets the `required` message. */
export const requiredText = (required: Text, max: number, label?: Text) =>
  storableText(z.string(zodText(required)).trim().min(1, zodText(required)).max(max, atMostCharacters(max)), label);

/** Optional text, trimmed; absent or blank becomes null. */
export const optionalText = (max: number) =>
  storableText(z.string(zodText(text(messages, 'mustBeText'))).trim().max(max, atMostCharacters(max)))
    .optional()
    .transform((text) => (text ? text : null));

/** An account's email: trimmed and lower-case, so that emails compare case-insensitively. */
const INVALID_EMAIL = text(messages, 'invalidEmail');

export const emailField = z
  .string(zodText(INVALID_EMAIL))
  .trim()
  .max(254, zodText(INVALID_EMAIL))
  .pipe(z.email(zodText(INVALID_EMAIL)))
  .transform((email) => email.toLowerCase());

/** An email to reach someone at (a claim's contact), kept as typed. */
export const contactEmail = (required: Text = INVALID_EMAIL) =>
  z.string(zodText(required)).trim().max(254, zodText(INVALID_EMAIL)).pipe(z.email(zodText(INVALID_EMAIL)));

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
export const displayName = (required: Text, max: number, label: Text) =>
  z
    .string(zodText(required))
    .transform((value) => value.normalize('NFKC').replace(/\s+/gu, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, zodText(required))
        .max(max, atMostCharacters(max))
        .refine((value) => !value.includes('\u0000'), zodText(text(messages, 'mustNotContainNulNamed', { label })))
        .refine((value) => !hasHiddenCharacters(value), zodText(text(messages, 'noHiddenCharacters', { label }))),
    );

/** A whole number in a query string ("25"), within a range; absent gives the fallback. */
export const queryInteger = (name: string, min: number, max: number, fallback: number) =>
  z
    .string(zodText(text(messages, 'wholeNumber', { name })))
    .regex(/^\d{1,9}$/, zodText(text(messages, 'wholeNumber', { name })))
    .transform(Number)
    .pipe(z.number().min(min, zodText(text(messages, 'atLeast', { name, min }))).max(max, zodText(text(messages, 'atMost', { name, max }))))
    .optional()
    .transform((value) => value ?? fallback);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const calendarDay = (name: string) =>
  z
    .string(zodText(text(messages, 'dateSuchAs', { name })))
    .refine((value) => {
      const match = DAY.exec(value);
      if (!match) return false;
      const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return day.toISOString().slice(0, 10) === value;
    }, zodText(text(messages, 'dateThatExists', { name })));

/** A query's `from` and `to` days: from must not be after to (for `.refine(...fromNotAfterTo)`). */
export const fromNotAfterTo: [(query: { from?: string | undefined; to?: string | undefined }) => boolean, { error: () => string; path: string[] }] = [
  (query) => !query.from || !query.to || query.from <= query.to,
  { ...zodText(text(messages, 'fromNotAfterTo')), path: ['from'] },
];
