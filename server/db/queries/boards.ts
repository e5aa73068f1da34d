import { sql, type SQL } from 'drizzle-orm';
import type { AgentSummary } from '../../../contract/agents';
import type { MetricUnit } from '../../../contract/metrics';
import { ANONYMOUS_AGENT, GROWTH_FLOOR_CENTS, GROWTH_FLOOR_COUNT, RANK_NEIGHBOURS, type AgentDetail, type LeaderboardMode, type RankNeighbour } from '../../../contract/insight';
import type { ClaimStatus } from '../../../contract/rewards';
import type { BoardPeriod, BoardPeriodKind, PeriodStarts } from '../../domain/periods';
import { queryRows, type Db } from '../client';
import { agentMetricPeriodTotals, agentPeriodTotals, agents, rewardClaims, tierAchievements, tierSettings } from '../schema';
import { epochMs } from '../time-sql';
import { everyAgentScope, type TeamScope } from '../../domain/team-scope';
import { agentIdOf, scopeWhere } from '../scope-sql';
import { claimTierLabel } from './reward-claims';
import { agentFigureColumns, matchesSearch, onBoards, periodIncomeJoins, toAgentSummary, type AgentFiguresRow, type AgentPageQuery } from './agents';

// Boards of every period, trends and an agent's standing (docs/product.md §12.14), all read from the roll-ups kept with
// each entry (agent_period_totals, agents.total_income): income entries are never scanned.

const GROWTH_FLOOR = (GROWTH_FLOOR_CENTS / 100).toFixed(2);

/** A board: `all` (running totals) or the period of `kind` starting on `start`, with the previous period's start. */
export type { BoardPeriod } from '../../domain/periods';

export interface BoardRow extends AgentSummary {
  rank: number;
  periodIncome: string;
  growth: string | null;
}

/**
 * Which figure a board ranks (docs/decisions/0072-metrics-and-activities.md): profit (undefined: the income roll-ups and running totals),
 * or one metric's activities (their roll-ups, by the metric's id).
 */
export type BoardMetric = { metricId: number; unit: MetricUnit } | undefined;

/**
 * The roll-ups a board ranks, as a FROM item with columns agent_id, period_kind, period_start and income: profit's
 * table, or one metric's rows of agent_metric_period_totals (read along its board index, metric first).
 */
export function rollUpTable(metric: BoardMetric): SQL {
  if (!metric) return sql`${agentPeriodTotals}`;
  return sql`(select m.agent_id, m.period_kind, m.period_start, m.total as income from ${agentMetricPeriodTotals} m where m.metric_id = ${metric.metricId}::int)`;
}

/** The roll-up rows (alias r) of one period. */
const rollUpsOf = (alias: string, kind: BoardPeriodKind, start: string) =>
  sql`${sql.identifier(alias)}.period_kind = ${kind} and ${sql.identifier(alias)}.period_start = ${start}::date`;

/**
 * Every agent ranked on the board (alias r: id, income, rank shared by equal incomes, ord by income then name then
 * id, growth, matches), one sort of the agents with their roll-ups.
 */
