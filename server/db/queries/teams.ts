import { sql, type SQL } from 'drizzle-orm';
import type { CreateTeamInput, Team, TeamStanding, UpdateTeamInput } from '../../../contract/teams';
import { conflict, invalid, notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { appendEvents } from '../events';
import { epochMs } from '../time-sql';
import { agentPeriodTotals, agents, teamManagers, teams, users } from '../schema';
import type { TeamScope } from '../../domain/team-scope';
import { scopeTeamWhere } from '../scope-sql';
import { onBoards } from './agents';
import type { BoardPeriod } from './boards';

// Teams (DESIGN §7, docs/decisions/0032-teams.md): the owner groups agents under managers; every change is audited and
// sent as a team.changed event with the team's whole membership, so each event hub's scope of managers follows it.

export const TEAM_NAME_TAKEN = 'A team with this name already exists';

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

async function readTeam(db: Db, id: number): Promise<Team | undefined> {
  const [row] = await queryRows<TeamRow>(db, sql`select ${teamColumns} from ${teams} t where t.id = ${id}::int`);
  return row && toTeam(row);
}

/** The ids of `ids` that are not accounts of the kind asked (agents; manager accounts), for one clear 400. */
async function assertMembers(tx: Db, input: { managerIds?: number[]; agentIds?: number[] }): Promise<void> {
  const missing = async (ids: number[] | undefined, from: SQL) => {
    if (!ids || ids.length === 0) return [];
    const rows = await queryRows<{ id: number }>(tx, sql`select i.id from unnest(${sql.param(ids)}::int[]) i(id) where not exists (${from})`);
    return rows.map((row) => row.id);
  };
  const notManagers = await missing(input.managerIds, sql`select 1 from ${users} u where u.id = i.id and u.role = 'manager'`);
  if (notManagers.length > 0) throw invalid(`These ids are not manager accounts: ${notManagers.slice(0, 20).join(', ')}`, 'managerIds');
  const notAgents = await missing(input.agentIds, sql`select 1 from ${agents} a where a.id = i.id`);
  if (notAgents.length > 0) throw invalid(`No agent has these ids: ${notAgents.slice(0, 20).join(', ')}`, 'agentIds');
}

/** Sets the team's managers and agents to exactly these (agents in another team move here; those left out leave). */
async function setMembers(tx: Db, id: number, input: { managerIds?: number[]; agentIds?: number[] }): Promise<void> {
  if (input.managerIds) {
    await tx.execute(sql`delete from ${teamManagers} where team_id = ${id}::int and user_id <> all(${sql.param(input.managerIds)}::int[])`);
    await tx.execute(
      sql`insert into ${teamManagers} (team_id, user_id) select ${id}::int, u from unnest(${sql.param(input.managerIds)}::int[]) u on conflict do nothing`,
    );
  }
  if (input.agentIds) {
    await tx.execute(sql`update ${agents} set team_id = null where team_id = ${id}::int and id <> all(${sql.param(input.agentIds)}::int[])`);
    await tx.execute(sql`update ${agents} set team_id = ${id}::int where id = any(${sql.param(input.agentIds)}::int[]) and team_id is distinct from ${id}::int`);
  }
}

/** The audit's and the event's picture of a team: its name and member ids. */
const membership = (team: Team) => ({ name: team.name, managerIds: team.managers.map((m) => m.id), agentIds: team.agents.map((a) => a.id) });

/**
 * The team.changed event of a team as it now is (`before`: as it was, for the managers who no longer lead it; they
 * hear of the change, other teams' managers do not: docs/decisions/0036-scope-and-link-rules.md).
 */
async function announce(tx: Db, team: Team, { deleted = false, before }: { deleted?: boolean; before?: Team } = {}): Promise<void> {
  const members: { managerIds: number[]; agentIds: number[] } = deleted ? { managerIds: [], agentIds: [] } : membership(team);
  const formerManagerIds = (before?.managers ?? []).map((m) => m.id).filter((id) => !members.managerIds.includes(id));
  await appendEvents(tx, [{ type: 'team.changed', agentId: null, public: {}, private: { teamId: team.id, name: team.name, deleted, ...members, formerManagerIds } }]);
}

/** The other teams of these agents, before they move into team `id`. */
async function teamsLosingAgents(tx: Db, id: number, agentIds: number[] | undefined): Promise<number[]> {
  if (!agentIds || agentIds.length === 0) return [];
  const rows = await queryRows<{ team_id: number }>(
    tx,
    sql`select distinct team_id from ${agents} where id = any(${sql.param(agentIds)}::int[]) and team_id is not null and team_id <> ${id}::int order by team_id`,
  );
  return rows.map((row) => row.team_id);
}

/** A team.changed for each team that lost agents to another: its managers hear that their team changed. */
async function announceLosers(tx: Db, teamIds: number[]): Promise<void> {
  for (const teamId of teamIds) {
    const team = await readTeam(tx, teamId);
    if (team) await announce(tx, team);
  }
}

const nameTaken = () => conflict(TEAM_NAME_TAKEN);

/** POST /api/teams: the team, its managers and agents, its audit row and event, in one transaction. */
export async function createTeam(db: Db, input: CreateTeamInput, actor: AuditActor, now: Date): Promise<Team> {
  return refusedAs(UNIQUE_VIOLATION, nameTaken, () =>
    db.transaction(async (tx) => {
      await assertMembers(tx, input);
      const [made] = await queryRows<{ id: number }>(tx, sql`insert into ${teams} (name, created_at) values (${input.name}, ${now.toISOString()}::timestamptz) returning id`);
      const losers = await teamsLosingAgents(tx, made!.id, input.agentIds);
      await setMembers(tx, made!.id, input);
      const team = (await readTeam(tx, made!.id))!;
      await appendAudit(tx, actor, { action: 'team.created', targetType: 'team', targetId: team.id, after: membership(team) }, now);
      await announce(tx, team);
      await announceLosers(tx, losers);
      return team;
    }),
  );
}

/** PATCH /api/teams/{id}: a new name or member lists; audited with before and after. */
export async function updateTeam(db: Db, id: number, input: UpdateTeamInput, actor: AuditActor, now: Date): Promise<Team> {
  return refusedAs(UNIQUE_VIOLATION, nameTaken, () =>
    db.transaction(async (tx) => {
      const [locked] = await queryRows<{ id: number }>(tx, sql`select id from ${teams} where id = ${id}::int for update`);
      if (!locked) throw notFound('Team');
      await assertMembers(tx, input);
      const before = (await readTeam(tx, id))!;
      if (input.name !== undefined) await tx.execute(sql`update ${teams} set name = ${input.name} where id = ${id}::int`);
      const losers = await teamsLosingAgents(tx, id, input.agentIds);
      await setMembers(tx, id, input);
      const after = (await readTeam(tx, id))!;
      await appendAudit(tx, actor, { action: 'team.updated', targetType: 'team', targetId: id, before: membership(before), after: membership(after) }, now);
      await announce(tx, after, { before });
      await announceLosers(tx, losers);
      return after;
    }),
  );
}

/** DELETE /api/teams/{id}: its agents are in no team any more (their history stays), its managers lead it no more. */
export async function deleteTeam(db: Db, id: number, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(tx, sql`select id from ${teams} where id = ${id}::int for update`);
    if (!locked) throw notFound('Team');
    const before = (await readTeam(tx, id))!;
    await tx.execute(sql`delete from ${teams} where id = ${id}::int`);
    await appendAudit(tx, actor, { action: 'team.deleted', targetType: 'team', targetId: id, before: membership(before) }, now);
    await announce(tx, before, { deleted: true, before });
  });
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
export async function readTeamBoard(db: Db, period: BoardPeriod, scope: TeamScope): Promise<TeamStanding[]> {
  const income =
    period.kind === 'all'
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
