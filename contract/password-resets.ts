import { z } from 'zod';
import { newPasswordField } from './auth';
import { emailField } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';

const LINK_NOT_VALID = zodText(text(messages, 'linkNotValid'));

/**
 * One-time password links (docs/product.md §12.9): the owner hands one to a person (an imported agent sets a first
 * password with it). The link is `/reset-password#token=<token>`: the token stays in the fragment, which browsers
 * never send to a server or in a Referer. Only its SHA-256 is kept; it works once, until it expires.
 */
export const RESET_LINK_PATH = '/reset-password';
export const RESET_TOKEN_MAX = 200;
/** Links the owner makes for someone who lost their password (an agent, a manager or another owner) last a day. */
export const OWNER_MADE_RESET_LINK_HOURS = 24;

/**
 * POST /api/agents/{id}/reset-link and /api/users/{id}/reset-link (owner) answer: the link, shown this once (only its
 * hash is kept), for the owner to hand over; the account's earlier unused links stop working.
 */
export const createdResetLink = z.object({ url: z.string(), expiresAt: z.string() });
export type CreatedResetLink = z.infer<typeof createdResetLink>;

/** POST /api/password-resets/complete (anyone holding a link): sets the password and ends every session of the account. */
export const completePasswordResetInput = z.strictObject({
  // A token is base64url (server/auth/sessions.ts): anything else, blank or control characters included, is no link.
  token: z
    .string(LINK_NOT_VALID)
    .max(RESET_TOKEN_MAX, LINK_NOT_VALID)
    .regex(/^[A-Za-z0-9_-]+$/, LINK_NOT_VALID),
  newPassword: newPasswordField,
});
export type CompletePasswordResetInput = z.input<typeof completePasswordResetInput>;

/** The one answer to a token that was used, has expired or never existed (nothing tells them apart). */
export { EMAILED_RESET_LINK_MINUTES, OWNER_RESET_LINK_DAYS, RESET_LINK_INVALID, RESET_LINK_INVALID_TEXT, RESET_REQUESTED_MESSAGE, RESET_REQUESTED_TEXT } from './limits';

/**
 * POST /api/password-resets (anyone, counted like a sign-in): emails a one-time link (30 minutes) to each account that
 * uses the email, an agent's and an owner's or manager's alike. The answer is the same whether or not one does.
 */
export const requestPasswordResetInput = z.strictObject({ email: emailField });
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetInput>;
/** Its one answer (202): RESET_REQUESTED_MESSAGE. */
export const passwordResetRequested = z.object({ message: z.string() });
export type PasswordResetRequested = z.infer<typeof passwordResetRequested>;

/** The fragment of a link that carries its token. */
export const resetLinkFor = (origin: string, token: string) => `${origin.replace(/\/$/, '')}${RESET_LINK_PATH}#token=${token}`;