function ranking(period: BoardPeriod, mode: LeaderboardMode, search: string | undefined, scope: TeamScope, metric: BoardMetric = undefined): SQL {
  const matches = search ? matchesSearch(search) : sql`true`;
  const ranked = sql`${onBoards()} and ${scopeWhere(scope, agentIdOf())}`;
  const totals = rollUpTable(metric);
  if (period.kind === 'all' && metric) {
    // A metric's all-time figure: the sum of its year roll-ups (it has no running total kept).
    const allTime = sql`(select y.agent_id, sum(y.income) as income from ${totals} y where y.period_kind = 'year' group by y.agent_id)`;
    return sql`select a.id, coalesce(c.income, 0) as income, null::numeric as growth,
        rank() over (order by coalesce(c.income, 0) desc) as rank,
        row_number() over (order by coalesce(c.income, 0) desc, a.name, a.id) as ord, ${matches} as matches
      from ${agents} a left join ${allTime} c on c.agent_id = a.id where ${ranked}`;
  }
  if (period.kind === 'all') {
    return sql`select a.id, a.total_income as income, null::numeric as growth,
        rank() over (order by a.total_income desc) as rank,
        row_number() over (order by a.total_income desc, a.name, a.id) as ord, ${matches} as matches
      from ${agents} a where ${ranked}`;
  }
  if (mode === 'growth') {
    // The change against the previous period, of the agents who earned at least the floor then and more now: a board
    // of the most improved lists no one who stood still or fell back.
    const change = sql`(coalesce(c.income, 0) - p.income) / p.income`;
    return sql`select a.id, coalesce(c.income, 0) as income, round(${change} * 100, 1) as growth,
        rank() over (order by ${change} desc) as rank,
        row_number() over (order by ${change} desc, a.name, a.id) as ord, ${matches} as matches
      from ${totals} p
      join ${agents} a on a.id = p.agent_id and ${ranked}
      left join ${totals} c on c.agent_id = a.id and ${rollUpsOf('c', period.kind, period.start)}
      where ${rollUpsOf('p', period.kind, period.previous)} and p.income >= ${metric?.unit === 'count' ? String(GROWTH_FLOOR_COUNT) : GROWTH_FLOOR}::numeric
        and coalesce(c.income, 0) > p.income`;
  }
  return sql`select a.id, coalesce(c.income, 0) as income, null::numeric as growth,
      rank() over (order by coalesce(c.income, 0) desc) as rank,
      row_number() over (order by coalesce(c.income, 0) desc, a.name, a.id) as ord, ${matches} as matches
    from ${agents} a left join ${totals} c on c.agent_id = a.id and ${rollUpsOf('c', period.kind, period.start)}
    where ${ranked}`;
}

interface BoardQueryRow extends AgentFiguresRow {
  total: number;
  id: number | null;
  rank: number;
  period_income: string;
  growth: string | null;
}

/**
 * GET /api/owner/leaderboard for any period and mode: the page of the ranking (search keeps the whole board's ranks),
 * each agent with its figures of the current periods (`current`) and the board's income (the route adds where each
 * stood in the previous period). `total` counts the board's agents that match.
 */
export async function readBoardPage(
  db: Db,
  current: PeriodStarts,
  period: BoardPeriod,
  mode: LeaderboardMode,
  query: AgentPageQuery,
  scope: TeamScope,
  metric: BoardMetric = undefined,
): Promise<{ total: number; agents: BoardRow[] }> {
  const rows = await queryRows<BoardQueryRow>(
    db,
    sql`with ranked as (${ranking(period, mode, query.search, scope, metric)}),
      page as (select * from ranked r where r.matches order by r.ord offset ${query.offset}::int limit ${query.limit}::int)
      select t.total::int as total, a.id, page.rank::int as rank, page.income::numeric(14,2)::text as period_income,
        page.growth::text as growth, ${agentFigureColumns}
      from (select count(*) from ranked r where r.matches) t(total)
      left join page on true
      left join ${agents} a on a.id = page.id
      ${periodIncomeJoins(current)}
      order by page.ord`,
  );
  return {
    total: rows[0]?.total ?? 0,
    agents: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        ...toAgentSummary(row),
        rank: row.rank,
        periodIncome: row.period_income,
        growth: row.growth,
      })),
  };
}

export interface Standing {
  /** null: no positive income then (not on that board). */
  rank: number | null;
  income: string;
}

/**
 * Where every agent with a roll-up stood in a period: the rank of each positive income among the period's positive
 * incomes (agents who earned nothing then were not on that board: a null rank means a new entrant). One sort of the
 * period's roll-ups; server/live/standings-cache.ts keeps it.
 */
export async function readPeriodStandings(
  db: Db,
  kind: BoardPeriodKind,
  start: string,
  scope: TeamScope,
  metric: BoardMetric = undefined,
): Promise<Map<number, Standing>> {
  const rows = await queryRows<{ agent_id: number; income: string; rank: number | null }>(
    db,
    sql`select p.agent_id, p.income::numeric(14,2)::text as income,
        case when p.income > 0 then (rank() over (order by p.income desc))::int end as rank
      from ${rollUpTable(metric)} p join ${agents} a on a.id = p.agent_id and ${onBoards()} and ${scopeWhere(scope, agentIdOf())} where ${rollUpsOf('p', kind, start)}`,
  );
  return new Map(rows.map((row) => [row.agent_id, { rank: row.rank, income: row.income }]));
}

