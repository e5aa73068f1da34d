import { z } from 'zod';
import { authUser } from './auth';
import { text, zodText } from './i18n';
import { languageChoice } from './language-choice';
import { LANGUAGES } from './languages';
import { messages } from './messages';

/**
 * Two-factor sign-in for owners and managers (TOTP, RFC 6238; docs/decisions/0030-two-factor-sign-in.md): a 6-digit
 * code from an authenticator app, or one of ten single-use recovery codes.
 */

export const TOTP_DIGITS = 6;
/** Recovery codes made when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;
/** How long after the password the code may be entered. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Wrong codes after which a sign-in's challenge ends (the password must be entered again). */
export const TWO_FACTOR_MAX_FAILED_CODES = 5;

// The answers of two-factor sign-in: a text of the contract catalog (`*_TEXT`, answered in the reader's language) and
// its English (the plain name), as API clients and tests compare it.
export const WRONG_TWO_FACTOR_CODE_TEXT = text(messages, 'wrongTwoFactorCode');
export const WRONG_TWO_FACTOR_CODE = String(WRONG_TWO_FACTOR_CODE_TEXT);
export const TWO_FACTOR_CHALLENGE_ENDED_TEXT = text(messages, 'twoFactorChallengeEnded');
export const TWO_FACTOR_CHALLENGE_ENDED = String(TWO_FACTOR_CHALLENGE_ENDED_TEXT);
export const TWO_FACTOR_TOO_MANY_CODES_TEXT = text(messages, 'twoFactorTooManyCodes');
export const TWO_FACTOR_TOO_MANY_CODES = String(TWO_FACTOR_TOO_MANY_CODES_TEXT);
/** DELETE /api/users/{id}/2fa for an account whose two-factor sign-in is off. */
export const TWO_FACTOR_NOT_ON = text(messages, 'twoFactorNotOn');
/** DELETE /api/users/{id}/2fa for the owner's own account: they turn it off on their account page, with a code. */
export const OWN_TWO_FACTOR = text(messages, 'ownTwoFactor');
export const TWO_FACTOR_SETUP_REQUIRED_TEXT = text(messages, 'twoFactorSetupRequired');
export const TWO_FACTOR_SETUP_REQUIRED = String(TWO_FACTOR_SETUP_REQUIRED_TEXT);

const CODE_REQUIRED = zodText(text(messages, 'enterTotpCode'));
const CODE_OR_RECOVERY_REQUIRED = zodText(text(messages, 'enterTotpOrRecoveryCode'));

/** A code from the authenticator app: six digits (spaces, as some apps show "123 456", are dropped). */
export const totpCodeField = z
  .string(CODE_REQUIRED)
  .max(40, CODE_REQUIRED)
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_REQUIRED));

/** A recovery code as written: ten letters and digits of base32, in two groups ("abcde-fghij"), any case. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

/** A code from the app or a recovery code: the kind is told apart by its shape (digits only, or base32 letters). */
export const totpOrRecoveryCodeField = z
  .string(CODE_OR_RECOVERY_REQUIRED)
  .max(40, CODE_OR_RECOVERY_REQUIRED)
  .transform((code) => code.replace(/\s/g, '').toLowerCase())
  .pipe(
    z.union([z.string().regex(/^\d{6}$/), z.string().regex(RECOVERY_CODE_PATTERN)], CODE_OR_RECOVERY_REQUIRED),
  );

/** POST /api/auth/2fa/enable. */
export const enableTwoFactorInput = z.object({ code: totpCodeField });
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorInput>;

/** DELETE /api/auth/2fa and POST /api/auth/login/2fa. */
export const twoFactorCodeInput = z.object({ code: totpOrRecoveryCodeField });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeInput>;

/** POST /api/auth/2fa/setup: the new secret (base32), for manual entry, and the otpauth:// URI the QR code carries. */
export const twoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** POST /api/auth/2fa/enable: the recovery codes, shown this once (the server keeps only their hashes). */
export const twoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabled>;

/** POST /api/auth/login for an account with two-factor sign-in on: no session yet, a code is needed. */
export const twoFactorRequired = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorRequired = z.infer<typeof twoFactorRequired>;

/**
 * GET /api/auth/user, and the answer of a completed sign-in: the user, whether two-factor sign-in is on, and whether
 * it must be set up before anything else (a manager of an organisation that requires it, who has not set it up).
 */
export const currentUser = authUser.extend({
  twoFactorEnabled: z.boolean(),
  twoFactorSetupRequired: z.boolean(),
  /** The language the person chose (contract/languages.ts); null: the organisation's. */
  language: z.enum(LANGUAGES).nullable(),
});

/** PATCH /api/auth/user: what an owner or manager changes about their own account here (the password has its own route). */
export const updateMyAccountInput = z
  .object({ language: languageChoice })
  .strict();
export type UpdateMyAccountInput = z.infer<typeof updateMyAccountInput>;
export type CurrentUser = z.infer<typeof currentUser>;

/** POST /api/auth/login answers the user, or that a code is needed (POST /api/auth/login/2fa then answers the user). */
export const loginAnswer = z.union([currentUser, twoFactorRequired]);
export type LoginAnswer = z.infer<typeof loginAnswer>;
