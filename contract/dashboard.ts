import { z } from 'zod';
import { agentSummary } from './agents';
import { incomeEntry } from './income-entries';
import { moneyString } from './money';

export const RECENT_ENTRIES_LIMIT = 10;

/** GET /api/owner/dashboard (owner and manager; spec section 3). Agents sorted by monthly income, highest first. */
export const ownerDashboard = z.object({
  overview: z.object({ totalAgents: z.number(), newTierAchievements: z.number() }),
  timePeriods: z.object({
    weekly: z.object({ income: moneyString, start: z.string() }),
    monthly: z.object({ income: moneyString, start: z.string() }),
    yearly: z.object({ income: moneyString, start: z.string() }),
  }),
  recentEntries: z.array(incomeEntry),
  agents: z.array(agentSummary),
});
export type OwnerDashboard = z.infer<typeof ownerDashboard>;