/**
 * The income of each period of `kind` starting on `starts` (oldest first): of the agents of a scope, or one agent's
 * (whose read the caller authorized: an agent's own, or one its scope holds).
 */
export async function readTrend(
  db: Db,
  kind: BoardPeriodKind,
  starts: string[],
  whose: { scope: TeamScope } | { agentId: number },
  metric: BoardMetric = undefined,
): Promise<{ start: string; income: string }[]> {
  const rows = await queryRows<{ start: string; income: string }>(
    db,
    sql`select s.start, coalesce(sum(r.income), 0)::numeric(14,2)::text as income
      from unnest(${`{${starts.join(',')}}`}::date[]) as s(start)
      left join ${rollUpTable(metric)} r on r.period_kind = ${kind} and r.period_start = s.start
        and ${'agentId' in whose ? sql`r.agent_id = ${whose.agentId}::int` : scopeWhere(whose.scope, sql`r.agent_id`)}
      group by s.start order by s.start`,
  );
  return rows.map((row) => ({ start: String(row.start).slice(0, 10), income: row.income }));
}

/** How many agents' highest tier reached is each tier (every tier listed, in order), and how many reached none. */
export async function readTierDistribution(
  db: Db,
  scope: TeamScope,
): Promise<{ none: number; tiers: { tierId: number; order: number; name: string; agents: number }[] }> {
  const rows = await queryRows<{ tier_id: number | null; tier_order: number | null; name: string | null; agents: number }>(
    db,
    sql`with highest as (
        select distinct on (h.agent_id) h.agent_id, t.id as tier_id
        from ${tierAchievements} h join ${tierSettings} t on t.id = h.tier_id
        where ${scopeWhere(scope, sql`h.agent_id`)}
        order by h.agent_id, t.tier_order desc
      )
      select t.id as tier_id, t.tier_order as tier_order, t.name, (select count(*)::int from highest where highest.tier_id = t.id) as agents
      from ${tierSettings} t
      union all
      select null, null, null, (select count(*)::int from ${agents} a where ${scopeWhere(scope, agentIdOf())} and a.id not in (select agent_id from highest))
      order by 2 nulls first`,
  );
  return {
    none: rows.find((row) => row.tier_id === null)?.agents ?? 0,
    tiers: rows
      .filter((row) => row.tier_id !== null)
      .map((row) => ({ tierId: row.tier_id!, order: row.tier_order!, name: row.name!, agents: row.agents })),
  };
}

/**
 * An agent's place on the board of a period: its rank (shared by equal incomes) among all agents, how many there
 * are, its income, and the agents just above and below it (RANK_NEIGHBOURS each side, by the board's order) with
 * their names, or "Anonymous agent" for those who chose not to be shown. Read along the indexes, not by ranking every
 * agent: a rank is one more than the count of higher incomes, and the neighbours are the nearest few of each kind of
 * agent around this one (higher or lower non-zero incomes, agents at zero, equal incomes before or after by name).
 * Years and all time, where nearly every agent has an income and the period index helps little, sort every agent.
 */
