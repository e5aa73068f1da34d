import { sql } from 'drizzle-orm';
import type { AgentTierData } from '../../../contract/agent-tier-data';
import type { AgentRewardData } from '../../../contract/rewards';
import { findNextTier, isTierReached } from '../../domain/claims';
import { notFound } from '../../domain/errors';
import { jsonColumn, queryPrepared, type Db } from '../client';
import { agents, rewardClaims, rewardOptions, tierSettings } from '../schema';
import type { TierSetting } from '../../../contract/tiers';

type StandingTier = TierSetting & { rewardOptions: AgentTierData['tiers'][number]['rewardOptions'] };

interface StandingRow {
  id: number;
  name: string;
  total_income: string;
  /** JSON: text on one driver, parsed on the other. */
  claimed: string | number[];
  tiers: string | StandingTier[];
}

/**
 * What both agent reads start from: the agent's running total, the tiers it claimed (through the (agent_id, tier_id)
 * unique index) and every tier by order with its active reward options (through reward_options_tier_idx), in one
 * statement (one round trip: docs/decisions/0015). Both reads take a tier's offer from here, so the tier dashboard and
 * the portal cannot disagree on what can be claimed (docs/decisions/0081-tier-offers.md).
 */
async function readAgentStanding(db: Db, agentId: number) {
  const [row] = await queryPrepared<StandingRow>(
    db,
    'agent_standing',
    sql`select a.id, a.name, a.total_income::text as total_income,
        (select coalesce(json_agg(c.tier_id order by c.tier_id), '[]'::json) from ${rewardClaims} c where c.agent_id = a.id and c.status <> 'rejected' and c.contest_award_id is null) as claimed,
        (select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color, 'threshold', t.threshold::text,
            'rewards', t.rewards, 'order', t.tier_order,
            'rewardOptions', (select coalesce(json_agg(json_build_object('id', o.id, 'title', o.title, 'description', o.description,
                'category', o.category) order by o.id), '[]'::json)
              from ${rewardOptions} o where o.tier_id = t.id and o.is_active)) order by t.tier_order)
          from ${tierSettings} t) as tiers
      from ${agents} a where a.id = ${agentId}`,
  );
  if (!row) throw notFound('Agent');
  return {
    agent: { id: row.id, name: row.name, totalIncome: row.total_income },
    claimedTiers: jsonColumn(row.claimed),
    tiers: jsonColumn(row.tiers),
  };
}

/**
 * GET /api/agent-tier-data: the agent's running total, claimed tiers and next tier, and all tiers.
 * One statement of indexed reads; income entries are never scanned. NOT_FOUND when the agent does not exist.
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
    tiers: tiers.map(({ id, name, color, order, threshold, rewards, rewardOptions: options }) => ({ id, name, color, order, threshold, rewards, rewardOptions: options })),
  };
}

/**
 * GET /api/rewards/agent/{agentId}: the tiers the agent's current total reaches, by order, each with whether it
 * was claimed and its active reward options. NOT_FOUND when the agent does not exist.
 */
export async function readAgentRewardData(db: Db, agentId: number): Promise<AgentRewardData> {
  const { agent, claimedTiers, tiers } = await readAgentStanding(db, agentId);
  const achieved = tiers.filter((tier) => isTierReached(agent.totalIncome, tier.threshold));
  return {
    achievedTiers: achieved.map((tier) => ({
      tier: { id: tier.id, name: tier.name, threshold: tier.threshold },
      hasClaimedReward: claimedTiers.includes(tier.id),
      rewards: tier.rewardOptions.map((option) => ({ id: option.id, title: option.title, description: option.description, value: option.category })),
    })),
  };
}
