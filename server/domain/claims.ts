import { CLAIM_TRANSITIONS, type ClaimStatus } from '../../contract/rewards';
import { moneyToCents as toCents } from '../../contract/cents';
import { conflict, invalid } from './errors';

/** A tier is reached when the agent's current total is at or above its threshold. */
export function isTierReached(total: string, threshold: string): boolean {
  return toCents(total) >= toCents(threshold);
}

/** The first tier (in the given order) whose threshold the total has not reached, or null at the top. */
export function findNextTier<T extends { threshold: string }>(tiersByOrder: readonly T[], total: string): T | null {
  return tiersByOrder.find((tier) => !isTierReached(total, tier.threshold)) ?? null;
}

export interface ClaimCheck {
  /** The agent's current total profit. */
  total: string;
  tier: { id: number; name: string; threshold: string };
  alreadyClaimed: boolean;
  option: { tierId: number; isActive: boolean };
}

/** The refusal of a second claim of a tier (also when two claims race and the database lets one through). */
export const alreadyClaimed = (tierName: string) => conflict(`You have already claimed the reward for the ${tierName} tier`);

/**
 * The rules for claiming a tier's reward (docs/product.md §10.2): no earlier claim of the tier, a current total
 * at or above its threshold, and an active reward option of that tier. Throws for the first rule broken, with a
 * message that names the tier so the agent knows what to do next.
 */
export function assertClaimAllowed({ total, tier, alreadyClaimed: claimed, option }: ClaimCheck): void {
  if (claimed) throw alreadyClaimed(tier.name);
  if (!isTierReached(total, tier.threshold)) throw invalid(`You have not reached the ${tier.name} tier yet`);
  if (option.tierId !== tier.id) throw invalid(`This reward is not offered for the ${tier.name} tier`);
  if (!option.isActive) throw invalid('This reward is no longer available');
}

/**
 * Why a claim in status `from` cannot become `to` (docs/product.md §12.10), for the 409 of a refused transition: the
 * same status again, a final status, or a step the order of statuses does not allow.
 */
export function transitionRefusal(from: ClaimStatus, to: ClaimStatus): string {
  if (to === 'processed' && (from === 'processed' || from === 'shipped' || from === 'delivered')) return 'This claim has already been processed';
  if (from === to) return `This claim is already ${from}`;
  if (from === 'delivered') return 'This claim has been delivered: its status cannot change any more';
  if (from === 'rejected') return 'This claim was rejected: its status cannot change any more (the agent may claim the tier again)';
  return `A ${from} claim cannot be marked ${to}: it can be marked ${CLAIM_TRANSITIONS[from].join(' or ')}`;
}

/** The statuses from which a claim may become `to`. */
export const transitionSources = (to: ClaimStatus): ClaimStatus[] =>
  (Object.keys(CLAIM_TRANSITIONS) as ClaimStatus[]).filter((from) => CLAIM_TRANSITIONS[from].includes(to));
