// What the sign-in pages say about company sign-in, apart from the schemas (no zod here): the staff sign-in and the
// agent portal show these on their first screen without loading zod (docs/decisions/0027-first-paint-budget.md; the
// build refuses zod there). contract/sso.ts exports them with the schemas.
import { text, type LocalText, type TextValue } from './i18n';
import { messages } from './messages';

/**
 * Why a company sign-in ended without a session: the callback sends the browser back to the sign-in page with
 * `?ssoError=<code>`, and the page shows the message (`label` is the company's name), in the language it shows.
 */
const SSO_ERROR_TEXTS = {
  not_configured: (label: TextValue) => text(messages, 'ssoNotConfigured', { label }),
  provider_unreachable: (label: TextValue) => text(messages, 'ssoProviderUnreachable', { label }),
  cancelled: (label: TextValue) => text(messages, 'ssoCancelled', { label }),
  session_mismatch: (label: TextValue) => text(messages, 'ssoSessionMismatch', { label }),
  already_used: (label: TextValue) => text(messages, 'ssoAlreadyUsed', { label }),
  wrong_audience: (label: TextValue) => text(messages, 'ssoWrongAudience', { label }),
  token_expired: (label: TextValue) => text(messages, 'ssoTokenExpired', { label }),
  replayed: (label: TextValue) => text(messages, 'ssoReplayed', { label }),
  invalid_token: (label: TextValue) => text(messages, 'ssoInvalidToken', { label }),
  email_missing: (label: TextValue) => text(messages, 'ssoEmailMissing', { label }),
  email_unverified: (label: TextValue) => text(messages, 'ssoEmailUnverified', { label }),
  domain_not_allowed: (label: TextValue) => text(messages, 'ssoDomainNotAllowed', { label }),
  no_staff_account: (label: TextValue) => text(messages, 'ssoNoStaffAccount', { label }),
  not_manager: (label: TextValue) => text(messages, 'ssoNotManager', { label }),
  sign_up_closed: (label: TextValue) => text(messages, 'ssoSignUpClosed', { label }),
  awaiting_approval: (label: TextValue) => text(messages, 'ssoAwaitingApproval', { label }),
  inactive: (label: TextValue) => text(messages, 'ssoInactive', { label }),
} as const satisfies Record<string, (label: TextValue) => LocalText>;
export type SsoErrorCode = keyof typeof SSO_ERROR_TEXTS;

/** Each code's message in English, `{label}` where the company's name goes (as tests and logs read them). */
export const SSO_ERRORS = Object.fromEntries(
  Object.entries(SSO_ERROR_TEXTS).map(([code, make]) => [code, String(make('{label}'))]),
) as Readonly<Record<SsoErrorCode, string>>;

export const isSsoErrorCode = (value: unknown): value is SsoErrorCode => typeof value === 'string' && Object.hasOwn(SSO_ERROR_TEXTS, value);

/** The message for a code, with the company's name in it ("Your company" when it has none): the screens render() it. */
export function ssoErrorText(code: SsoErrorCode, label: string | null): LocalText {
  return SSO_ERROR_TEXTS[code](label ?? text(messages, 'yourCompany'));
}

/** The same in English. */
export function ssoErrorMessage(code: SsoErrorCode, label: string | null): string {
  return String(ssoErrorText(code, label));
}

/** The answer to a password sign-in (or registration, or reset) while company sign-in is required. */
export const passwordsOffText = (label: string | null | undefined): LocalText =>
  text(messages, 'passwordsOff', { label: label ?? text(messages, 'yourCompanyLower') });
export const passwordsOff = (label: string) => String(passwordsOffText(label));

/** The owner's answer to a password link for someone other than an owner while company sign-in is required. */
export const passwordLinkOffText = (label: string | null | undefined): LocalText =>
  text(messages, 'passwordLinkOff', { label: label ?? text(messages, 'yourCompanyLower') });
export const passwordLinkOff = (label: string) => String(passwordLinkOffText(label));