export async function readAgentRank(
  db: Db,
  agentId: number,
  period: BoardPeriod,
  metric: BoardMetric = undefined,
): Promise<{ rank: number; of: number; periodIncome: string; neighbours: RankNeighbour[] } | undefined> {
  // A metric's place: by one sort (its roll-ups are smaller than profit's, and the index-led read below is profit's).
  if (metric || period.kind === 'year' || period.kind === 'all') return standingOf(agentId, await readAgentRankBySort(db, agentId, period, metric));
  // The agents with a non-zero income in the period (agent_id, income), whether on the boards or not: counted along
  // the period index, then the few off the boards (the CTE off_board, read once along agents_off_boards_idx) are
  // taken away. Agent z is on the board with none.
  const nonZero = sql`(select p.agent_id, p.income from ${agentPeriodTotals} p where ${rollUpsOf('p', period.kind, period.start)} and p.income <> 0)`;
  const offBoard = sql`select p.agent_id, p.income from ${agents} x join ${agentPeriodTotals} p on p.agent_id = x.id
    and ${rollUpsOf('p', period.kind, period.start)} and p.income <> 0 where x.status <> 'active'`;
  const atZero = sql`${onBoards('z')} and not exists (select 1 from ${agentPeriodTotals} p where p.agent_id = z.id and ${rollUpsOf('p', period.kind, period.start)} and p.income <> 0)`;
  const onBoard = onBoards();
  /** How many agents on the board have a non-zero income matching `condition` (on alias n). */
  const countNonZero = (condition: SQL) =>
    sql`((select count(*) from ${nonZero} n where ${condition}) - (select count(*) from off_board n where ${condition}))`;
  const k = sql`${RANK_NEIGHBOURS}::int`;
  // The k-th nearest non-zero income above (below) mine: the neighbours of that kind lie between it and mine, a
  // short range of the period index, sorted by name only there. Counting as many more as there are agents off the
  // boards keeps k of those on it inside the range.
  const further = sql`(select count(*) from off_board)`;
  const kthAbove = sql`(select n.income from ${nonZero} n where n.income > (select income from me) order by n.income asc offset ${k} - 1 + ${further} limit 1)`;
  const kthBelow = sql`(select n.income from ${nonZero} n where n.income < (select income from me) order by n.income desc offset ${k} - 1 + ${further} limit 1)`;
  const myIncome = sql`(select income from me)`;
  const rows = await queryRows<{ id: number; name: string; public_profile: boolean; income: string; higher: number; of: number }>(
    db,
    sql`with me as (
        select a.id, a.name, coalesce((select n.income from ${nonZero} n where n.agent_id = a.id), 0) as income
        from ${agents} a where a.id = ${agentId}::int
      ), off_board as materialized (${offBoard}), candidates as (
        (select n.agent_id as id, n.income from ${nonZero} n join ${agents} a on a.id = n.agent_id and ${onBoard}
          where n.income > ${myIncome} and n.income <= coalesce(${kthAbove}, 'Infinity'::numeric)
          order by n.income asc, a.name desc, a.id desc limit ${k})
        union all
        (select z.id, 0 from ${agents} z where ${myIncome} < 0 and ${atZero} order by z.name desc, z.id desc limit ${k})
        union all
        (select n.agent_id, n.income from ${nonZero} n join ${agents} a on a.id = n.agent_id and ${onBoard}, me
          where me.income <> 0 and n.income = me.income and (a.name, a.id) < (me.name, me.id) order by a.name desc, a.id desc limit ${k})
        union all
        (select z.id, 0 from ${agents} z, me where ${myIncome} = 0 and ${atZero} and (z.name, z.id) < (me.name, me.id)
          order by z.name desc, z.id desc limit ${k})
        union all
        (select n.agent_id, n.income from ${nonZero} n join ${agents} a on a.id = n.agent_id and ${onBoard}
          where n.income < ${myIncome} and n.income >= coalesce(${kthBelow}, '-Infinity'::numeric)
          order by n.income desc, a.name, a.id limit ${k})
        union all
        (select z.id, 0 from ${agents} z where ${myIncome} > 0 and ${atZero} order by z.name, z.id limit ${k})
        union all
        (select n.agent_id, n.income from ${nonZero} n join ${agents} a on a.id = n.agent_id and ${onBoard}, me
          where me.income <> 0 and n.income = me.income and (a.name, a.id) > (me.name, me.id) order by a.name, a.id limit ${k})
        union all
        (select z.id, 0 from ${agents} z, me where ${myIncome} = 0 and ${atZero} and (z.name, z.id) > (me.name, me.id)
          order by z.name, z.id limit ${k})
        union all
        select me.id, me.income from me
      ), top as (
        -- One count over the index for the highest candidate; the others add the short range between.
        select max(c.income) as income from candidates c
      )
      select c.id, a.name, a.public_profile, c.income::numeric(14,2)::text as income,
        (select count(*) from ${agents} a where ${onBoard})::int as of,
        (${countNonZero(sql`n.income > (select income from top)`)}
          + ${countNonZero(sql`n.income > c.income and n.income <= (select income from top)`)}
          + case when c.income < 0 then (select count(*) from ${agents} a where ${onBoard}) - ${countNonZero(sql`true`)} else 0 end
        )::int as higher
      from candidates c join ${agents} a on a.id = c.id
      order by c.income desc, a.name, a.id`,
  );
  return standingOf(agentId, rows);
}

