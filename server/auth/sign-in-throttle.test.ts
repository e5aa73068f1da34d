import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_RATE_LIMITS, TEST_SIGN_IN_RATE_LIMITS } from '../http/security';
import { DEFAULT_ACCOUNT_BUDGET, DEFAULT_TWO_FACTOR_CODE_BUDGET, signInDelayMs, type GuessBudget } from './sign-in-throttle';

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

describe('the production guess budgets (docs/decisions/0035-per-account-guess-budget.md)', () => {
  const HOUR = 60 * 60 * 1000;
  /**
   * The most failures one budget lets through in any 60 minutes. Its windows do not overlap and each lasts windowMs,
   * so 60 minutes touch at most one window begun before them and ceil(60 min / windowMs) begun within them.
   */
  const mostFailuresInAnHour = (budget: GuessBudget) => budget.failures * (Math.ceil(HOUR / budget.windowMs) + 1);

  it('are what the app runs with outside tests', () => {
    expect(DEFAULT_SIGN_IN_RATE_LIMITS.accountBudget).toBe(DEFAULT_ACCOUNT_BUDGET);
    expect(DEFAULT_SIGN_IN_RATE_LIMITS.twoFactorCodeBudget).toBe(DEFAULT_TWO_FACTOR_CODE_BUDGET);
  });

  it('let at most 100 wrong passwords an hour reach an account from new devices (ASVS 2.2.1), and 20 wrong codes', () => {
    expect(DEFAULT_ACCOUNT_BUDGET).toEqual({ failures: 50, windowMs: HOUR });
    expect(mostFailuresInAnHour(DEFAULT_ACCOUNT_BUDGET)).toBeLessThanOrEqual(100);
    expect(DEFAULT_TWO_FACTOR_CODE_BUDGET).toEqual({ failures: 10, windowMs: HOUR });
    expect(mostFailuresInAnHour(DEFAULT_TWO_FACTOR_CODE_BUDGET)).toBeLessThanOrEqual(20);
  });

  it('are out of reach only under NODE_ENV=test', () => {
    expect(TEST_SIGN_IN_RATE_LIMITS.accountBudget!.failures).toBeGreaterThan(1_000);
    expect(TEST_SIGN_IN_RATE_LIMITS.twoFactorCodeBudget!.failures).toBeGreaterThan(1_000);
  });
});
