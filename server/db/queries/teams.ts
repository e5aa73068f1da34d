import { sql, type SQL } from 'drizzle-orm';
import type { Team, TeamStanding } from '../../../contract/teams';
import { queryRows, type Db } from '../client';
import { epochMs } from '../time-sql';
import { agentMetricPeriodTotals, agentPeriodTotals, agents, incomeEntries, rewardClaims, teamManagers, teams, users } from '../schema';
import type { TeamScope } from '../../domain/team-scope';
import { scopeTeamWhere } from '../scope-sql';
import { onBoards } from './agents';
import type { BoardPeriod } from './boards';

// Teams (docs/product.md §12.16, docs/decisions/0032-teams.md): the owner groups agents under managers. The changes, each audited and
// sent as a team.changed event, are operations (server/db/operations/create-team.ts, update-team.ts, delete-team.ts).

interface TeamRow {
  id: number;
  name: string;
  created_ms: number;
  managers: { id: number; name: string }[];
  agents: { id: number; name: string; status: 'active' | 'pending' | 'inactive' }[];
}

const teamColumns = sql`t.id, t.name, ${epochMs(sql`t.created_at`)} as created_ms,
  coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)
    from ${teamManagers} m join ${users} u on u.id = m.user_id where m.team_id = t.id), '[]'::json) as managers,
  coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'status', a.status) order by a.name, a.id)
    from ${agents} a where a.team_id = t.id), '[]'::json) as agents`;

const toTeam = (row: TeamRow): Team => ({
  id: row.id,
  name: row.name,
  managers: row.managers,
  agents: row.agents,
  createdAt: new Date(row.created_ms).toISOString(),
});

/** The teams of the scope (every team for a scope of every agent), by name, with managers and agents by name. */
export async function listTeams(db: Db, scope: TeamScope): Promise<Team[]> {
  const rows = await queryRows<TeamRow>(db, sql`select ${teamColumns} from ${teams} t where ${scopeTeamWhere(scope, sql`t.id`)} order by lower(t.name), t.id`);
  return rows.map(toTeam);
}

/** One team with its managers and agents; undefined when there is none. */
export async function findTeam(db: Db, id: number): Promise<Team | undefined> {
  const [row] = await queryRows<TeamRow>(db, sql`select ${teamColumns} from ${teams} t where t.id = ${id}::int`);
  return row && toTeam(row);
}

/** The teams a manager leads (none: the manager reads every agent). */
export async function readLedTeamIds(db: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ team_id: number }>(db, sql`select team_id from ${teamManagers} where user_id = ${userId}::int order by team_id`);
  return rows.map((row) => row.team_id);
}

/** The team of an agent: null when in none, undefined when there is no such agent. */
export async function readAgentTeam(db: Db, agentId: number): Promise<number | null | undefined> {
  const [row] = await queryRows<{ team_id: number | null }>(db, sql`select team_id from ${agents} where id = ${agentId}::int`);
  return row ? row.team_id : undefined;
}

/** The team of an income entry's agent (null: in none; undefined: no such entry). */
export async function readEntryAgentTeam(db: Db, entryId: number): Promise<number | null | undefined> {
  const [row] = await queryRows<{ team_id: number | null }>(db, sql`select a.team_id from ${incomeEntries} e join ${agents} a on a.id = e.agent_id where e.id = ${entryId}::int`);
  return row ? row.team_id : undefined;
}

/** The team of a reward claim's agent (null: in none; undefined: no such claim). */
export async function readClaimAgentTeam(db: Db, claimId: number): Promise<number | null | undefined> {
  const [row] = await queryRows<{ team_id: number | null }>(db, sql`select a.team_id from ${rewardClaims} c join ${agents} a on a.id = c.agent_id where c.id = ${claimId}::int`);
  return row ? row.team_id : undefined;
}

/** Who is in which team, and who leads which: what an event hub starts from. */
export async function readTeamMembership(db: Db): Promise<{ agentTeams: [number, number][]; managerTeams: [number, number][] }> {
  const agentRows = await queryRows<{ id: number; team_id: number }>(db, sql`select id, team_id from ${agents} where team_id is not null`);
  const managerRows = await queryRows<{ user_id: number; team_id: number }>(db, sql`select user_id, team_id from ${teamManagers}`);
  return { agentTeams: agentRows.map((row) => [row.id, row.team_id]), managerTeams: managerRows.map((row) => [row.user_id, row.team_id]) };
}

/**
 * The team-against-team board of a period: each team's income (its active agents' roll-ups of the period, or their
 * running totals for `all`), its number of active agents and the income per agent rounded to the cent. Ranked by
 * income, equal incomes sharing a rank, then by name. Teams with no active agent are listed with zero. A scope holds
 * only its teams, ranked among themselves (a manager who leads teams: docs/decisions/0036-scope-and-link-rules.md).
 */
export async function readTeamBoard(db: Db, period: BoardPeriod, scope: TeamScope, metric?: { metricId: number }): Promise<TeamStanding[]> {
  const metricRows = (kind: SQL) =>
    sql`${agentMetricPeriodTotals} r where r.metric_id = ${metric!.metricId}::int and r.agent_id = a.id and r.period_kind = ${kind}`;
  const income = metric
    ? period.kind === 'all'
      ? sql`coalesce((select sum(r.total) from ${metricRows(sql`'year'`)}), 0)`
      : sql`coalesce((select r.total from ${metricRows(sql`${period.kind}`)} and r.period_start = ${period.start}::date), 0)`
    : period.kind === 'all'
      ? sql`a.total_income`
      : sql`coalesce((select r.income from ${agentPeriodTotals} r where r.agent_id = a.id and r.period_kind = ${period.kind} and r.period_start = ${period.start}::date), 0)`;
  const rows = await queryRows<{ team_id: number; name: string; agents: number; income: string; average: string; rank: number }>(
    db,
    sql`with sums as (
        select t.id as team_id, t.name, count(a.id)::int as agents, coalesce(sum(${income}), 0) as total
        from ${teams} t left join ${agents} a on a.team_id = t.id and ${onBoards()}
        where ${scopeTeamWhere(scope, sql`t.id`)}
        group by t.id, t.name
      )
      select team_id, name, agents, total::numeric(16,2)::text as income,
        (case when agents = 0 then 0 else round(total / agents, 2) end)::numeric(16,2)::text as average,
        (rank() over (order by total desc))::int as rank
      from sums order by total desc, lower(name), team_id`,
  );
  return rows.map((row) => ({ rank: row.rank, teamId: row.team_id, name: row.name, agents: row.agents, income: row.income, average: row.average }));
}
