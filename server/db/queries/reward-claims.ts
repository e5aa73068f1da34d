import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { RewardClaim } from '../../../contract/rewards';
import type { Db } from '../client';
import { agents, rewardClaims, tierSettings } from '../schema';

const claimColumns = {
  id: rewardClaims.id,
  status: rewardClaims.status,
  rewardTitle: rewardClaims.rewardTitle,
  claimedAt: rewardClaims.claimedAt,
  processedAt: rewardClaims.processedAt,
  contactErasedAt: rewardClaims.contactErasedAt,
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

type ClaimRow = { claimedAt: Date; processedAt: Date | null; contactErasedAt: Date | null } & Omit<
  RewardClaim,
  'claimedAt' | 'processedAt' | 'contactErasedAt'
>;

function toRewardClaim(row: ClaimRow): RewardClaim {
  return {
    ...row,
    claimedAt: row.claimedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    contactErasedAt: row.contactErasedAt?.toISOString() ?? null,
  };
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

/**
 * Erases the contact details (name, email, phone, messenger, address, instructions) of claims filled more than
 * `retentionDays` before `now`: they were needed to deliver the reward, not afterwards. The claim itself (who, which
 * tier and reward, when) stays. Idempotent, so every instance may run it. Returns how many claims were erased.
 */
export async function eraseFilledClaimContacts(db: Db, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const rows = await db
    .update(rewardClaims)
    .set({
      fullName: '',
      email: '',
      phone: null,
      telegram: null,
      address: '',
      city: null,
      zipcode: null,
      shippingInstructions: null,
      contactErasedAt: now,
    })
    .where(and(isNotNull(rewardClaims.processedAt), lt(rewardClaims.processedAt, before), isNull(rewardClaims.contactErasedAt)))
    .returning({ id: rewardClaims.id });
  return rows.length;
}
