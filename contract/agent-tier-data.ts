import { z } from 'zod';
import { moneyString } from './money';
import { rewardOption } from './rewards';

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
    z.object({
      id: z.number(),
      name: z.string(),
      color: z.string(),
      order: z.number(),
      threshold: moneyString,
      rewards: z.string(),
      /** The tier's active reward options, oldest first: what it offers (docs/decisions/0081-tier-offers.md). */
      rewardOptions: z.array(rewardOption.pick({ id: true, title: true, description: true, category: true })),
    }),
  ),
});
export type AgentTierData = z.infer<typeof agentTierData>;
