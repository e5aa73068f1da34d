import { and, eq, ne } from 'drizzle-orm';
import type { ClaimContact, ClaimCreated } from '../../../contract/rewards';
import { text } from '../../../contract/i18n';
import { conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { assertAgentActing } from '../../domain/sign-up';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { appendEvents, claimEvent } from '../events';
import { UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { agents, claimStatusChanges, contestAwards, contests, rewardClaims, rewardOptions, tierSettings } from '../schema';

export interface PrizeClaimRequest {
  agentId: number;
  /** The award (contest_awards) being claimed. */
  awardId: number;
  contact: ClaimContact;
  now: Date;
  actor: AuditActor;
}

const ALREADY_CLAIMED = text(messages, 'prizeAlreadyClaimed');

/**
 * Claims a prize a final contest awarded the agent (docs/decisions/0077-contests.md): the prize's reward option
 * becomes a reward claim that goes through the claim lifecycle like a tier's (processed, shipped, delivered, or
 * rejected, after which it may be claimed again), with its claim.created event and audit row. No tier check: the prize
 * is the contest's. The award row is locked, and a second live claim of it is refused by reward_claims_award_key.
 */
export async function claimContestPrize(db: Db, request: PrizeClaimRequest): Promise<ClaimCreated['claim']> {
  try {
    return await db.transaction(async (tx) => {
      const [agent] = await tx.select({ name: agents.name, status: agents.status }).from(agents).where(eq(agents.id, request.agentId)).for('share');
      if (!agent) throw notFound('Agent');
      assertAgentActing(agent);
      const [award] = await tx
        .select({ id: contestAwards.id, place: contestAwards.place, prizeText: contestAwards.prizeText, rewardOptionId: contestAwards.rewardOptionId, contestId: contestAwards.contestId })
        .from(contestAwards)
        .where(and(eq(contestAwards.id, request.awardId), eq(contestAwards.agentId, request.agentId)))
        .for('update');
      if (!award) throw notFound('Prize');
      if (award.rewardOptionId === null) throw conflict(text(messages, 'prizeInPerson', { prize: award.prizeText }));
      const [option] = await tx.select().from(rewardOptions).where(eq(rewardOptions.id, award.rewardOptionId)).for('share');
      if (!option) throw conflict(text(messages, 'prizeRewardGone', { prize: award.prizeText }));
      const [tier] = await tx.select({ id: tierSettings.id, name: tierSettings.name }).from(tierSettings).where(eq(tierSettings.id, option.tierId));
      const [contest] = await tx.select({ name: contests.name }).from(contests).where(eq(contests.id, award.contestId));
      const [live] = await tx
        .select({ id: rewardClaims.id })
        .from(rewardClaims)
        .where(and(eq(rewardClaims.contestAwardId, award.id), ne(rewardClaims.status, 'rejected')));
      if (live) throw conflict(ALREADY_CLAIMED);
      const [claim] = await tx
        .insert(rewardClaims)
        .values({
          agentId: request.agentId,
          tierId: tier!.id,
          rewardOptionId: option.id,
          rewardTitle: option.title,
          status: 'pending',
          ...request.contact,
          claimedAt: request.now,
          contestAwardId: award.id,
        })
        .returning({ id: rewardClaims.id, rewardTitle: rewardClaims.rewardTitle, status: rewardClaims.status });
      await tx.insert(claimStatusChanges).values({ claimId: claim!.id, status: 'pending', at: request.now, byName: agent.name, note: null });
      const made = { id: claim!.id, tierId: tier!.id, tierName: tier!.name, rewardTitle: claim!.rewardTitle, status: claim!.status };
      await appendAudit(
        tx,
        request.actor,
        {
          action: 'claim.created',
          targetType: 'reward_claim',
          targetId: made.id,
          after: { agentId: request.agentId, contestId: award.contestId, contestName: contest?.name ?? null, place: award.place, rewardOptionId: option.id, rewardTitle: made.rewardTitle },
        },
        request.now,
      );
      await appendEvents(tx, [claimEvent('claim.created', { ...made, agentId: request.agentId, agentName: agent.name })]);
      return made;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(ALREADY_CLAIMED);
    throw error;
  }
}
