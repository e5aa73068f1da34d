import { describe, expect, it } from 'vitest';
import { CLAIM_TRANSITIONS, claimStatuses } from '../../contract/rewards';
import { assertClaimAllowed, findNextTier, isTierReached, transitionRefusal, transitionSources, type ClaimCheck } from './claims';
import { AppError } from './errors';

const gold = { id: 4, name: 'Gold', threshold: '35000.00' };
const base: ClaimCheck = { total: '35000.00', tier: gold, alreadyClaimed: false, option: { tierId: 4, isActive: true } };

describe('isTierReached', () => {
  it('is true exactly at the threshold and above it', () => {
    expect(isTierReached('35000.00', '35000.00')).toBe(true);
    expect(isTierReached('35000.01', '35000.00')).toBe(true);
  });

  it('is false one cent below the threshold and for negative totals', () => {
    expect(isTierReached('34999.99', '35000.00')).toBe(false);
    expect(isTierReached('-100.00', '5000.00')).toBe(false);
  });

  it('compares exactly beyond floating-point precision', () => {
    expect(isTierReached('9007199254740993.00', '9007199254740993.01')).toBe(false);
  });
});

describe('findNextTier', () => {
  const tiers = [
    { id: 1, threshold: '5000.00' },
    { id: 2, threshold: '10000.00' },
    { id: 3, threshold: '20000.00' },
  ];

  it('gives the first tier whose threshold is above the total', () => {
    expect(findNextTier(tiers, '0.00')?.id).toBe(1);
    expect(findNextTier(tiers, '5000.00')?.id).toBe(2);
    expect(findNextTier(tiers, '9999.99')?.id).toBe(2);
    expect(findNextTier(tiers, '-50.00')?.id).toBe(1);
  });

  it('gives null once every tier is reached', () => {
    expect(findNextTier(tiers, '20000.00')).toBeNull();
  });
});

/** The refusal a check gets, as code and message, or null when the claim is allowed. */
function refusalOf(check: ClaimCheck): { code: string; message: string } | null {
  try {
    assertClaimAllowed(check);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('assertClaimAllowed', () => {
  it('allows a claim exactly at the threshold', () => {
    expect(refusalOf(base)).toBeNull();
  });

  it('refuses one cent below the threshold, naming the tier', () => {
    expect(refusalOf({ ...base, total: '34999.99' })).toEqual({ code: 'VALIDATION_FAILED', message: 'You have not reached the Gold tier yet' });
  });

  it('refuses a negative total', () => {
    expect(refusalOf({ ...base, total: '-0.01' })).toEqual({ code: 'VALIDATION_FAILED', message: 'You have not reached the Gold tier yet' });
  });

  it('refuses a tier claimed already, before any other rule', () => {
    const conflict = { code: 'CONFLICT', message: 'You have already claimed the reward for the Gold tier' };
    expect(refusalOf({ ...base, alreadyClaimed: true })).toEqual(conflict);
    expect(refusalOf({ ...base, alreadyClaimed: true, total: '0.00' })).toEqual(conflict);
  });

  it('refuses an option of another tier', () => {
    expect(refusalOf({ ...base, option: { tierId: 3, isActive: true } })).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This reward is not offered for the Gold tier',
    });
  });

  it('refuses an inactive option', () => {
    expect(refusalOf({ ...base, option: { tierId: 4, isActive: false } })).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This reward is no longer available',
    });
  });
});

describe('claim transitions', () => {
  it('start only from the statuses that allow them, and never leave delivered or rejected', () => {
    for (const to of claimStatuses) {
      for (const from of claimStatuses) expect(transitionSources(to).includes(from), `${from} -> ${to}`).toBe(CLAIM_TRANSITIONS[from].includes(to));
    }
    expect(transitionSources('shipped')).toEqual(['processed']);
    expect(transitionSources('rejected')).toEqual(['pending', 'processed']);
    expect(transitionSources('pending')).toEqual([]);
    expect(CLAIM_TRANSITIONS.delivered).toEqual([]);
    expect(CLAIM_TRANSITIONS.rejected).toEqual([]);
  });

  it('say why a refused transition is refused, naming what the claim can become', () => {
    expect(transitionRefusal('pending', 'delivered')).toBe('A pending claim cannot be marked delivered: it can be marked processed or rejected');
    expect(transitionRefusal('shipped', 'processed')).toBe('This claim has already been processed');
    expect(transitionRefusal('delivered', 'rejected')).toBe('This claim has been delivered: its status cannot change any more');
    expect(transitionRefusal('rejected', 'processed')).toBe('This claim was rejected: its status cannot change any more (the agent may claim the tier again)');
    expect(transitionRefusal('shipped', 'shipped')).toBe('This claim is already shipped');
  });
});
