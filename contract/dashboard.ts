import { z } from 'zod';
import { agentPageOf, agentSummary } from './agents';
import { recordedIncomeEntry } from './income-entries';
import { moneyString } from './money';

export { LEADERBOARD_PAGE_SIZE, RECENT_ENTRIES_LIMIT } from './limits';

/**
 * GET /api/owner/dashboard (owner and manager; docs/product.md §12.4). `agents` is the top of the monthly leaderboard (at
 * most LEADERBOARD_PAGE_SIZE agents, by monthly income, highest first); overview.totalAgents counts them all.
 */
export const ownerDashboard = z.object({
  overview: z.object({ totalAgents: z.number(), newTierAchievements: z.number() }),
  timePeriods: z.object({
    weekly: z.object({ income: moneyString, start: z.string() }),
    monthly: z.object({ income: moneyString, start: z.string() }),
    yearly: z.object({ income: moneyString, start: z.string() }),
  }),
  /** The latest recorded first; each says its deal day too (docs/decisions/0085-entry-dates-in-lists.md). */
  recentEntries: z.array(recordedIncomeEntry),
  agents: z.array(agentSummary),
});
export type OwnerDashboard = z.infer<typeof ownerDashboard>;

/** An agent on the monthly leaderboard, with its rank among all agents (1 = highest monthly income). */
export const leaderboardAgent = agentSummary.extend({ rank: z.number() });
export type LeaderboardAgent = z.infer<typeof leaderboardAgent>;

/**
 * GET /api/owner/leaderboard (owner and manager; query: contract/agents agentListQuery): a page of the monthly
 * leaderboard. Ranks are over all agents (ties by name), also when `search` narrows the page to some of them.
 */
export const leaderboardPage = agentPageOf(leaderboardAgent);
export type LeaderboardPage = z.infer<typeof leaderboardPage>;
