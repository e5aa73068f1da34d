import { describe, expect, it } from 'vitest';
import { TIER_DEFINITIONS } from '../../contract/tiers';
import { AppError } from './errors';
import { allowedThresholdRange, assertThresholdInOrder, rewardsTextToStore, type TierThreshold } from './tiers';

/** The message of the refusal (always a 400 on the threshold field), or null when the threshold is allowed. */
function orderProblem(tiers: readonly TierThreshold[], tierId: number, cents: bigint, settings = { currency: 'USD', locale: 'en-US' }): string | null {
  try {
    assertThresholdInOrder(tiers, tierId, cents, settings);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([{ path: 'threshold', message: error.message }]);
    return error.message;
  }
}

const shipped: TierThreshold[] = TIER_DEFINITIONS.map((t) => ({
  id: t.order,
  name: t.name,
  order: t.order,
  thresholdCents: BigInt(t.dollars) * 100n,
}));

describe('allowedThresholdRange', () => {
  it('lies strictly between the neighbours', () => {
    expect(allowedThresholdRange(shipped, 3)).toEqual({ min: 1_000_001n, max: 3_499_999n });
  });

  it('starts above zero for the first tier and ends at the largest amount for the last', () => {
    expect(allowedThresholdRange(shipped, 1)).toEqual({ min: 1n, max: 999_999n });
    expect(allowedThresholdRange(shipped, 12)).toEqual({ min: 50_000_001n, max: 99_999_999_999_999n });
  });

  it('follows order, not the position in the list', () => {
    const shuffled = [...shipped].reverse();
    expect(allowedThresholdRange(shuffled, 3)).toEqual({ min: 1_000_001n, max: 3_499_999n });
  });

  it('is undefined for an unknown tier', () => {
    expect(allowedThresholdRange(shipped, 99)).toBeUndefined();
  });
});

describe('assertThresholdInOrder', () => {
  it('accepts a value strictly inside the range, including both ends', () => {
    expect(orderProblem(shipped, 3, 2_500_000n)).toBeNull();
    expect(orderProblem(shipped, 3, 1_000_001n)).toBeNull();
    expect(orderProblem(shipped, 3, 3_499_999n)).toBeNull();
    expect(orderProblem(shipped, 3, 2_000_000n)).toBeNull();
  });

  it('refuses a value equal to or beyond a neighbour, naming the allowed range', () => {
    const message = 'Silver threshold must be between $10,000.01 and $34,999.99';
    expect(orderProblem(shipped, 3, 1_000_000n)).toBe(message);
    expect(orderProblem(shipped, 3, 3_500_000n)).toBe(message);
    expect(orderProblem(shipped, 3, 500n)).toBe(message);
    expect(orderProblem(shipped, 3, 10_000_000n)).toBe(message);
  });

  it("names the range in the organisation's currency and locale", () => {
    expect(orderProblem(shipped, 3, 1_000_000n, { currency: 'EUR', locale: 'de-DE' })).toBe(
      'Silver threshold must be between 10.000,01\u00a0€ and 34.999,99\u00a0€',
    );
    expect(orderProblem(shipped, 3, 1_000_000n, { currency: 'EUR', locale: 'en-US' })).toBe('Silver threshold must be between €10,000.01 and €34,999.99');
  });

  it('names the first and last tiers ranges', () => {
    expect(orderProblem(shipped, 1, 1_000_000n)).toBe('Starter threshold must be between $0.01 and $9,999.99');
    expect(orderProblem(shipped, 12, 50_000_000n)).toBe(
      'Legend threshold must be between $500,000.01 and $999,999,999,999.99',
    );
  });

  it('explains when the neighbours leave no room at all', () => {
    // Bronze at $10,000.00 and Gold at $10,000.01 leave no amount for Silver in between.
    const tight = shipped.map((t) => (t.order === 4 ? { ...t, thresholdCents: 1_000_001n } : t));
    expect(orderProblem(tight, 3, 1_000_000n)).toBe(
      "Silver threshold cannot change: there is no amount between its neighbours' thresholds ($10,000.00 and $10,000.01)",
    );
  });

  it('has nothing to say about an unknown tier', () => {
    expect(orderProblem(shipped, 99, 1n)).toBeNull();
  });
});

describe('rewardsTextToStore', () => {
  it('stores Coming Soon for empty or blank text and anything else as given', () => {
    expect(rewardsTextToStore('')).toBe('Coming Soon');
    expect(rewardsTextToStore(' \n\t ')).toBe('Coming Soon');
    expect(rewardsTextToStore('Gift card\nDay off')).toBe('Gift card\nDay off');
    expect(rewardsTextToStore(' Gift card ')).toBe(' Gift card ');
  });
});
