import { z } from 'zod';
import { signUpModes, type SignUpMode } from './limits';

export { signUpModes, type SignUpMode } from './limits';

export const signUpModeLabels: Record<SignUpMode, { title: string; description: string }> = {
  open: { title: 'Open', description: 'Anyone with the link to this site can register and sign in at once.' },
  approval: { title: 'Open with approval', description: 'Anyone can register; you approve each new agent before they can sign in.' },
  invite: { title: 'Invitation only', description: 'Only people with an invitation link you made can register.' },
  closed: { title: 'Closed', description: 'Nobody can register; you add agents yourself.' },
};

export const REGISTRATION_CLOSED = 'Registration is closed. Ask the owner of this team to add you.';

/** What the registration page answers in each mode, whatever the email (it never tells whether an email is known). */
export const registrationMessages: Record<SignUpMode, string> = {
  open: 'If this email is new here, your account is ready: sign in with it. If you already have an account, sign in with your existing password.',
  approval: 'Thank you. The owner reviews new registrations; once yours is approved you can sign in with this email and password.',
  invite: 'If this email is new here, your account is ready: sign in with it. If you already have an account, sign in with your existing password.',
  closed: REGISTRATION_CLOSED,
};
export const INVITATION_REQUIRED = 'Registration is by invitation only. Ask the owner of this team for an invitation link.';
export const INVITATION_INVALID = 'This invitation link is not valid: it may have expired or been used already. Ask the owner for a new one.';
export const AWAITING_APPROVAL = "Your registration is waiting for the owner's approval. You can sign in once it is approved.";

/** POST /api/agents/register answer (202): the same for a new and a known email. */
export const registrationResponse = z.object({ status: z.literal('received'), mode: z.enum(signUpModes), message: z.string() });
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** PUT /api/owner/sign-up (owner). */
export const signUpSettingsInput = z.object({
  mode: z.enum(signUpModes, { error: `mode must be one of ${signUpModes.join(', ')}` }),
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

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;

/** POST /api/owner/invitations (owner) answer: the link is shown this once; only its hash is kept. */
export const createdInvitation = invitation.extend({ token: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitation>;
