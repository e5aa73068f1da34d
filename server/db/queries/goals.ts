import { sql, type SQL } from 'drizzle-orm';
import type { GoalPeriod } from '../../../contract/goals';
import { PROFIT_METRIC, type MetricUnit } from '../../../contract/metrics';
import { hundredthsOf } from '../../domain/goals';
import { everyAgentScope, type TeamScope } from '../../domain/team-scope';
import { queryRows, type Db } from '../client';
import { agentIdOf, scopeTeamWhere, scopeWhere } from '../scope-sql';
import { nextPeriodStart } from '../../domain/periods';
import { agentMetricPeriodTotals, agentPeriodTotals, agents, goals, metrics, teams } from '../schema';

// Goals as stored and their actual figures (docs/decisions/0074-goals.md), read from the roll-ups kept with every
// entry and activity: an agent's goal is one primary-key lookup, a team's one per active member. Never a scan of
// entries or activities.

/** A goal as stored, with its metric and holder. Figures are hundredths. */
export interface GoalRow {
  id: number;
  metricId: number | null;
  metric: string;
  metricName: string;
  unit: MetricUnit;
  period: GoalPeriod;
  startsOn: string;
  recurring: boolean;
  target: bigint;
  agentId: number | null;
  teamId: number | null;
  holderName: string;
  /** The team of the agent (an agent's goal), or the team itself. */
  holderTeamId: number | null;
}

/** A goal in force in a period, with what its holder did in it. */
export interface GoalInPeriod extends GoalRow {
  periodStart: string;
  actual: bigint;
}

interface StoredGoal {
  id: number;
  metric_id: number | null;
  metric_key: string | null;
  metric_name: string | null;
  metric_unit: MetricUnit | null;
  period_kind: GoalPeriod;
  starts_on: string;
  recurring: boolean;
  target: string;
  agent_id: number | null;
  team_id: number | null;
  holder_name: string;
  holder_team_id: number | null;
}

const goalColumns = sql`g.id, g.metric_id, m.key as metric_key, m.name as metric_name, m.unit as metric_unit, g.period_kind,
  g.starts_on::text as starts_on, g.recurring, g.target::text as target, g.agent_id, g.team_id,
  coalesce(a.name, t.name) as holder_name, coalesce(a.team_id, g.team_id) as holder_team_id`;

const goalJoins = sql`left join ${metrics} m on m.id = g.metric_id
  left join ${agents} a on a.id = g.agent_id
  left join ${teams} t on t.id = g.team_id`;

const toGoalRow = (row: StoredGoal): GoalRow => ({
  id: row.id,
  metricId: row.metric_id,
  metric: row.metric_key ?? PROFIT_METRIC,
  metricName: row.metric_name ?? 'Profit',
  unit: row.metric_unit ?? 'money',
  period: row.period_kind,
  startsOn: String(row.starts_on).slice(0, 10),
  recurring: row.recurring,
  target: hundredthsOf(row.target),
  agentId: row.agent_id,
  teamId: row.team_id,
  holderName: row.holder_name,
  holderTeamId: row.holder_team_id,
});

/**
 * The figure of agent `agentId` (an expression) on the goal's metric (g.metric_id; null: profit) in the period of
 * kind `kind` starting on `start` (expressions): one lookup on the roll-ups' primary key.
 */
function agentFigure(agentId: SQL, kind: SQL, start: SQL): SQL {
  return sql`case when g.metric_id is null
    then (select r.income from ${agentPeriodTotals} r where r.agent_id = ${agentId} and r.period_kind = ${kind} and r.period_start = ${start})
    else (select r.total from ${agentMetricPeriodTotals} r where r.agent_id = ${agentId} and r.metric_id = g.metric_id and r.period_kind = ${kind} and r.period_start = ${start})
  end`;
}

/** A goal's actual figure in a period (alias p: kind, start): its agent's, or the sum of its team's active agents'. */
function goalActual(): SQL {
  return sql`coalesce(case when g.agent_id is not null then ${agentFigure(sql`g.agent_id`, sql`p.kind`, sql`p.start`)}
    else (select sum(${agentFigure(sql`x.id`, sql`p.kind`, sql`p.start`)}) from ${agents} x where x.team_id = g.team_id and x.status = 'active') end, 0)`;
}

