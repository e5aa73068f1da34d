import { describe, expect, it } from 'vitest';
import { signInDelayMs } from './sign-in-throttle';

describe('signInDelayMs', () => {
  const delay = { afterFailures: 5, baseMs: 500, maxMs: 4_000, windowMs: 900_000 };

  it('holds nothing back before the account has failed afterFailures times', () => {
    for (let failures = 0; failures < 5; failures++) expect(signInDelayMs(failures, delay)).toBe(0);
  });

  it('then doubles from baseMs and stays at maxMs however many failures follow: a delay, never a block', () => {
    expect([5, 6, 7, 8, 9].map((failures) => signInDelayMs(failures, delay))).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect(signInDelayMs(1_000_000, delay)).toBe(4_000);
  });
});