/** The agent's standing from the rows around it (ordered by the board; `higher`: how many agents earned more). */
function standingOf(
  agentId: number,
  rows: { id: number; name: string; public_profile: boolean; income: string; higher: number; of: number }[],
): { rank: number; of: number; periodIncome: string; neighbours: RankNeighbour[] } | undefined {
  const at = rows.findIndex((row) => row.id === agentId);
  if (at < 0) return undefined;
  const mine = rows[at]!;
  return {
    rank: mine.higher + 1,
    of: mine.of,
    periodIncome: mine.income,
    neighbours: rows.slice(Math.max(0, at - RANK_NEIGHBOURS), at + RANK_NEIGHBOURS + 1).map((row) => {
      const me = row.id === agentId;
      const shown = me || row.public_profile;
      return { id: shown ? row.id : null, name: shown ? row.name : ANONYMOUS_AGENT, rank: row.higher + 1, periodIncome: row.income, me };
    }),
  };
}

/** An agent's place by one sort of every agent (see readAgentRank): cheaper where nearly every agent has an income. */
async function readAgentRankBySort(db: Db, agentId: number, period: BoardPeriod, metric: BoardMetric = undefined) {
  const rows = await queryRows<{ id: number; name: string; public_profile: boolean; rank: number; income: string; of: number }>(
    db,
    sql`with ranked as (${ranking(period, 'income', undefined, everyAgentScope(), metric)}),
      me as (select r.ord from ranked r where r.id = ${agentId}::int)
      select r.id, a.name, a.public_profile, r.rank::int as rank, r.income::numeric(14,2)::text as income,
        (select count(*)::int from ranked) as of
      from ranked r join me on r.ord between me.ord - ${RANK_NEIGHBOURS}::int and me.ord + ${RANK_NEIGHBOURS}::int
      join ${agents} a on a.id = r.id
      order by r.ord`,
  );
  return rows.map((row) => ({ ...row, higher: row.rank - 1 }));
}

/**
 * GET /api/agents/{id}: the agent's figures, tiers reached (by order, with when) and claims (newest first); undefined
 * when there is none within the scope (the route answers 403 first for another team's agent: assertAgentInScope).
 */
export async function readAgentDetail(db: Db, periods: PeriodStarts, agentId: number, scope: TeamScope): Promise<AgentDetail | undefined> {
  const [row] = await queryRows<AgentFiguresRow & { id: number; public_profile: boolean; created_ms: number }>(
    db,
    sql`select a.id, ${agentFigureColumns}, a.public_profile, ${epochMs(sql`a.created_at`)} as created_ms
      from ${agents} a ${periodIncomeJoins(periods)} where a.id = ${agentId}::int and ${scopeWhere(scope, agentIdOf())}`,
  );
  if (!row) return undefined;
  const tiers = await queryRows<{ tier_id: number; tier_order: number; name: string; color: string; achieved_ms: number }>(
    db,
    sql`select t.id as tier_id, t.tier_order, t.name, t.color, ${epochMs(sql`h.achieved_at`)} as achieved_ms
      from ${tierAchievements} h join ${tierSettings} t on t.id = h.tier_id
      where h.agent_id = ${agentId}::int order by t.tier_order`,
  );
  const claims = await queryRows<{ id: number; tier_name: string; reward_title: string; status: ClaimStatus; claimed_ms: number; changed_ms: number | null }>(
    db,
    sql`select c.id, ${claimTierLabel} as tier_name, c.reward_title, c.status, ${epochMs(sql`c.claimed_at`)} as claimed_ms,
        ${epochMs(sql`c.status_changed_at`)} as changed_ms
      from ${rewardClaims} c join ${tierSettings} t on t.id = c.tier_id
      where c.agent_id = ${agentId}::int order by c.claimed_at desc, c.id desc`,
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    agent: { ...toAgentSummary(row), publicProfile: row.public_profile, createdAt: iso(row.created_ms) },
    tiers: tiers.map((tier) => ({ tierId: tier.tier_id, order: tier.tier_order, name: tier.name, color: tier.color, achievedAt: iso(tier.achieved_ms) })),
    claims: claims.map((claim) => ({
      id: claim.id,
      tierName: claim.tier_name,
      rewardTitle: claim.reward_title,
      status: claim.status,
      claimedAt: iso(claim.claimed_ms),
      statusChangedAt: claim.changed_ms === null ? null : iso(claim.changed_ms),
    })),
  };
}