/** Whose goals a reader lists: staff by scope (a team's goals and its agents'), an agent its own and its team's. */
export type GoalReader = { scope: TeamScope } | { agentId: number; teamId: number | null };

export interface GoalFilter {
  /** undefined: every metric; null: profit. */
  metricId?: number | null;
  period?: GoalPeriod;
  agentId?: number;
  /** The team's own goal and its agents'. */
  teamId?: number;
  goalId?: number;
  goalIds?: readonly number[];
  teamsOnly?: boolean;
  /** Also the goals of agents who are not active (a goal just written is answered whoever holds it). */
  anyStatus?: boolean;
  /** The goals of these agents and of these teams (the goal watcher's). */
  holders?: { agentIds: readonly number[]; teamIds: readonly number[] };
  /** false: no actual figures read (each 0): the caller takes them from memory (server/live/period-figures.ts). */
  actuals?: boolean;
}

function readerWhere(reader: GoalReader): SQL {
  if ('agentId' in reader) {
    return reader.teamId === null ? sql`g.agent_id = ${reader.agentId}::int` : sql`(g.agent_id = ${reader.agentId}::int or g.team_id = ${reader.teamId}::int)`;
  }
  return sql`(case when g.agent_id is not null then ${scopeWhere(reader.scope, sql`g.agent_id`)} else ${scopeTeamWhere(reader.scope, sql`g.team_id`)} end)`;
}

