import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '../../contract/two-factor';

/**
 * Time-based one-time passwords (RFC 6238) for two-factor sign-in, and its recovery codes: pure functions over the
 * secret and the time, computed by the `otpauth` library (docs/decisions/0030-two-factor-sign-in.md).
 */

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of the current one that are accepted too (clocks of phones drift, people type slowly). */
export const TOTP_WINDOW = 1;
const ISSUER = 'TierTrack';
/** 160 bits, the length of an HMAC-SHA-1 key that RFC 4226 recommends. */
const SECRET_BYTES = 20;

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

function totpOf(secret: Secret, options: { digits?: number; algorithm?: TotpAlgorithm } = {}) {
  return new TOTP({ secret, digits: options.digits ?? TOTP_DIGITS, algorithm: options.algorithm ?? 'SHA1', period: TOTP_PERIOD_SECONDS });
}

/** The 30-second step (RFC 6238's T) of a time. */
export const totpStepAt = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code for a secret (raw key bytes) at a time: for the RFC's test vectors, with their 8 digits and hashes. */
export function totpCodeAt(key: Uint8Array, atMs: number, options: { digits?: number; algorithm?: TotpAlgorithm } = {}): string {
  return totpOf(new Secret({ buffer: key.slice().buffer as ArrayBuffer }), options).generate({ timestamp: atMs });
}

/** The 6-digit code of a base32 secret at a time (what an authenticator app shows). */
export function totpCode(secretBase32: string, atMs: number): string {
  return totpOf(Secret.fromBase32(secretBase32)).generate({ timestamp: atMs });
}

/**
 * The step a code was made for, when it is the code of the secret for the current step or one either side, and that
 * step is later than `lastAcceptedStep` (a code is good once: a replay, or an older code after a newer one, fails);
 * else undefined.
 */
export function verifyTotp(secretBase32: string, code: string, atMs: number, lastAcceptedStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(Secret.fromBase32(secretBase32)).validate({ token: code, timestamp: atMs, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  const step = totpStepAt(atMs) + delta;
  if (lastAcceptedStep !== null && step <= lastAcceptedStep) return undefined;
  return step;
}

/** A new random secret, base32 (as authenticator apps take it). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code: issuer, account (the email) and secret. */
export function otpauthUri(secretBase32: string, accountEmail: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: accountEmail,
    secret: Secret.fromBase32(secretBase32),
    digits: TOTP_DIGITS,
    algorithm: 'SHA1',
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten new recovery codes: 50 random bits each, as "abcde-fghij". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const letters = Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its letters (any case, with or without the dash). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
