import type { ErrorCode } from '../../contract/errors';
import { parseMoneyToCents } from '../../contract/money';

/** Why a claim cannot be made. Messages name the tier so the agent knows what to do next. */
export type ClaimRefusal =
  | { kind: 'agent-not-found' }
  | { kind: 'tier-not-found' }
  | { kind: 'reward-not-found' }
  | { kind: 'already-claimed'; tierName: string }
  | { kind: 'tier-not-reached'; tierName: string }
  | { kind: 'reward-not-in-tier'; tierName: string }
  | { kind: 'reward-inactive' };

function toCents(amount: string): bigint {
  const cents = parseMoneyToCents(amount);
  if (cents === null) throw new Error(`Not a money amount: ${amount}`);
  return cents;
}

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

/**
 * The rules of DESIGN section 4 for claiming a tier's reward: no earlier claim of the tier, a current total at
 * or above its threshold, and an active reward option of that tier. Returns the first rule broken, or null.
 */
export function canClaim({ total, tier, alreadyClaimed, option }: ClaimCheck): ClaimRefusal | null {
  if (alreadyClaimed) return { kind: 'already-claimed', tierName: tier.name };
  if (!isTierReached(total, tier.threshold)) return { kind: 'tier-not-reached', tierName: tier.name };
  if (option.tierId !== tier.id) return { kind: 'reward-not-in-tier', tierName: tier.name };
  if (!option.isActive) return { kind: 'reward-inactive' };
  return null;
}

/** The error code and the message shown to the agent for a refusal. */
export function describeClaimRefusal(refusal: ClaimRefusal): { code: ErrorCode; message: string } {
  switch (refusal.kind) {
    case 'agent-not-found':
      return { code: 'NOT_FOUND', message: 'Agent not found' };
    case 'tier-not-found':
      return { code: 'NOT_FOUND', message: 'Tier not found' };
    case 'reward-not-found':
      return { code: 'NOT_FOUND', message: 'Reward option not found' };
    case 'already-claimed':
      return { code: 'CONFLICT', message: `You have already claimed the reward for the ${refusal.tierName} tier` };
    case 'tier-not-reached':
      return { code: 'VALIDATION_FAILED', message: `You have not reached the ${refusal.tierName} tier yet` };
    case 'reward-not-in-tier':
      return { code: 'VALIDATION_FAILED', message: `This reward is not offered for the ${refusal.tierName} tier` };
    case 'reward-inactive':
      return { code: 'VALIDATION_FAILED', message: 'This reward is no longer available' };
  }
}
