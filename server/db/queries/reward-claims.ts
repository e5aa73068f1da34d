import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AgentClaim, ClaimHistoryEntry, RewardClaim, RewardClaimListQuery } from '../../../contract/rewards';
import { jsonColumn, type Db } from '../client';
import { agents, claimStatusChanges, contestAwards, contests, rewardClaims, tierSettings } from '../schema';
import { isoText } from '../time-sql';
import { containsPattern } from './agents';
import type { TeamScope } from '../../domain/team-scope';
import { scopeWhere } from '../scope-sql';

/** A claim's history, oldest first, as JSON (the index claim_status_changes_claim_idx reads it). */
const history = sql<string | ClaimHistoryEntry[]>`(
  select coalesce(json_agg(json_build_object('status', h.status, 'at', ${isoText(sql`h.at`)}, 'by', h.by_name, 'note', h.note) order by h.id), '[]'::json)
  from ${claimStatusChanges} h where h.claim_id = ${rewardClaims.id})`;

/** A prize's contest and place, as JSON (null for a tier's claim). */
const prize = sql<string | RewardClaim['prize']>`(
  select json_build_object('contestId', ca.contest_id, 'contestName', ct.name, 'place', ca.place)
  from ${contestAwards} ca join ${contests} ct on ct.id = ca.contest_id where ca.id = ${rewardClaims.contestAwardId})`;

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
  prize,
  history,
};

type ClaimRow = {
  claimedAt: Date;
  processedAt: Date | null;
  contactErasedAt: Date | null;
  prize: string | RewardClaim['prize'];
  history: string | ClaimHistoryEntry[];
} & Omit<RewardClaim, 'claimedAt' | 'processedAt' | 'contactErasedAt' | 'prize' | 'history'>;

function toRewardClaim(row: ClaimRow): RewardClaim {
  return {
    ...row,
    claimedAt: row.claimedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    contactErasedAt: row.contactErasedAt?.toISOString() ?? null,
    prize: row.prize === null ? null : jsonColumn(row.prize),
    history: jsonColumn(row.history),
  };
}

function selectClaims(db: Db) {
  return db
    .select(claimColumns)
    .from(rewardClaims)
    .innerJoin(agents, eq(agents.id, rewardClaims.agentId))
    .innerJoin(tierSettings, eq(tierSettings.id, rewardClaims.tierId));
}

/** The claims with who made them and for which tier, newest first: of one status, of agents matching a search. */
export async function listRewardClaims(db: Db, query: Partial<RewardClaimListQuery>, scope: TeamScope): Promise<RewardClaim[]> {
  const filters: SQL[] = [scopeWhere(scope, sql`${rewardClaims.agentId}`)];
  if (query.status) filters.push(eq(rewardClaims.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(sql`lower(${agents.name}) like ${pattern}`, sql`${agents.email} like ${pattern}`)!);
  }
  const rows = await selectClaims(db)
    .where(and(...filters))
    .orderBy(desc(rewardClaims.claimedAt), desc(rewardClaims.id));
  return rows.map(toRewardClaim);
}

/** An agent's own claims, newest first, without contact details. */
export async function listAgentClaims(db: Db, agentId: number): Promise<AgentClaim[]> {
  const rows = await db
    .select({
      id: rewardClaims.id,
      status: rewardClaims.status,
      rewardTitle: rewardClaims.rewardTitle,
      claimedAt: rewardClaims.claimedAt,
      tierId: rewardClaims.tierId,
      tierName: tierSettings.name,
      prize,
      history,
    })
    .from(rewardClaims)
    .innerJoin(tierSettings, eq(tierSettings.id, rewardClaims.tierId))
    .where(eq(rewardClaims.agentId, agentId))
    .orderBy(desc(rewardClaims.claimedAt), desc(rewardClaims.id));
  return rows.map((row) => ({
    ...row,
    claimedAt: row.claimedAt.toISOString(),
    prize: row.prize === null ? null : jsonColumn(row.prize),
    history: jsonColumn(row.history),
  }));
}

export async function findRewardClaim(db: Db, id: number): Promise<RewardClaim | undefined> {
  const [row] = await selectClaims(db).where(eq(rewardClaims.id, id)).limit(1);
  return row ? toRewardClaim(row) : undefined;
}


/**
 * A claim's tier as lists and exports name it, on `reward_claims c` joined to `tier_settings t`: the tier's name, or
 * for a contest's prize "Prize of <contest>" (its tier is only the reward option's).
 */
export const claimTierLabel = sql`case when c.contest_award_id is null then t.name
  else 'Prize of ' || coalesce((select ct.name from ${contestAwards} ca join ${contests} ct on ct.id = ca.contest_id where ca.id = c.contest_award_id), 'a contest') end`;
