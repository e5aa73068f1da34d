import { and, eq, inArray } from 'drizzle-orm';
import type { ClaimStatus, RewardClaim } from '../../../contract/rewards';
import { transitionRefusalText, transitionSources } from '../../domain/claims';
import { conflict, notFound } from '../../domain/errors';
import type { Db } from '../client';
import { appendAudit, type AuditActor } from '../audit';
import { appendEvents, claimEvent } from '../events';
import { findRewardClaim } from '../queries/reward-claims';
import { claimStatusChanges, rewardClaims } from '../schema';

/** Who changes a claim: a user (the owner), named as they are now; the history keeps the name. */
export interface ClaimActor {
  userId: number;
  name: string;
  /** The same person as the audit trail records them (docs/product.md §12.12). */
  audit: AuditActor;
}

export interface ClaimTransition {
  status: Exclude<ClaimStatus, 'pending'>;
  /** A tracking note, or a rejection's reason. */
  note: string | null;
}

/**
 * Moves a claim to another status along CLAIM_TRANSITIONS (docs/product.md §12.10) and appends the step to its history,
 * in one transaction. The UPDATE names the statuses it may start from: of two concurrent changes the second finds the
 * row changed once the first commits (PostgreSQL re-reads it), updates nothing and gets a 409, so exactly one wins.
 */
export async function transitionRewardClaim(db: Db, id: number, change: ClaimTransition, actor: ClaimActor, now: Date): Promise<RewardClaim> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(rewardClaims)
      .set({ status: change.status, statusChangedAt: now, ...(change.status === 'processed' ? { processedAt: now } : {}) })
      .where(and(eq(rewardClaims.id, id), inArray(rewardClaims.status, transitionSources(change.status))))
      .returning({ id: rewardClaims.id });
    if (updated.length === 0) {
      const [current] = await tx.select({ status: rewardClaims.status }).from(rewardClaims).where(eq(rewardClaims.id, id));
      if (!current) throw notFound('Reward claim');
      throw conflict(transitionRefusalText(current.status, change.status));
    }
    await tx.insert(claimStatusChanges).values({ claimId: id, status: change.status, at: now, byUserId: actor.userId, byName: actor.name, note: change.note });
    const claim = (await findRewardClaim(tx, id))!;
    await appendAudit(
      tx,
      actor.audit,
      { action: 'claim.status_changed', targetType: 'reward_claim', targetId: id, after: { status: change.status, note: change.note, agentId: claim.agentId, tierId: claim.tierId } },
      now,
    );
    await appendEvents(tx, [claimEvent('claim.updated', claim)]);
    return claim;
  });
}

/** Marks a pending claim processed (the owner's Mark Filled). Only a pending claim changes: another is a 409. */
export const processRewardClaim = (db: Db, id: number, actor: ClaimActor, now: Date) =>
  transitionRewardClaim(db, id, { status: 'processed', note: null }, actor, now);
