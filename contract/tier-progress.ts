import { moneyToCents } from './cents';
import { COMING_SOON } from './limits';

/**
 * Pure rules of the agent's tier display (docs/product.md §9.4): the state of each tier, its progress bar, what is left
 * to earn and the next target. Money is integer cents (bigint) throughout; the web formats the results.
 */

export const tierStates = ['CLAIMED', 'READY TO CLAIM', 'IN PROGRESS', 'LOCKED'] as const;
export type TierState = (typeof tierStates)[number];

/** The icon family of a tier, by order: 12 the top icon, 9 and above the second, 6 and above the third. */
export type TierIconKind = 'crown' | 'gem' | 'medal' | 'star';

export interface TierProgressInput {
  id: number;
  name: string;
  order: number;
  threshold: string;
  rewards: string;
}

export interface TierProgress<T extends TierProgressInput = TierProgressInput> {
  tier: T;
  state: TierState;
  /** 0 to 100, whole percent rounded down (a bar never shows 100 before the tier is reached). */
  progressPercent: number;
  thresholdCents: bigint;
  /** What is left to earn to reach the tier; 0 once reached. */
  remainingCents: bigint;
  rewardLines: string[];
  /** True when the owner has not configured rewards yet (the rewards text is Coming Soon or empty). */
  comingSoon: boolean;
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
 * the total is at or above the threshold; IN PROGRESS otherwise, for every unreached tier. LOCKED exists for the
 * display but these rules never produce it.
 */
export function tierState(input: { totalCents: bigint; thresholdCents: bigint; claimed: boolean }): TierState {
  if (input.claimed) return 'CLAIMED';
  if (input.totalCents >= input.thresholdCents) return 'READY TO CLAIM';
  return 'IN PROGRESS';
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

/** The rewards text split into one line per reward, blank lines dropped. */
export function rewardLines(rewards: string): string[] {
  return rewards
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
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
    const lines = rewardLines(tier.rewards);
    const progress: TierProgress<T> = {
      tier,
      state: tierState({ totalCents, thresholdCents, claimed: claimed.has(tier.id) }),
      progressPercent: progressPercent(totalCents, thresholdCents, previousThresholdCents),
      thresholdCents,
      remainingCents: remainingCents(totalCents, thresholdCents),
      rewardLines: lines,
      comingSoon: lines.length === 0 || (lines.length === 1 && lines[0]!.toLowerCase() === COMING_SOON.toLowerCase()),
      icon: tierIconKind(tier.order),
    };
    previousThresholdCents = thresholdCents;
    return progress;
  });
  const next = tiers.find((t) => t.remainingCents > 0n);
  return {
    tiers,
    totalCents,
    readyToClaimCount: tiers.filter((t) => t.state === 'READY TO CLAIM').length,
    claimedCount: tiers.filter((t) => t.state === 'CLAIMED').length,
    nextTarget: next ? { tier: next.tier, remainingCents: next.remainingCents } : null,
  };
}
