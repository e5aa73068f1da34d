import { sql, type SQL } from 'drizzle-orm';
import { LEADERBOARD_PAGE_SIZE, RECENT_ENTRIES_LIMIT, type OwnerDashboard } from '../../../contract/dashboard';
import type { IncomeEntry } from '../../../contract/income-entries';
import { periodStartsOf, type PeriodStarts } from '../../domain/periods';
import { queryRows, type Db } from '../client';
import { agentPeriodTotals, agents, tierAchievements } from '../schema';
import type { TeamScope } from '../../domain/team-scope';
import { agentIdOf, scopeWhere } from '../scope-sql';
import { listLeaderboardPage, onBoards } from './agents';
import { listRecentIncomeEntries } from './income-entries';

interface OverviewRow {
  total_agents: number;
  new_tier_achievements: number;
  weekly_income: string;
  monthly_income: string;
  yearly_income: string;
}

/**
 * The scope's agents' income in one period: a range of
 * agent_period_totals_period_idx, never the entries.
 */
const periodSum = (kind: 'week' | 'month' | 'year', start: string, scope: TeamScope) => sql`(
  select coalesce(sum(${agentPeriodTotals.income}), 0)::numeric(20,2)::text
  from ${agentPeriodTotals}
  where ${agentPeriodTotals.periodKind} = ${kind} and ${agentPeriodTotals.periodStart} = ${start}::date
    and ${scopeWhere(scope, sql`${agentPeriodTotals.agentId}`)}
)`;

/**
 * An achievement reached in the month of `periods`: between the month's bounds as instants, local midnight of its
 * first day and of the next month's, in the org's zone.
 */
export function achievedInMonth(periods: PeriodStarts, timeZone: string): SQL {
  const monthStart = sql`(${periods.month}::date)::timestamp at time zone ${timeZone}`;
  const nextMonthStart = sql`(${periods.month}::date + interval '1 month')::timestamp at time zone ${timeZone}`;
  return sql`${tierAchievements.achievedAt} >= ${monthStart} and ${tierAchievements.achievedAt} < ${nextMonthStart}`;
}

async function readOverview(db: Db, periods: PeriodStarts, timeZone: string, scope: TeamScope): Promise<OverviewRow> {
  const [row] = await queryRows<OverviewRow>(
    db,
    sql`select
      (select count(*)::int from ${agents} a where ${onBoards()} and ${scopeWhere(scope, agentIdOf())}) as total_agents,
      (select count(distinct ${tierAchievements.agentId})::int from ${tierAchievements} where ${achievedInMonth(periods, timeZone)} and ${scopeWhere(scope, sql`${tierAchievements.agentId}`)})
        as new_tier_achievements,
      ${periodSum('week', periods.week, scope)} as weekly_income,
      ${periodSum('month', periods.month, scope)} as monthly_income,
      ${periodSum('year', periods.year, scope)} as yearly_income`,
  );
  return row!;
}

/**
 * GET /api/owner/dashboard: counts, the current week's, month's and year's income in the org's time zone, the
 * newest entries and the first page of the monthly leaderboard. Every figure comes from running totals and period
 * roll-ups kept with each entry; the only read of income_entries is the 10 newest, by index. The answer's size and
 * cost do not grow with the team: the rest of the leaderboard is paged (GET /api/owner/leaderboard).
 */
/** The dashboard as read, before its route adds the dates each recent entry shows (server/routes/owner-dashboard.ts). */
export type OwnerDashboardRead = Omit<OwnerDashboard, 'recentEntries'> & { recentEntries: IncomeEntry[] };

export async function readOwnerDashboard(db: Db, options: { now: Date; timeZone: string; scope: TeamScope }): Promise<OwnerDashboardRead> {
  const periods = periodStartsOf(options.now, options.timeZone);
  const scope = options.scope;
  const [overview, recentEntries, leaderboard] = await Promise.all([
    readOverview(db, periods, options.timeZone, scope),
    listRecentIncomeEntries(db, RECENT_ENTRIES_LIMIT, scope),
    listLeaderboardPage(db, periods, { offset: 0, limit: LEADERBOARD_PAGE_SIZE }, scope),
  ]);
  return {
    overview: { totalAgents: overview.total_agents, newTierAchievements: overview.new_tier_achievements },
    timePeriods: {
      weekly: { income: overview.weekly_income, start: periods.week },
      monthly: { income: overview.monthly_income, start: periods.month },
      yearly: { income: overview.yearly_income, start: periods.year },
    },
    recentEntries,
    agents: leaderboard.agents.map(({ rank: _rank, ...agent }) => agent),
  };
}
