import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AgentTierData } from '../../../contract/agent-tier-data';
import type { AgentRewardData } from '../../../contract/rewards';
import { findNextTier, isTierReached } from '../../domain/claims';
import { notFound } from '../../domain/errors';
import type { Db } from '../client';
import { agents, rewardClaims, rewardOptions } from '../schema';
import { listTierSettings } from './tier-settings';

async function findAgentTotal(db: Db, agentId: number) {
  const [row] = await db
    .select({ id: agents.id, name: agents.name, totalIncome: agents.totalIncome })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row;
}

/** The ids of the tiers an agent has claimed, read through the (agent_id, tier_id) unique index. */
async function listClaimedTierIds(db: Db, agentId: number): Promise<number[]> {
  const rows = await db
    .select({ tierId: rewardClaims.tierId })
    .from(rewardClaims)
    .where(eq(rewardClaims.agentId, agentId))
    .orderBy(asc(rewardClaims.tierId));
  return rows.map((row) => row.tierId);
}

/** What both agent reads start from: the agent's running total, the tiers it claimed, and every tier. */
async function readAgentStanding(db: Db, agentId: number) {
  const [agent, claimedTiers, tiers] = await Promise.all([
    findAgentTotal(db, agentId),
    listClaimedTierIds(db, agentId),
    listTierSettings(db),
  ]);
  if (!agent) throw notFound('Agent');
  return { agent, claimedTiers, tiers };
}

/**
 * GET /api/agent-tier-data: the agent's running total, claimed tiers and next tier, and all tiers.
 * Three indexed reads; income entries are never scanned. NOT_FOUND when the agent does not exist.
 */
export async function readAgentTierData(db: Db, agentId: number): Promise<AgentTierData> {
  const { agent, claimedTiers, tiers } = await readAgentStanding(db, agentId);
  const next = findNextTier(tiers, agent.totalIncome);
  return {
    agent: {
      id: agent.id,
      name: agent.name,
      totalIncome: agent.totalIncome,
      claimedTiers,
      nextTier: next ? { id: next.id, name: next.name, threshold: next.threshold } : null,
    },
    tiers: tiers.map(({ id, name, color, order, threshold, rewards }) => ({ id, name, color, order, threshold, rewards })),
  };
}

/**
 * GET /api/rewards/agent/{agentId}: the tiers the agent's current total reaches, by order, each with whether it
 * was claimed and its active reward options. NOT_FOUND when the agent does not exist.
 */
export async function readAgentRewardData(db: Db, agentId: number): Promise<AgentRewardData> {
  const { agent, claimedTiers, tiers } = await readAgentStanding(db, agentId);
  const achieved = tiers.filter((tier) => isTierReached(agent.totalIncome, tier.threshold));
  const options =
    achieved.length === 0
      ? []
      : await db
          .select()
          .from(rewardOptions)
          .where(and(inArray(rewardOptions.tierId, achieved.map((tier) => tier.id)), eq(rewardOptions.isActive, true)))
          .orderBy(asc(rewardOptions.id));
  return {
    achievedTiers: achieved.map((tier) => ({
      tier: { id: tier.id, name: tier.name, threshold: tier.threshold },
      hasClaimedReward: claimedTiers.includes(tier.id),
      rewards: options
        .filter((option) => option.tierId === tier.id)
        .map((option) => ({ id: option.id, title: option.title, description: option.description, value: option.category })),
    })),
  };
}
