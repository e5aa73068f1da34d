import { CLAIM_TRANSITIONS, type ClaimStatus } from '../../contract/rewards';
import { moneyToCents as toCents } from '../../contract/cents';
import { text, type LocalText } from '../../contract/i18n';
import { conflict, invalid } from './errors';
import { messages } from './messages';

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
export const alreadyClaimed = (tierName: string) => conflict(text(messages, 'alreadyClaimedTier', { tier: tierName }));

/**
 * The rules for claiming a tier's reward (docs/product.md §10.2): no earlier claim of the tier, a current total
 * at or above its threshold, and an active reward option of that tier. Throws for the first rule broken, with a
 * message that names the tier so the agent knows what to do next.
 */
export function assertClaimAllowed({ total, tier, alreadyClaimed: claimed, option }: ClaimCheck): void {
  if (claimed) throw alreadyClaimed(tier.name);
  if (!isTierReached(total, tier.threshold)) throw invalid(text(messages, 'tierNotReached', { tier: tier.name }));
  if (option.tierId !== tier.id) throw invalid(text(messages, 'rewardNotOfTier', { tier: tier.name }));
  if (!option.isActive) throw invalid(text(messages, 'rewardUnavailable'));
}

/** A claim's status in words ("shipped"), in the reader's language. */
export const claimStatusText = (status: ClaimStatus): LocalText => text(messages, 'claimStatus', { status });

/** "a or b or c": the statuses a claim may become, in the reader's language. */
function eitherOf(statuses: readonly ClaimStatus[]): LocalText | undefined {
  const [first, ...rest] = statuses;
  if (first === undefined) return undefined;
  const others = eitherOf(rest);
  return others === undefined ? claimStatusText(first) : text(messages, 'either', { first: claimStatusText(first), others });
}

/**
 * Why a claim in status `from` cannot become `to` (docs/product.md §12.10), for the 409 of a refused transition: the
 * same status again, a final status, or a step the order of statuses does not allow; rendered in the reader's language.
 */
export function transitionRefusalText(from: ClaimStatus, to: ClaimStatus): LocalText {
  if (to === 'processed' && (from === 'processed' || from === 'shipped' || from === 'delivered')) return text(messages, 'claimAlreadyProcessed');
  if (from === to) return text(messages, 'claimAlreadyIn', { status: claimStatusText(from) });
  if (from === 'delivered') return text(messages, 'claimDelivered');
  if (from === 'rejected') return text(messages, 'claimRejected');
  return text(messages, 'claimStepRefused', { from: claimStatusText(from), to: claimStatusText(to), allowed: eitherOf(CLAIM_TRANSITIONS[from]) });
}

/** transitionRefusalText in English. */
export const transitionRefusal = (from: ClaimStatus, to: ClaimStatus): string => String(transitionRefusalText(from, to));

/** The statuses from which a claim may become `to`. */
export const transitionSources = (to: ClaimStatus): ClaimStatus[] =>
  (Object.keys(CLAIM_TRANSITIONS) as ClaimStatus[]).filter((from) => CLAIM_TRANSITIONS[from].includes(to));
