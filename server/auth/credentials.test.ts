import { describe, expect, it, vi } from 'vitest';
import type * as passwords from './passwords';
import { hashPassword, verifyPassword } from './passwords';
import { checkPassword } from './credentials';

// The real functions, watched: which hash a check verifies against shows the work it does, with no clock involved.
vi.mock('./passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

describe('checkPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await checkPassword(hash, 'correct horse battery')).toBe(true);
    expect(await checkPassword(hash, 'correct horse battery!')).toBe(false);
  });

  it('refuses every password when there is no account, after doing the work of a real verification', async () => {
    const real = await hashPassword('some password');
    const verify = vi.mocked(verifyPassword);
    verify.mockClear();
    expect(await checkPassword(undefined, 'some password')).toBe(false);
    // One Argon2 verification of the password given, against a hash made with the same algorithm and cost as a real
    // account's ($argon2id$v=..$m=..,t=..,p=..$): a missing account is not answered sooner than a wrong password.
    expect(verify).toHaveBeenCalledTimes(1);
    const [dummy, tried] = verify.mock.calls[0]!;
    expect(tried).toBe('some password');
    expect(dummy.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4));
    expect(dummy).not.toBe(real);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await checkPassword('not-a-hash', 'whatever')).toBe(false);
  });
});
