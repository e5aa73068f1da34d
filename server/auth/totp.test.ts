import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, totpCode, totpCodeAt, totpStepAt, verifyTotp } from './totp';
import { RECOVERY_CODE_PATTERN } from '../../contract/two-factor';

const ascii = (text: string) => new TextEncoder().encode(text);

// RFC 6238 Appendix B: the seeds (ASCII digits, as long as each hash's output) and the 8-digit codes at each time.
const SEEDS = {
  SHA1: ascii('12345678901234567890'),
  SHA256: ascii('12345678901234567890123456789012'),
  SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;
const VECTORS: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

/** The RFC's SHA-1 seed in base32, as the app stores secrets. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the published test vectors at %i s', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(totpCodeAt(SEEDS.SHA1, at, { digits: 8, algorithm: 'SHA1' })).toBe(sha1);
    expect(totpCodeAt(SEEDS.SHA256, at, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
    expect(totpCodeAt(SEEDS.SHA512, at, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
  });

  it('makes the 6-digit codes of the same values (the last six digits) from a base32 secret', () => {
    for (const [seconds, sha1] of VECTORS) expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(sha1.slice(2));
  });

  it('accepts the current step and one either side, and answers the step the code was made for', () => {
    const at = 1111111111_000;
    const step = totpStepAt(at);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at), at, null)).toBe(step);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at, null)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at, null)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and codes that are not six digits', () => {
    const at = 1234567890_000;
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 60_000), at, null)).toBeUndefined();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 60_000), at, null)).toBeUndefined();
    const right = totpCode(RFC_SECRET, at);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyTotp(RFC_SECRET, wrong, at, null)).toBeUndefined();
    expect(verifyTotp(RFC_SECRET, `${right}0`, at, null)).toBeUndefined();
    expect(verifyTotp(RFC_SECRET, 'abcdef', at, null)).toBeUndefined();
  });

  it('refuses a replay: a code of a step at or before the last accepted one', () => {
    const at = 2000000000_000;
    const step = totpStepAt(at);
    const code = totpCode(RFC_SECRET, at);
    expect(verifyTotp(RFC_SECRET, code, at, step - 1)).toBe(step);
    expect(verifyTotp(RFC_SECRET, code, at, step)).toBeUndefined();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at, step)).toBeUndefined();
    // A later step's code is still good after an earlier one was used.
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at, step)).toBe(step + 1);
  });

  it('makes random 160-bit secrets and an otpauth URI naming the issuer and the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'pat@example.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/TierTrack:pat@example.test');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'TierTrack', digits: '6', period: '30', algorithm: 'SHA1' });
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of ten base32 letters in two groups', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
  });

  it('hash the same whatever the case, spaces or dash', () => {
    const hash = hashRecoveryCode('abcde-fghij');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('ABCDEFGHIJ')).toBe(hash);
    expect(hashRecoveryCode(' abcde fghij ')).toBe(hash);
    expect(hashRecoveryCode('abcde-fghik')).not.toBe(hash);
  });
});