function filterWhere(filter: GoalFilter): SQL {
  const parts: SQL[] = [];
  if (filter.metricId === null) parts.push(sql`g.metric_id is null`);
  else if (filter.metricId !== undefined) parts.push(sql`g.metric_id = ${filter.metricId}::int`);
  if (filter.period) parts.push(sql`g.period_kind = ${filter.period}`);
  if (filter.agentId !== undefined) parts.push(sql`g.agent_id = ${filter.agentId}::int`);
  if (filter.teamId !== undefined) parts.push(sql`(g.team_id = ${filter.teamId}::int or a.team_id = ${filter.teamId}::int)`);
  if (filter.goalId !== undefined) parts.push(sql`g.id = ${filter.goalId}::int`);
  if (filter.teamsOnly) parts.push(sql`g.team_id is not null`);
  if (filter.goalIds !== undefined) parts.push(sql`g.id = any(${sql.param([...filter.goalIds])}::int[])`);
  if (filter.holders) {
    parts.push(sql`(g.agent_id = any(${sql.param([...filter.holders.agentIds])}::int[]) or g.team_id = any(${sql.param([...filter.holders.teamIds])}::int[]))`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * The goals in force in the periods starting on `starts` (one per kind: those holding the day read), with their actual
 * figures: team goals first, then agents' by name, each holder's by metric and period. Goals of agents who are not
 * active (deactivated, waiting for approval) are left out.
 */
export async function listGoalsInForce(
  db: Db,
  starts: Record<GoalPeriod, string>,
  reader: GoalReader,
  filter: GoalFilter = {},
): Promise<GoalInPeriod[]> {
  const rows = await queryRows<StoredGoal & { period_start: string; actual: string }>(
    db,
    sql`select ${goalColumns}, p.start::text as period_start, ${filter.actuals === false ? sql`'0'` : sql`(${goalActual()})::numeric(16,2)::text`} as actual
      from ${goals} g
      join (values ('week', ${starts.week}::date), ('month', ${starts.month}::date), ('quarter', ${starts.quarter}::date)) as p(kind, start)
        on p.kind = g.period_kind and (g.starts_on = p.start or (g.recurring and g.starts_on <= p.start))
      ${goalJoins}
      where ${filter.anyStatus ? sql`true` : sql`(g.agent_id is null or a.status = 'active')`} and ${readerWhere(reader)} and ${filterWhere(filter)}
      order by (g.agent_id is not null), lower(coalesce(a.name, t.name)), g.agent_id, g.team_id, g.metric_id nulls first,
        array_position(array['week', 'month', 'quarter'], g.period_kind), g.id`,
  );
  return rows.map((row) => ({ ...toGoalRow(row), periodStart: String(row.period_start).slice(0, 10), actual: hundredthsOf(row.actual) }));
}

/** One goal by id, or undefined. */
export async function findGoal(db: Db, id: number): Promise<GoalRow | undefined> {
  const [row] = await queryRows<StoredGoal>(db, sql`select ${goalColumns} from ${goals} g ${goalJoins} where g.id = ${id}::int`);
  return row ? toGoalRow(row) : undefined;
}

/** The goals of one holder, metric and kind (to check a new one against): their spans. */
export async function goalSpansOf(
  db: Db,
  holder: { agentId: number } | { teamId: number },
  metricId: number | null,
  kind: GoalPeriod,
): Promise<{ id: number; startsOn: string; recurring: boolean }[]> {
  const rows = await queryRows<{ id: number; starts_on: string; recurring: boolean }>(
    db,
    sql`select g.id, g.starts_on::text as starts_on, g.recurring from ${goals} g
      where ${'agentId' in holder ? sql`g.agent_id = ${holder.agentId}::int` : sql`g.team_id = ${holder.teamId}::int`}
        and ${metricId === null ? sql`g.metric_id is null` : sql`g.metric_id = ${metricId}::int`} and g.period_kind = ${kind}`,
  );
  return rows.map((row) => ({ id: row.id, startsOn: String(row.starts_on).slice(0, 10), recurring: row.recurring }));
}

/**
 * The figures of the periods of `kind` starting on `starts` (oldest first) for each agent of `agentIds`, or for a team
 * (the sum of its active agents), on a metric (null: profit), of the agents the reader may read: only the periods that
 * ended after the agent (or team) was made, so a newer one is suggested from fewer. In hundredths, per holder, in the
 * order of `starts`.
 */
export async function readPeriodFigures(
  db: Db,
  holder: { agentIds: number[] } | { teamId: number },
  metricId: number | null,
  kind: GoalPeriod,
  starts: string[],
  timeZone: string,
  reader: GoalReader,
): Promise<Map<number, bigint[]>> {
  const ends = starts.map((start) => nextPeriodStart(kind, start));
  const readable = (agentId: SQL) => ('agentId' in reader ? sql`true` : scopeWhere(reader.scope, agentId));
  const periods = sql`unnest(${`{${starts.join(',')}}`}::date[], ${`{${ends.join(',')}}`}::date[]) as s(start, next)`;
  const figure = (agentId: SQL) =>
    metricId === null
      ? sql`(select r.income from ${agentPeriodTotals} r where r.agent_id = ${agentId} and r.period_kind = ${kind} and r.period_start = s.start)`
      : sql`(select r.total from ${agentMetricPeriodTotals} r where r.agent_id = ${agentId} and r.metric_id = ${metricId}::int and r.period_kind = ${kind} and r.period_start = s.start)`;
  const rows =
    'agentIds' in holder
      ? await queryRows<{ holder: number; start: string; value: string }>(
          db,
          sql`select a.id as holder, s.start::text as start, coalesce(${figure(sql`a.id`)}, 0)::text as value
            from ${agents} a cross join ${periods}
            where a.id = any(${sql.param(holder.agentIds)}::int[]) and ${readable(sql`a.id`)} and s.next > (a.created_at at time zone ${timeZone})::date
            order by a.id, s.start`,
        )
      : await queryRows<{ holder: number; start: string; value: string }>(
          db,
          sql`select t.id as holder, s.start::text as start,
              coalesce((select sum(coalesce(${figure(sql`x.id`)}, 0)) from ${agents} x where x.team_id = t.id and x.status = 'active' and ${readable(sql`x.id`)}), 0)::text as value
            from ${teams} t cross join ${periods}
            where t.id = ${holder.teamId}::int and s.next > (t.created_at at time zone ${timeZone})::date
            order by s.start`,
        );
  const figures = new Map<number, bigint[]>();
  for (const row of rows) {
    const list = figures.get(row.holder) ?? [];
    list.push(hundredthsOf(row.value));
    figures.set(row.holder, list);
  }
  return figures;
}

/** The active agents of a team (id, name) that the scope holds, by name. */
export async function activeTeamAgents(db: Db, teamId: number, scope: TeamScope): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select a.id, a.name from ${agents} a where a.team_id = ${teamId}::int and a.status = 'active' and ${scopeWhere(scope, agentIdOf())} order by lower(a.name), a.id`,
  );
}

/** The team goals in force in the periods starting on `starts`, with their actual figures (a TV board shows them all). */
export async function listTeamGoalsInForce(db: Db, starts: Record<GoalPeriod, string>): Promise<GoalInPeriod[]> {
  return listGoalsInForce(db, starts, { scope: everyAgentScope() }, { teamsOnly: true });
}
