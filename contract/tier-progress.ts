import { moneyToCents } from './cents';
import { countRewardsWaiting, isRewardWaiting } from './tier-offers';

/**
 * Pure rules of the agent's tier display (docs/product.md §9.4): the state of each tier, its progress bar, what is left
 * to earn and the next target. Money is integer cents (bigint) throughout; the web formats the results.
 */

export const tierStates = ['CLAIMED', 'READY TO CLAIM', 'REACHED', 'IN PROGRESS', 'LOCKED'] as const;
export type TierState = (typeof tierStates)[number];

/** The icon family of a tier, by order: 12 the top icon, 9 and above the second, 6 and above the third. */
export type TierIconKind = 'crown' | 'gem' | 'medal' | 'star';

/** A reward option an agent can pick: an active option of the tier (docs/decisions/0081-tier-offers.md). */
export interface TierOffer {
  id: number;
  title: string;
  description: string;
  category: string;
}

export interface TierProgressInput {
  id: number;
  name: string;
  order: number;
  threshold: string;
  /** The tier's active reward options: what it offers. */
  rewardOptions: readonly TierOffer[];
}

export interface TierProgress<T extends TierProgressInput = TierProgressInput> {
  tier: T;
  state: TierState;
  /** 0 to 100, whole percent rounded down (a bar never shows 100 before the tier is reached). */
  progressPercent: number;
  thresholdCents: bigint;
  /** What is left to earn to reach the tier; 0 once reached. */
  remainingCents: bigint;
  /** What the tier offers: its active reward options; none means "Coming Soon", and a reached tier cannot be claimed. */
  offers: readonly TierOffer[];
  icon: TierIconKind;
}

export interface TierProgressSummary<T extends TierProgressInput = TierProgressInput> {
  tiers: TierProgress<T>[];
  totalCents: bigint;
  readyToClaimCount: number;
  claimedCount: number;
  /** The lowest tier not reached yet, with what is left to earn; null at the top level. */
  nextTarget: { tier: T; remainingCents: bigint } | null;
}

/**
 * CLAIMED when the tier was claimed (even if a later deduction took the total below it again); READY TO CLAIM when
 * the total is at or above the threshold and the tier offers a reward to pick; REACHED when it offers none yet (nothing
 * can be claimed); IN PROGRESS otherwise, for every unreached tier. LOCKED exists for the display but these rules
 * never produce it.
 */
export function tierState(input: { totalCents: bigint; thresholdCents: bigint; claimed: boolean; activeOptionCount: number }): TierState {
  if (input.claimed) return 'CLAIMED';
  const reached = input.totalCents >= input.thresholdCents;
  if (isRewardWaiting({ reached, claimed: false, activeOptionCount: input.activeOptionCount })) return 'READY TO CLAIM';
  return reached ? 'REACHED' : 'IN PROGRESS';
}

/**
 * (total - previous threshold) / (threshold - previous threshold), clamped to 0..100, rounded down to a whole
 * percent; 100 once the tier is reached. The previous threshold is 0 for the first tier.
 */
export function progressPercent(totalCents: bigint, thresholdCents: bigint, previousThresholdCents: bigint): number {
  if (totalCents >= thresholdCents) return 100;
  const span = thresholdCents - previousThresholdCents;
  if (span <= 0n) return 0;
  const earned = totalCents - previousThresholdCents;
  if (earned <= 0n) return 0;
  const percent = (earned * 100n) / span;
  return Number(percent > 100n ? 100n : percent);
}

/** What is left to earn to reach a threshold; never negative. */
export function remainingCents(totalCents: bigint, thresholdCents: bigint): bigint {
  return totalCents >= thresholdCents ? 0n : thresholdCents - totalCents;
}

export function tierIconKind(order: number): TierIconKind {
  if (order >= 12) return 'crown';
  if (order >= 9) return 'gem';
  if (order >= 6) return 'medal';
  return 'star';
}

/** Every tier sorted by order with its state and progress, and the figures of the summary tiles. */
export function summarizeTierProgress<T extends TierProgressInput>(input: {
  totalIncome: string;
  claimedTiers: readonly number[];
  tiers: readonly T[];
}): TierProgressSummary<T> {
  const totalCents = moneyToCents(input.totalIncome);
  const claimed = new Set(input.claimedTiers);
  const sorted = [...input.tiers].sort((a, b) => a.order - b.order);
  let previousThresholdCents = 0n;
  const tiers = sorted.map((tier): TierProgress<T> => {
    const thresholdCents = moneyToCents(tier.threshold);
    const progress: TierProgress<T> = {
      tier,
      state: tierState({ totalCents, thresholdCents, claimed: claimed.has(tier.id), activeOptionCount: tier.rewardOptions.length }),
      progressPercent: progressPercent(totalCents, thresholdCents, previousThresholdCents),
      thresholdCents,
      remainingCents: remainingCents(totalCents, thresholdCents),
      offers: tier.rewardOptions,
      icon: tierIconKind(tier.order),
    };
    previousThresholdCents = thresholdCents;
    return progress;
  });
  const next = tiers.find((t) => t.remainingCents > 0n);
  return {
    tiers,
    totalCents,
    // The portal counts its rewards waiting with the same function, so the two screens cannot disagree.
    readyToClaimCount: countRewardsWaiting(
      tiers.map((t) => ({ reached: t.remainingCents === 0n, claimed: claimed.has(t.tier.id), activeOptionCount: t.offers.length })),
    ),
    claimedCount: tiers.filter((t) => t.state === 'CLAIMED').length,
    nextTarget: next ? { tier: next.tier, remainingCents: next.remainingCents } : null,
  };
}
