import { desc, eq } from 'drizzle-orm';
import type { RewardClaim } from '../../../contract/rewards';
import type { Db } from '../client';
import { agents, rewardClaims, tierSettings } from '../schema';

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
