import { formatMoney, type MoneySettings } from '../../contract/money-format';
import { MAX_ENTRY_CENTS } from '../../contract/money';
import { COMING_SOON } from '../../contract/tiers';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';

/** A tier as the threshold rules see it: money in integer cents. */
export interface TierThreshold {
  id: number;
  name: string;
  order: number;
  thresholdCents: bigint;
}

export interface ThresholdRange {
  /** Smallest allowed threshold, inclusive. */
  min: bigint;
  /** Largest allowed threshold, inclusive. */
  max: bigint;
}

/**
 * Thresholds stay strictly increasing with order, so a tier's threshold must lie strictly between its
 * neighbours' (above zero for the first tier, within the largest amount for the last).
 * Returns undefined when the tier is not in the list.
 */
export function allowedThresholdRange(tiers: readonly TierThreshold[], tierId: number): ThresholdRange | undefined {
  const tier = tiers.find((t) => t.id === tierId);
  if (!tier) return undefined;
  let previous: TierThreshold | undefined;
  let next: TierThreshold | undefined;
  for (const other of tiers) {
    if (other.order < tier.order && (!previous || other.order > previous.order)) previous = other;
    if (other.order > tier.order && (!next || other.order < next.order)) next = other;
  }
  return {
    min: previous ? previous.thresholdCents + 1n : 1n,
    max: next ? next.thresholdCents - 1n : MAX_ENTRY_CENTS,
  };
}

/**
 * Refuses a new threshold that would break the order (VALIDATION_FAILED on the threshold field, naming the allowed
 * range in the organisation's currency and locale, with cents: "$10,000.01"). An unknown tier passes: that is the
 * caller's 404, not an order problem.
 */
export function assertThresholdInOrder(tiers: readonly TierThreshold[], tierId: number, thresholdCents: bigint, settings: MoneySettings): void {
  const range = allowedThresholdRange(tiers, tierId);
  const tier = tiers.find((t) => t.id === tierId);
  if (!range || !tier) return;
  if (thresholdCents >= range.min && thresholdCents <= range.max) return;
  const money = (cents: bigint) => formatMoney(cents, settings, 'always');
  const message =
    range.min > range.max
      ? text(messages, 'thresholdStuck', { tier: tier.name, below: money(range.min - 1n), above: money(range.max + 1n) })
      : text(messages, 'thresholdBetween', { tier: tier.name, min: money(range.min), max: money(range.max) });
  throw invalid(message, 'threshold');
}

/** Rewards text as stored: text with nothing but blanks means no rewards yet, which reads "Coming Soon" everywhere. */
export function rewardsTextToStore(text: string): string {
  return text.trim() === '' ? COMING_SOON : text;
}
