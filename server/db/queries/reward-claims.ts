import { and, desc, eq } from 'drizzle-orm';
import type { ClaimCreated, RewardClaim } from '../../../contract/rewards';
import { canClaim, type ClaimRefusal } from '../../domain/claims';
import type { Db } from '../client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { agents, rewardClaims, rewardOptions, tierSettings } from '../schema';
import { lockTierThresholds } from './tier-settings';

/** Who the reward goes to and where: the fields of either claim form. */
export interface ClaimContact {
  fullName: string;
  email: string;
  phone: string | null;
  telegram: string | null;
  address: string;
  city: string | null;
  zipcode: string | null;
  shippingInstructions: string | null;
}

export interface ClaimRequest {
  agentId: number;
  rewardOptionId: number;
  /** The tier being claimed; when absent it is the reward option's tier. */
  tierId?: number;
  contact: ClaimContact;
  now: Date;
}

export type ClaimOutcome = { ok: true; claim: ClaimCreated['claim'] } | { ok: false; refusal: ClaimRefusal };

/**
 * Claims a tier's reward for an agent: the one way a claim is made. The agent row is locked FOR SHARE, so a
 * concurrent income entry (which updates the row) waits until this transaction ends and the total checked here
 * is the total the claim is made with; the shared tier-thresholds lock keeps the threshold still in the same way,
 * and the reward option row is locked so it cannot be deleted or switched off half-way. A concurrent second claim
 * of the same tier is refused by the (agent_id, tier_id) unique index.
 */
export async function claimTierReward(db: Db, request: ClaimRequest): Promise<ClaimOutcome> {
  let tierName = '';
  try {
    return await db.transaction(async (tx): Promise<ClaimOutcome> => {
      // Same order as recordIncomeEntry (thresholds, then the agent row), so the two cannot deadlock.
      await lockTierThresholds(tx as unknown as Db, 'shared');
      const [agent] = await tx
        .select({ totalIncome: agents.totalIncome })
        .from(agents)
        .where(eq(agents.id, request.agentId))
        .for('share');
      if (!agent) return { ok: false, refusal: { kind: 'agent-not-found' } };

      const [option] = await tx.select().from(rewardOptions).where(eq(rewardOptions.id, request.rewardOptionId)).for('share');
      const tierId = request.tierId ?? option?.tierId;
      const [tier] =
        tierId === undefined ? [] : await tx.select().from(tierSettings).where(eq(tierSettings.id, tierId));
      if (!tier) return { ok: false, refusal: { kind: request.tierId === undefined ? 'reward-not-found' : 'tier-not-found' } };
      if (!option) return { ok: false, refusal: { kind: 'reward-not-found' } };
      tierName = tier.name;

      const [existing] = await tx
        .select({ id: rewardClaims.id })
        .from(rewardClaims)
        .where(and(eq(rewardClaims.agentId, request.agentId), eq(rewardClaims.tierId, tier.id)));
      const refusal = canClaim({ total: agent.totalIncome, tier, alreadyClaimed: existing !== undefined, option });
      if (refusal) return { ok: false, refusal };

      const [claim] = await tx
        .insert(rewardClaims)
        .values({
          agentId: request.agentId,
          tierId: tier.id,
          rewardOptionId: option.id,
          rewardTitle: option.title,
          status: 'pending',
          ...request.contact,
          claimedAt: request.now,
        })
        .returning({ id: rewardClaims.id, rewardTitle: rewardClaims.rewardTitle, status: rewardClaims.status });
      return { ok: true, claim: { id: claim!.id, tierId: tier.id, tierName: tier.name, rewardTitle: claim!.rewardTitle, status: claim!.status } };
    });
  } catch (error) {
    // Two claims raced past the check above; the unique index let exactly one through.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return { ok: false, refusal: { kind: 'already-claimed', tierName } };
    throw error;
  }
}

const claimColumns = {
  id: rewardClaims.id,
  status: rewardClaims.status,
  rewardTitle: rewardClaims.rewardTitle,
  claimedAt: rewardClaims.claimedAt,
  processedAt: rewardClaims.processedAt,
  fullName: rewardClaims.fullName,
  email: rewardClaims.email,
  phone: rewardClaims.phone,
  telegram: rewardClaims.telegram,
  address: rewardClaims.address,
  city: rewardClaims.city,
  zipcode: rewardClaims.zipcode,
  shippingInstructions: rewardClaims.shippingInstructions,
  agentId: rewardClaims.agentId,
  agentName: agents.name,
  tierId: rewardClaims.tierId,
  tierName: tierSettings.name,
};

type ClaimRow = { claimedAt: Date; processedAt: Date | null } & Omit<RewardClaim, 'claimedAt' | 'processedAt'>;

function toRewardClaim(row: ClaimRow): RewardClaim {
  return { ...row, claimedAt: row.claimedAt.toISOString(), processedAt: row.processedAt ? row.processedAt.toISOString() : null };
}

function selectClaims(db: Db) {
  return db
    .select(claimColumns)
    .from(rewardClaims)
    .innerJoin(agents, eq(agents.id, rewardClaims.agentId))
    .innerJoin(tierSettings, eq(tierSettings.id, rewardClaims.tierId));
}

/** Every claim with who made it and for which tier, newest first. */
export async function listRewardClaims(db: Db): Promise<RewardClaim[]> {
  const rows = await selectClaims(db).orderBy(desc(rewardClaims.claimedAt), desc(rewardClaims.id));
  return rows.map(toRewardClaim);
}

export async function findRewardClaim(db: Db, id: number): Promise<RewardClaim | undefined> {
  const [row] = await selectClaims(db).where(eq(rewardClaims.id, id)).limit(1);
  return row ? toRewardClaim(row) : undefined;
}

export type ProcessOutcome = { ok: true; claim: RewardClaim } | { ok: false; reason: 'not-found' | 'already-processed' };

/** Marks a pending claim processed (the owner's Mark Filled). Only a pending claim changes. */
export async function processRewardClaim(db: Db, id: number, now: Date): Promise<ProcessOutcome> {
  const updated = await db
    .update(rewardClaims)
    .set({ status: 'processed', processedAt: now })
    .where(and(eq(rewardClaims.id, id), eq(rewardClaims.status, 'pending')))
    .returning({ id: rewardClaims.id });
  const claim = await findRewardClaim(db, id);
  if (!claim) return { ok: false, reason: 'not-found' };
  return updated.length > 0 ? { ok: true, claim } : { ok: false, reason: 'already-processed' };
}
