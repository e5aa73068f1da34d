// What the sign-in pages say about company sign-in, apart from the schemas (no zod here): the staff sign-in and the
// agent portal show these on their first screen without loading zod (docs/decisions/0027-first-paint-budget.md; the
// build refuses zod there). contract/sso.ts exports them with the schemas.

/**
 * Why a company sign-in ended without a session: the callback sends the browser back to the sign-in page with
 * `?ssoError=<code>`, and the page shows the message (`{label}` is the company's name).
 */
export const SSO_ERRORS = {
  not_configured: 'Company sign-in is not set up here. Sign in with your email and password.',
  provider_unreachable: '{label} sign-in is not answering right now. Try again in a few minutes; the owner can still sign in with a password.',
  cancelled: '{label} did not sign you in (the sign-in was cancelled or refused there). Try again.',
  session_mismatch: 'This sign-in was started in another browser or tab, or took longer than 10 minutes. Start again.',
  already_used: 'This sign-in was already used or has expired. Start again.',
  wrong_audience: '{label} answered with a sign-in meant for another application. The owner should check the client id under Settings.',
  token_expired: '{label}\'s sign-in had expired when it arrived (or this server\'s clock is wrong). Start again.',
  replayed: 'This sign-in answer belongs to an earlier sign-in and was refused. Start again.',
  invalid_token: '{label}\'s answer could not be verified, so you were not signed in. The owner should check the company sign-in settings.',
  email_missing: '{label} did not share your email address, so your account could not be found. Ask your administrator to release the email claim to this app.',
  email_unverified: '{label} says your email address is not verified. Verify it there, then sign in again.',
  domain_not_allowed: 'Your email domain is not allowed to sign in here. Use your company account.',
  no_staff_account: 'No owner or manager account uses this email address. Agents sign in on the agents\' page.',
  not_manager: '{label} no longer gives you the manager role, so you cannot sign in to the dashboard.',
  sign_up_closed: 'There is no agent account for this email address, and new agents join only when the owner adds or invites them.',
  awaiting_approval: 'Your account is waiting for the owner\'s approval. You can sign in once it is approved.',
  inactive: 'This account is inactive. Ask the owner if you think this is a mistake.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

export const isSsoErrorCode = (value: unknown): value is SsoErrorCode => typeof value === 'string' && Object.hasOwn(SSO_ERRORS, value);

/** The message for a code, with the company's name in it. */
export function ssoErrorMessage(code: SsoErrorCode, label: string | null): string {
  return SSO_ERRORS[code].replaceAll('{label}', label ?? 'Your company');
}

/** The answer to a password sign-in (or registration, or reset) while company sign-in is required. */
export const passwordsOff = (label: string) =>
  `Your organisation signs in with ${label}: use "Sign in with ${label}" instead of a password.`;

/** The owner's answer to a password link for someone other than an owner while company sign-in is required. */
export const passwordLinkOff = (label: string) =>
  `Company sign-in is required: only owners sign in with a password, so a password link would not let this person in. They sign in with ${label}.`;
