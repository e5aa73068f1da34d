import { z } from 'zod';
import { text, zodText } from './i18n';
import { signUpModes } from './limits';
import { messages } from './messages';

export { signUpModes, type SignUpMode } from './limits';
export * from './sign-up-text';

/** POST /api/agents/register answer (202): the same for a new and a known email. */
export const registrationResponse = z.object({ status: z.literal('received'), mode: z.enum(signUpModes), message: z.string() });
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** PUT /api/owner/sign-up (owner). */
export const signUpSettingsInput = z.object({
  mode: z.enum(signUpModes, zodText(text(messages, 'mustBeOneOf', { field: 'mode', options: signUpModes.join(', ') }))),
});
export type SignUpSettingsInput = z.input<typeof signUpSettingsInput>;

export const invitation = z.object({
  id: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it was used to register; null while it is open. */
  usedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

/** GET /api/owner/sign-up (owner): the mode and the invitations that are still open or were used in the last 30 days. */
export const signUpSettings = z.object({ mode: z.enum(signUpModes), invitations: z.array(invitation) });
export type SignUpSettings = z.infer<typeof signUpSettings>;

/** POST /api/owner/invitations (owner) answer: the link is shown this once; only its hash is kept. */
export const createdInvitation = invitation.extend({ token: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitation>;
