import { and, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AgentClaim, ClaimHistoryEntry, RewardClaim, RewardClaimListQuery } from '../../../contract/rewards';
import { jsonColumn, type Db } from '../client';
import { audited, SYSTEM_ACTOR } from '../audit';
import { agents, claimStatusChanges, rewardClaims, tierSettings } from '../schema';
import { isoText } from '../time-sql';
import { containsPattern } from './agents';
import type { TeamScope } from '../../domain/team-scope';
import { scopeWhere } from '../scope-sql';

/** A claim's history, oldest first, as JSON (the index claim_status_changes_claim_idx reads it). */
const history = sql<string | ClaimHistoryEntry[]>`(
  select coalesce(json_agg(json_build_object('status', h.status, 'at', ${isoText(sql`h.at`)}, 'by', h.by_name, 'note', h.note) order by h.id), '[]'::json)
  from ${claimStatusChanges} h where h.claim_id = ${rewardClaims.id})`;

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
  history,
};

type ClaimRow = { claimedAt: Date; processedAt: Date | null; contactErasedAt: Date | null; history: string | ClaimHistoryEntry[] } & Omit<
  RewardClaim,
  'claimedAt' | 'processedAt' | 'contactErasedAt' | 'history'
>;

function toRewardClaim(row: ClaimRow): RewardClaim {
  return {
    ...row,
    claimedAt: row.claimedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    contactErasedAt: row.contactErasedAt?.toISOString() ?? null,
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
      history,
    })
    .from(rewardClaims)
    .innerJoin(tierSettings, eq(tierSettings.id, rewardClaims.tierId))
    .where(eq(rewardClaims.agentId, agentId))
    .orderBy(desc(rewardClaims.claimedAt), desc(rewardClaims.id));
  return rows.map((row) => ({ ...row, claimedAt: row.claimedAt.toISOString(), history: jsonColumn(row.history) }));
}

export async function findRewardClaim(db: Db, id: number): Promise<RewardClaim | undefined> {
  const [row] = await selectClaims(db).where(eq(rewardClaims.id, id)).limit(1);
  return row ? toRewardClaim(row) : undefined;
}

/**
 * Erases the contact details (name, email, phone, messenger, address, instructions) of claims filled (or rejected) more
 * than `retentionDays` before `now`: they were needed to deliver the reward, not afterwards. The claim itself (who, which
 * tier and reward, when) stays. Idempotent, so every instance may run it. Returns how many claims were erased.
 */
export async function eraseFilledClaimContacts(db: Db, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  // The system erases them: the audit trail says which claims, when (docs/product.md §12.12).
  return audited(db, SYSTEM_ACTOR, now, (tx) => eraseContactsBefore(tx, now, before), (ids) =>
    ids.length === 0 ? null : { action: 'claims.contacts_erased', targetType: 'reward_claim', targetId: null, after: { claimIds: ids, retentionDays } },
  ).then((ids) => ids.length);
}

async function eraseContactsBefore(db: Db, now: Date, before: Date): Promise<number[]> {
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
    .where(
      and(
        or(
          and(isNotNull(rewardClaims.processedAt), lt(rewardClaims.processedAt, before)),
          and(eq(rewardClaims.status, 'rejected'), lt(rewardClaims.statusChangedAt, before)),
        ),
        isNull(rewardClaims.contactErasedAt),
      ),
    )
    .returning({ id: rewardClaims.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
