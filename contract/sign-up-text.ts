// What the sign-up screens say, apart from the schemas (no zod here): the agent portal's first screen reads these
// without loading zod (web/src/lib/lazy-resolver.ts; the build refuses zod on first screens, scripts/vite-route-pages.ts).
import type { SignUpMode } from './limits';

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
/** The answer to an inactive agent's right password (the owner made the account inactive). */
export const ACCOUNT_INACTIVE = 'This account is inactive. Ask the owner to make it active again.';
export const AWAITING_APPROVAL = "Your registration is waiting for the owner's approval. You can sign in once it is approved.";

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;
