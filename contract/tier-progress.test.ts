import { describe, expect, it } from 'vitest';
import {
  progressPercent,
  remainingCents,
  summarizeTierProgress,
  tierIconKind,
  tierState,
} from './tier-progress';

const option = (id: number, title: string) => ({ id, title, description: `${title}, described`, category: 'Other' });
const tiers = [
  { id: 11, name: 'Starter', order: 1, threshold: '5000.00', rewardOptions: [option(1, 'Swag pack'), option(2, 'Shout-out')] },
  { id: 12, name: 'Bronze', order: 2, threshold: '10000.00', rewardOptions: [] },
  { id: 13, name: 'Silver', order: 3, threshold: '20000.00', rewardOptions: [option(3, '$100 gift card')] },
];

describe('tierState', () => {
  it('is READY TO CLAIM exactly at the threshold and IN PROGRESS one cent below', () => {
    expect(tierState({ totalCents: 500_000n, thresholdCents: 500_000n, claimed: false, activeOptionCount: 1 })).toBe('READY TO CLAIM');
    expect(tierState({ totalCents: 499_999n, thresholdCents: 500_000n, claimed: false, activeOptionCount: 1 })).toBe('IN PROGRESS');
  });

  it('is REACHED, not READY TO CLAIM, when the tier offers no option to pick', () => {
    expect(tierState({ totalCents: 900_000n, thresholdCents: 500_000n, claimed: false, activeOptionCount: 0 })).toBe('REACHED');
    expect(tierState({ totalCents: 499_999n, thresholdCents: 500_000n, claimed: false, activeOptionCount: 0 })).toBe('IN PROGRESS');
  });

  it('stays CLAIMED when a deduction took the total below the threshold again, or its options were removed', () => {
    expect(tierState({ totalCents: 100n, thresholdCents: 500_000n, claimed: true, activeOptionCount: 1 })).toBe('CLAIMED');
    expect(tierState({ totalCents: 900_000n, thresholdCents: 500_000n, claimed: true, activeOptionCount: 0 })).toBe('CLAIMED');
  });

  it('is IN PROGRESS for a negative total', () => {
    expect(tierState({ totalCents: -1_000n, thresholdCents: 500_000n, claimed: false, activeOptionCount: 1 })).toBe('IN PROGRESS');
  });
});

describe('progressPercent', () => {
  it('measures from 0 for the first tier', () => {
    expect(progressPercent(250_000n, 500_000n, 0n)).toBe(50);
    expect(progressPercent(0n, 500_000n, 0n)).toBe(0);
  });

  it('measures from the previous threshold for later tiers', () => {
    // Silver: 10,000 -> 20,000; 15,000 is half way.
    expect(progressPercent(1_500_000n, 2_000_000n, 1_000_000n)).toBe(50);
    // Below the previous threshold clamps to 0.
    expect(progressPercent(500_000n, 2_000_000n, 1_000_000n)).toBe(0);
  });

  it('is 100 exactly at the threshold and above it, and rounds down just below it', () => {
    expect(progressPercent(2_000_000n, 2_000_000n, 1_000_000n)).toBe(100);
    expect(progressPercent(9_000_000n, 2_000_000n, 1_000_000n)).toBe(100);
    expect(progressPercent(1_999_999n, 2_000_000n, 1_000_000n)).toBe(99);
  });

  it('clamps a negative total to 0', () => {
    expect(progressPercent(-50_000n, 500_000n, 0n)).toBe(0);
  });

  it('gives 0 rather than dividing by zero when thresholds do not increase', () => {
    expect(progressPercent(100n, 500_000n, 500_000n)).toBe(0);
  });
});

describe('remainingCents', () => {
  it('is the gap below the threshold and 0 at or above it', () => {
    expect(remainingCents(499_950n, 500_000n)).toBe(50n);
    expect(remainingCents(500_000n, 500_000n)).toBe(0n);
    expect(remainingCents(600_000n, 500_000n)).toBe(0n);
    expect(remainingCents(-10_000n, 500_000n)).toBe(510_000n);
  });
});

describe('tierIconKind', () => {
  it('gives the top icon to order 12, the second from 9, the third from 6, a star below', () => {
    expect([1, 5, 6, 8, 9, 11, 12].map(tierIconKind)).toEqual(['star', 'star', 'medal', 'medal', 'gem', 'gem', 'crown']);
  });
});

describe('summarizeTierProgress', () => {
  it('sorts by order and derives state, progress, remaining, offers and the summary figures', () => {
    const summary = summarizeTierProgress({ totalIncome: '15000.00', claimedTiers: [11], tiers: [tiers[2]!, tiers[0]!, tiers[1]!] });
    expect(summary.tiers.map((t) => t.tier.name)).toEqual(['Starter', 'Bronze', 'Silver']);
    // Bronze is reached but offers nothing to pick: not ready to claim, and not counted.
    expect(summary.tiers.map((t) => t.state)).toEqual(['CLAIMED', 'REACHED', 'IN PROGRESS']);
    expect(summary.tiers.map((t) => t.progressPercent)).toEqual([100, 100, 50]);
    expect(summary.tiers.map((t) => t.remainingCents)).toEqual([0n, 0n, 500_000n]);
    expect(summary.tiers.map((t) => t.offers.map((offer) => offer.title))).toEqual([['Swag pack', 'Shout-out'], [], ['$100 gift card']]);
    expect(summary.readyToClaimCount).toBe(0);
    expect(summary.claimedCount).toBe(1);
    expect(summary.nextTarget).toEqual({ tier: tiers[2], remainingCents: 500_000n });
  });

  it('targets the first tier for a new agent with a negative total', () => {
    const summary = summarizeTierProgress({ totalIncome: '-200.00', claimedTiers: [], tiers });
    expect(summary.tiers.map((t) => t.state)).toEqual(['IN PROGRESS', 'IN PROGRESS', 'IN PROGRESS']);
    expect(summary.tiers.map((t) => t.progressPercent)).toEqual([0, 0, 0]);
    expect(summary.nextTarget).toEqual({ tier: tiers[0], remainingCents: 520_000n });
    expect(summary.readyToClaimCount).toBe(0);
  });

  it('has no next target once the last tier is reached (Max Level)', () => {
    const summary = summarizeTierProgress({ totalIncome: '20000.00', claimedTiers: [], tiers });
    expect(summary.tiers.map((t) => t.state)).toEqual(['READY TO CLAIM', 'REACHED', 'READY TO CLAIM']);
    expect(summary.nextTarget).toBeNull();
    expect(summary.readyToClaimCount).toBe(2);
  });

  it('keeps a claimed tier CLAIMED after the total fell below it, and targets it again', () => {
    const summary = summarizeTierProgress({ totalIncome: '4000.00', claimedTiers: [11], tiers });
    expect(summary.tiers[0]!.state).toBe('CLAIMED');
    expect(summary.tiers[0]!.progressPercent).toBe(80);
    expect(summary.claimedCount).toBe(1);
    expect(summary.nextTarget?.tier.name).toBe('Starter');
  });
});
