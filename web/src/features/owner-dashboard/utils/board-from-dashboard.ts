import type { AgentSummary } from '@contract/agents';
import type { BoardAgent, LeaderboardBoardPage, LeaderboardMode } from '@contract/insight';

/**
 * The dashboard's first page of this month's board (agents by monthly income, highest first) as a board page, shown
 * until the board's own answer (with each agent's movement) arrives. Ties share a rank, as the server ranks them: the
 * page is in income order, so a tie's rank is one more than the place of its first agent.
 */
export function boardFromDashboard(agents: AgentSummary[], total: number, monthStart: string, limit: number): LeaderboardBoardPage {
  return {
    agents: agents.map((agent) => ({
      ...agent,
      rank: 1 + agents.findIndex((other) => other.monthlyIncome === agent.monthlyIncome),
      periodIncome: agent.monthlyIncome,
      previousRank: null,
      previousIncome: null,
      growth: null,
    })),
    total,
    offset: 0,
    limit,
    mode: 'income',
    metric: 'profit',
    period: { kind: 'month', start: monthStart, end: null, previous: null, next: null },
  };
}

/**
 * Whether an agent has earned a medal and a place on the podium: some income in the period (everyone tied at nothing
 * is no podium), or in growth mode a rise.
 */
export function isPlaced(agent: Pick<BoardAgent, 'periodIncome' | 'growth'>, mode: LeaderboardMode): boolean {
  return mode === 'growth' ? agent.growth !== null && Number(agent.growth) > 0 : Number(agent.periodIncome) > 0;
}
