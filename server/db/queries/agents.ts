import { eq, sql, type SQL } from 'drizzle-orm';
import type { AgentListItem, AgentStatus, AgentSummary } from '../../../contract/agents';
import type { PeriodStarts } from '../../domain/periods';
import { type EmailHolder } from '../../domain/agent-emails';
import { scopeIsEveryAgent, type TeamScope } from '../../domain/team-scope';
import { queryRows, type Db } from '../client';
import { agentIdOf, scopeWhere } from '../scope-sql';
import { agentPeriodTotals, agents, teams, tierAchievements, tierSettings, users } from '../schema';

export interface NewAgent {
  email: string;
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  position: string;
  passwordHash: string;
}

export type AgentRow = typeof agents.$inferSelect;

/** Emails looked up by one statement. */
const EMAIL_BATCH = 5_000;

/** Which of these emails (lower case) an account of `holders` already has (server/domain/agent-emails.ts). */
export async function takenEmails(db: Db, emails: string[], holders: readonly EmailHolder[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < emails.length; start += EMAIL_BATCH) {
    const batch = sql.param(emails.slice(start, start + EMAIL_BATCH));
    const reads = [
      ...(holders.includes('agent') ? [sql`select email from ${agents} where email = any(${batch}::text[])`] : []),
      ...(holders.includes('staff') ? [sql`select email from ${users} where email = any(${batch}::text[])`] : []),
    ];
    if (reads.length === 0) break;
    const rows = await queryRows<{ email: string }>(db, sql.join(reads, sql` union `));
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}

export async function findAgentByEmail(db: Db, email: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findAgentById(db: Db, id: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return row;
}

/** An agent with no income yet, as the owner dashboard shows it. */
export function toNewAgentSummary(row: AgentRow): AgentSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    position: row.position,
    status: row.status,
    totalIncome: row.totalIncome,
    weeklyIncome: '0.00',
    monthlyIncome: '0.00',
    yearlyIncome: '0.00',
    totalEntries: row.totalEntries,
  };
}

export interface AgentPageQuery {
  offset: number;
  limit: number;
  /** Case-insensitive text the name or email must contain; undefined for every agent. */
  search?: string | undefined;
}

export interface AgentPageResult<T> {
  agents: T[];
  /** Every agent the query matches, not only this page's. */
  total: number;
}

/** An agent's figures as agentFigureColumns reads them. */
export interface AgentFiguresRow {
  name: string;
  email: string;
  position: string;
  status: AgentStatus;
  total_income: string;
  weekly_income: string;
  monthly_income: string;
  yearly_income: string;
  total_entries: number;
}

interface SummaryRow extends AgentFiguresRow {
  total: number;
  id: number | null;
  rank: number | null;
}

/** `%text%` for LIKE, with LIKE's own wildcards in the text matched literally; lower-cased by the caller's SQL. */
export function containsPattern(text: string): SQL {
  return sql`'%' || lower(${text.replace(/[\\%_]/g, '\\$&')}) || '%'`;
}

/** Whether an agent (alias a) matches a search. Emails are stored lower-case. */
export const matchesSearch = (search: string) => {
  const pattern = containsPattern(search);
  return sql`(lower(a.name) like ${pattern} or a.email like ${pattern})`;
};

/**
 * Whether the agent (of `alias`) is on the boards: active agents only. A pending agent (waiting for approval) and an
 * inactive one keep their history but are ranked nowhere (docs/decisions/0031-deactivation.md).
 */
export const onBoards = (alias = 'a') => sql`${sql.identifier(alias)}.status = 'active'`;

/** Whether the roll-up (alias m) belongs to an agent who is not on the boards (few such agents: a primary-key lookup). */
const offBoardRollUp = (alias: string) =>
  sql`exists (select 1 from ${agents} x where x.id = ${sql.identifier(alias)}.agent_id and x.status <> 'active')`;

const periodRow = (alias: string, kind: 'week' | 'month' | 'year', start: string) =>
  sql`${sql.identifier(alias)}.agent_id = a.id and ${sql.identifier(alias)}.period_kind = ${kind} and ${sql.identifier(alias)}.period_start = ${start}::date`;

/** Each agent's (alias a) roll-ups of the week, month and year of `periods`, as aliases w, m and y. */
export const periodIncomeJoins = (periods: PeriodStarts) => sql`
  left join ${agentPeriodTotals} w on ${periodRow('w', 'week', periods.week)}
  left join ${agentPeriodTotals} m on ${periodRow('m', 'month', periods.month)}
  left join ${agentPeriodTotals} y on ${periodRow('y', 'year', periods.year)}`;

