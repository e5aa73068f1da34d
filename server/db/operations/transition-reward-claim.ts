import { and, eq } from 'drizzle-orm';
import type { RewardClaim } from '../../../contract/rewards';
import { conflict, notFound } from '../../domain/errors';
import type { Db } from '../client';
import { appendEvents, claimEvent } from '../events';
import { findRewardClaim } from '../queries/reward-claims';
import { rewardClaims } from '../schema';

/** Marks a pending claim processed (the owner's Mark Filled). Only a pending claim changes: another is a 409. */
export async function processRewardClaim(db: Db, id: number, now: Date): Promise<RewardClaim> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(rewardClaims)
      .set({ status: 'processed', processedAt: now })
      .where(and(eq(rewardClaims.id, id), eq(rewardClaims.status, 'pending')))
      .returning({ id: rewardClaims.id });
    const claim = await findRewardClaim(tx, id);
    if (!claim) throw notFound('Reward claim');
    if (updated.length === 0) throw conflict('This claim has already been processed');
    await appendEvents(tx, [claimEvent('claim.updated', claim)]);
    return claim;
  });
}
