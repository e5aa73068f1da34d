import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ClaimContact, ClaimCreated } from '../../../contract/rewards';
import { alreadyClaimed, assertClaimAllowed } from '../../domain/claims';
import { assertAgentActing } from '../../domain/sign-up';
import { notFound } from '../../domain/errors';
import type { Db } from '../client';
import { appendAudit, type AuditActor } from '../audit';
import { appendEvents, claimEvent } from '../events';
import { UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { lockTierThresholds } from '../locks';
import { agents, claimStatusChanges, rewardClaims, rewardOptions, tierSettings } from '../schema';

export interface ClaimRequest {
  agentId: number;
  rewardOptionId: number;
  /** The tier being claimed; when absent it is the reward option's tier. */
  tierId?: number;
  /** Who the reward goes to and where: the fields of either claim form. */
  contact: ClaimContact;
  now: Date;
  /** The agent, as the audit trail records it. */
  actor: AuditActor;
}

/**
 * Claims a tier's reward for an agent: the one way a claim is made. The agent row is locked FOR SHARE, so a
 * concurrent income entry (which updates the row) waits until this transaction ends and the total checked here
 * is the total the claim is made with; the shared tier-thresholds lock keeps the threshold still in the same way,
 * and the reward option row is locked so it cannot be deleted or switched off half-way. A concurrent second claim
 * of the same tier is refused by the (agent_id, tier_id) unique index (of the claims not rejected).
 */
export async function claimTierReward(db: Db, request: ClaimRequest): Promise<ClaimCreated['claim']> {
  let tierName = '';
  try {
    return await db.transaction(async (tx) => {
      // Thresholds, then the agent row: the order of a threshold edit (server/db/locks.ts), so the two cannot deadlock.
      await lockTierThresholds(tx, 'shared');
      const [agent] = await tx
        .select({ totalIncome: agents.totalIncome, name: agents.name, status: agents.status })
        .from(agents)
        .where(eq(agents.id, request.agentId))
        .for('share');
      if (!agent) throw notFound('Agent');
      // The claiming agent acts for itself: made inactive after its session was read, it claims nothing (the row
      // lock orders this against the deactivation; docs/decisions/0034-sessions-follow-the-account.md).
      assertAgentActing(agent);

      const [option] = await tx.select().from(rewardOptions).where(eq(rewardOptions.id, request.rewardOptionId)).for('share');
      const tierId = request.tierId ?? option?.tierId;
      const [tier] =
        tierId === undefined ? [] : await tx.select().from(tierSettings).where(eq(tierSettings.id, tierId));
      if (!tier) throw notFound(request.tierId === undefined ? 'Reward option' : 'Tier');
      if (!option) throw notFound('Reward option');
      tierName = tier.name;

      // A rejected claim does not count: the agent may claim the tier again.
      const [existing] = await tx
        .select({ id: rewardClaims.id })
        .from(rewardClaims)
        .where(and(eq(rewardClaims.agentId, request.agentId), eq(rewardClaims.tierId, tier.id), ne(rewardClaims.status, 'rejected'), isNull(rewardClaims.contestAwardId)));
      assertClaimAllowed({ total: agent.totalIncome, tier, alreadyClaimed: existing !== undefined, option });

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
      await tx.insert(claimStatusChanges).values({ claimId: claim!.id, status: 'pending', at: request.now, byName: agent.name, note: null });
      const made = { id: claim!.id, tierId: tier.id, tierName: tier.name, rewardTitle: claim!.rewardTitle, status: claim!.status };
      // Never the contact details: the trail is kept, they are erased.
      await appendAudit(
        tx,
        request.actor,
        { action: 'claim.created', targetType: 'reward_claim', targetId: made.id, after: { agentId: request.agentId, tierId: tier.id, rewardOptionId: option.id, rewardTitle: made.rewardTitle } },
        request.now,
      );
      await appendEvents(tx, [claimEvent('claim.created', { ...made, agentId: request.agentId, agentName: agent.name })]);
      return made;
    });
  } catch (error) {
    // Two claims raced past the check above; the unique index let exactly one through.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw alreadyClaimed(tierName);
    throw error;
  }
}
