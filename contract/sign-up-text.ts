// What the sign-up screens say, apart from the schemas (no zod here): the agent portal's first screen reads these
// without loading zod (web/src/lib/lazy-resolver.ts; the build refuses zod on first screens, scripts/vite-route-pages.ts).
import { text, type LocalText } from './i18n';
import type { SignUpMode } from './limits';
import { messages } from './messages';

export const signUpModeLabels: Record<SignUpMode, { title: string; description: string }> = {
  open: { title: 'Open', description: 'Anyone with the link to this site can register and sign in at once.' },
  approval: { title: 'Open with approval', description: 'Anyone can register; you approve each new agent before they can sign in.' },
  invite: { title: 'Invitation only', description: 'Only people with an invitation link you made can register.' },
  closed: { title: 'Closed', description: 'Nobody can register; you add agents yourself.' },
};

// Each message below is a text of the contract catalog (`*_TEXT`, rendered in the reader's language: the screens show
// it with render(), the server answers it in the language a request asks for) and its English (the plain name), as API
// clients and tests compare it.

export const REGISTRATION_CLOSED_TEXT = text(messages, 'registrationClosed');
export const REGISTRATION_CLOSED = String(REGISTRATION_CLOSED_TEXT);

/** What the registration page answers in each mode, whatever the email (it never tells whether an email is known). */
export const registrationTexts: Record<SignUpMode, LocalText> = {
  open: text(messages, 'registrationReceived'),
  approval: text(messages, 'registrationAwaitsReview'),
  invite: text(messages, 'registrationReceived'),
  closed: REGISTRATION_CLOSED_TEXT,
};
export const registrationMessages: Record<SignUpMode, string> = {
  open: String(registrationTexts.open),
  approval: String(registrationTexts.approval),
  invite: String(registrationTexts.invite),
  closed: REGISTRATION_CLOSED,
};
export const INVITATION_REQUIRED_TEXT = text(messages, 'invitationRequired');
export const INVITATION_REQUIRED = String(INVITATION_REQUIRED_TEXT);
export const INVITATION_INVALID_TEXT = text(messages, 'invitationInvalid');
export const INVITATION_INVALID = String(INVITATION_INVALID_TEXT);
/** The answer to an inactive agent's right password (the owner made the account inactive). */
export const ACCOUNT_INACTIVE_TEXT = text(messages, 'accountInactive');
export const ACCOUNT_INACTIVE = String(ACCOUNT_INACTIVE_TEXT);
export const AWAITING_APPROVAL_TEXT = text(messages, 'awaitingApproval');
export const AWAITING_APPROVAL = String(AWAITING_APPROVAL_TEXT);

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;
