import { z } from 'zod';
import { moneyString } from './money';

/** GET /api/agent-tier-data (docs/product.md §12.3): the signed-in agent and every tier. */
export const agentTierData = z.object({
  agent: z.object({
    id: z.number(),
    name: z.string(),
    totalIncome: moneyString,
    claimedTiers: z.array(z.number()),
    nextTier: z.object({ id: z.number(), name: z.string(), threshold: moneyString }).nullable(),
  }),
  tiers: z.array(
    z.object({ id: z.number(), name: z.string(), color: z.string(), order: z.number(), threshold: moneyString, rewards: z.string() }),
  ),
});
export type AgentTierData = z.infer<typeof agentTierData>;