/** The income of those roll-ups as money strings ("0.00" without one): weekly_income, monthly_income, yearly_income. */
const periodIncomeColumns = sql`coalesce(w.income, 0)::numeric(14,2)::text as weekly_income,
  coalesce(m.income, 0)::numeric(14,2)::text as monthly_income,
  coalesce(y.income, 0)::numeric(14,2)::text as yearly_income`;

/** An agent's (alias a, with periodIncomeJoins) name, contact, status and figures: the columns of AgentFiguresRow. */
export const agentFigureColumns = sql`a.name, a.email, a.position, a.status, a.total_income::text as total_income,
  ${periodIncomeColumns}, a.total_entries`;

/**
 * The page's agents with their figures. `page` is a query of (id, ord, rank) rows, `total` one of the number of
 * matches; the answer has one row with a null id when the page is empty, so the total is known either way.
 */
async function readSummaries<Row extends SummaryRow = SummaryRow>(
  db: Db,
  periods: PeriodStarts,
  page: SQL,
  total: SQL,
  more: { columns: SQL; joins: SQL } = { columns: sql``, joins: sql`` },
): Promise<AgentPageResult<Row>> {
  const rows = await queryRows<Row>(
    db,
    sql`with page as (${page})
      select t.total::int as total, a.id, p.rank::int as rank, ${agentFigureColumns}${more.columns}
      from (${total}) t(total)
      left join page p on true
      left join ${agents} a on a.id = p.id
      ${periodIncomeJoins(periods)}
      ${more.joins}
      order by p.ord`,
  );
  return { total: rows[0]?.total ?? 0, agents: rows.filter((row) => row.id !== null) };
}

export function toAgentSummary(row: AgentFiguresRow & { id: number | null }): AgentSummary {
  return {
    id: row.id!,
    name: row.name,
    email: row.email,
    position: row.position,
    status: row.status,
    totalIncome: row.total_income,
    weeklyIncome: row.weekly_income,
    monthlyIncome: row.monthly_income,
    yearlyIncome: row.yearly_income,
    totalEntries: row.total_entries,
  };
}

