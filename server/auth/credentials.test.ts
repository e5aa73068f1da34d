import { describe, expect, it } from 'vitest';
import { hashPassword } from './passwords';
import { checkPassword } from './credentials';

describe('checkPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await checkPassword(hash, 'correct horse battery')).toBe(true);
    expect(await checkPassword(hash, 'correct horse battery!')).toBe(false);
  });

  it('refuses every password when there is no account, after doing the work of a real verification', async () => {
    const hash = await hashPassword('some password');
    await checkPassword(undefined, 'warm-up'); // the dummy hash is made once, on first use
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await fn();
      return performance.now() - start;
    };
    const withoutAccount = await time(() => checkPassword(undefined, 'some password'));
    const withAccount = await time(() => checkPassword(hash, 'wrong password'));
    expect(await checkPassword(undefined, 'some password')).toBe(false);
    // Same order of magnitude: a missing account is not answered instantly.
    expect(withoutAccount).toBeGreaterThan(withAccount / 3);
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await checkPassword('not-a-hash', 'whatever')).toBe(false);
  });
});
