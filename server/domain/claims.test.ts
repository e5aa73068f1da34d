import { describe, expect, it } from 'vitest';
import { canClaim, describeClaimRefusal, findNextTier, isTierReached, type ClaimCheck } from './claims';

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

describe('canClaim', () => {
  it('allows a claim exactly at the threshold', () => {
    expect(canClaim(base)).toBeNull();
  });

  it('refuses one cent below the threshold, naming the tier', () => {
    expect(canClaim({ ...base, total: '34999.99' })).toEqual({ kind: 'tier-not-reached', tierName: 'Gold' });
  });

  it('refuses a negative total', () => {
    expect(canClaim({ ...base, total: '-0.01' })).toEqual({ kind: 'tier-not-reached', tierName: 'Gold' });
  });

  it('refuses a tier claimed already, before any other rule', () => {
    expect(canClaim({ ...base, alreadyClaimed: true })).toEqual({ kind: 'already-claimed', tierName: 'Gold' });
    expect(canClaim({ ...base, alreadyClaimed: true, total: '0.00' })).toEqual({ kind: 'already-claimed', tierName: 'Gold' });
  });

  it('refuses an option of another tier', () => {
    expect(canClaim({ ...base, option: { tierId: 3, isActive: true } })).toEqual({ kind: 'reward-not-in-tier', tierName: 'Gold' });
  });

  it('refuses an inactive option', () => {
    expect(canClaim({ ...base, option: { tierId: 4, isActive: false } })).toEqual({ kind: 'reward-inactive' });
  });
});

describe('describeClaimRefusal', () => {
  it('maps refusals to error codes and readable messages', () => {
    expect(describeClaimRefusal({ kind: 'already-claimed', tierName: 'Gold' })).toEqual({
      code: 'CONFLICT',
      message: 'You have already claimed the reward for the Gold tier',
    });
    expect(describeClaimRefusal({ kind: 'tier-not-reached', tierName: 'Ruby' })).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'You have not reached the Ruby tier yet',
    });
    expect(describeClaimRefusal({ kind: 'tier-not-found' })).toEqual({ code: 'NOT_FOUND', message: 'Tier not found' });
    expect(describeClaimRefusal({ kind: 'reward-not-found' }).code).toBe('NOT_FOUND');
    expect(describeClaimRefusal({ kind: 'reward-inactive' }).code).toBe('VALIDATION_FAILED');
    expect(describeClaimRefusal({ kind: 'reward-not-in-tier', tierName: 'Gold' }).code).toBe('VALIDATION_FAILED');
  });
});