/** The agents `ids` with their figures of the current periods (`periods`), by id: a board page ranked in memory. */
export async function readAgentSummariesOf(db: Db, periods: PeriodStarts, ids: readonly number[]): Promise<Map<number, AgentSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<AgentFiguresRow & { id: number }>(
    db,
    sql`select a.id, ${agentFigureColumns} from ${agents} a ${periodIncomeJoins(periods)} where a.id = any(${sql.param([...ids])}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, toAgentSummary(row)]));
}

interface ListRow extends SummaryRow {
  team_id: number | null;
  team_name: string | null;
  tier_name: string | null;
  tier_color: string | null;
}

/** The team (alias lt) and the highest tier reached (alias lh) of each agent of a page: a key lookup each. */
const teamAndTier = {
  columns: sql`, lt.id as team_id, lt.name as team_name, lh.name as tier_name, lh.color as tier_color`,
  joins: sql`left join ${teams} lt on lt.id = a.team_id
    left join lateral (
      select s.name, s.color from ${tierAchievements} h join ${tierSettings} s on s.id = h.tier_id
      where h.agent_id = a.id order by s.tier_order desc limit 1
    ) lh on true`,
};

/**
 * GET /api/agents: agents sorted by name (then id), a page at a time, each with its running total and entry count
 * and its income in the given week, month and year, read from the roll-ups kept with each entry: income entries
 * are never scanned; and its team and highest tier reached. The page is read along agents_name_idx; a search scans
 * the agents table (10,000 rows in a few milliseconds), never the entries.
 */
export async function listAgentPage(db: Db, periods: PeriodStarts, query: AgentPageQuery, scope: TeamScope): Promise<AgentPageResult<AgentListItem>> {
  const where = sql`${query.search ? matchesSearch(query.search) : sql`true`} and ${scopeWhere(scope, agentIdOf())}`;
  const result = await readSummaries<ListRow>(
    db,
    periods,
    sql`select a.id, row_number() over (order by a.name, a.id) as ord, null::int as rank
      from (select a.id, a.name from ${agents} a where ${where} order by a.name, a.id offset ${query.offset}::int limit ${query.limit}::int) a`,
    sql`select count(*) from ${agents} a where ${where}`,
    teamAndTier,
  );
  return {
    total: result.total,
    agents: result.agents.map((row) => ({
      ...toAgentSummary(row),
      team: row.team_id === null ? null : { id: row.team_id, name: row.team_name! },
      tier: row.tier_name === null ? null : { name: row.tier_name, color: row.tier_color! },
    })),
  };
}

/** The month's roll-ups (alias m) with an income of the given sign. */
const inMonth = (periods: PeriodStarts, sign: '>' | '<' | '<>') =>
  sql`m.period_kind = 'month' and m.period_start = ${periods.month}::date and m.income ${sql.raw(sign)} 0`;

/**
 * The first `k` agents of the monthly leaderboard (monthly income highest first; ties, and the agents with no
 * income this month, by name then id), read along the indexes rather than by sorting every agent: the k highest
 * positive incomes and any ties of the k-th (agent_period_totals_period_idx). Only when fewer than k agents earned
 * this month are the others added: the first k by name of those with no income this month (agents_name_idx, less
 * the month's earners) and those with a negative month. The union holds the first k of the whole ranking, with
 * names; the caller sorts it and cuts the page. The cost follows k, not the size of the team.
 */
function leaderboardHead(periods: PeriodStarts, k: number): SQL {
  const earned = inMonth(periods, '>');
  const ranked = sql`${earned} and not ${offBoardRollUp('m')}`;
  const kthIncome = sql`(select m.income from ${agentPeriodTotals} m where ${ranked} order by m.income desc nulls last offset ${k - 1}::int limit 1)`;
  return sql`
    select h.id, h.income, (select a.name from ${agents} a where a.id = h.id) as name from (
      (select m.agent_id as id, m.income from ${agentPeriodTotals} m where ${ranked} order by m.income desc nulls last limit ${k}::int)
      union
      (select m.agent_id, m.income from ${agentPeriodTotals} m where ${ranked} and m.income = ${kthIncome})
      union
      (select a.id, 0::numeric from ${agents} a
        where ${kthIncome} is null and ${onBoards()} and a.id not in (select m.agent_id from ${agentPeriodTotals} m where ${inMonth(periods, '<>')})
        order by a.name, a.id limit ${k}::int)
      union
      (select m.agent_id, m.income from ${agentPeriodTotals} m where ${kthIncome} is null and ${inMonth(periods, '<')} and not ${offBoardRollUp('m')})
    ) h`;
}

/** Deeper than this, reading the head along the indexes costs more than ranking every agent in one sort. */
const HEAD_MAX = 1000;

/** Every agent with its rank (one sort of the agents and their month roll-ups; no entries) and whether it matches. */
const fullRanking = (periods: PeriodStarts, search: string | undefined, scope: TeamScope) => sql`
  select a.id, row_number() over (order by coalesce(m.income, 0) desc, a.name, a.id) as ord,
    rank() over (order by coalesce(m.income, 0) desc) as rank,
    ${search ? matchesSearch(search) : sql`true`} as matches
  from ${agents} a left join ${agentPeriodTotals} m on ${periodRow('m', 'month', periods.month)}
  where ${onBoards()} and ${scopeWhere(scope, agentIdOf())}`;

/**
 * GET /api/owner/leaderboard (and the dashboard's first page): the agents on the boards (onBoards) ranked by this month's income, highest
 * first, each with its rank among all agents: equal incomes share a rank (1, 2, 2, 4) and are listed by name then id
 * (docs/product.md §12.14). The first pages are read along the indexes
 * (leaderboardHead: the cost follows the page's depth, not the team's size); deeper pages and searches rank every
 * agent in one sort and keep the page (or the matches: ranks stay those of the whole leaderboard).
 */
export async function listLeaderboardPage(
  db: Db,
  periods: PeriodStarts,
  query: AgentPageQuery,
  scope: TeamScope,
): Promise<AgentPageResult<AgentSummary & { rank: number }>> {
  const k = query.offset + query.limit;
  // A team's board ranks its agents in one sort (a team is small); the whole team's first pages go along the index.
  const page =
    query.search || k > HEAD_MAX || !scopeIsEveryAgent(scope)
      ? sql`select r.id, r.ord, r.rank from (${fullRanking(periods, query.search, scope)}) r
          where r.matches order by r.ord offset ${query.offset}::int limit ${query.limit}::int`
      : sql`select h.id, h.ord, h.rank from (
          select h.id, row_number() over (order by h.income desc, h.name, h.id) as ord, rank() over (order by h.income desc) as rank
          from (${leaderboardHead(periods, k)}) h
        ) h where h.ord > ${query.offset}::int order by h.ord limit ${query.limit}::int`;
  const total = sql`select count(*) from ${agents} a where ${onBoards()} and ${scopeWhere(scope, agentIdOf())} and ${query.search ? matchesSearch(query.search) : sql`true`}`;
  const result = await readSummaries(db, periods, page, total);
  return { total: result.total, agents: result.agents.map((row) => ({ ...toAgentSummary(row), rank: row.rank! })) };
}

