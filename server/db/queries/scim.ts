import { sql, type SQL } from 'drizzle-orm';
import type { GroupFilter, UserFilter } from '../../domain/scim/filter';
import type { ScimAgentRow, ScimTeamRow } from '../../domain/scim/resources';
import { jsonColumn, queryRows, type Db } from '../client';
import type { TeamScope } from '../../domain/team-scope';
import { agentIdOf, scopeTeamWhere, scopeWhere } from '../scope-sql';
import { epochMs } from '../time-sql';
import { agents, teams } from '../schema';

// The reads of SCIM provisioning (docs/decisions/0091-scim-provisioning.md): every agent is a SCIM User but those the
// directory deleted (`scim_deleted_at`), every team a Group. The writes are operations (server/db/operations/scim-*.ts).

/** A page of a list: `startIndex` 1-based, `count` resources at most. */
export interface ScimPage {
  startIndex: number;
  count: number;
}

interface AgentRow {
  id: number;
  email: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  position: string;
  status: ScimAgentRow['status'];
  external_id: string | null;
  created_ms: number;
  team_id: number | null;
  team_name: string | null;
}

const agentColumns = sql`a.id, a.email, a.name, a.first_name, a.last_name, a.position, a.status, a.external_id,
  ${epochMs(sql`a.created_at`)} as created_ms, t.id as team_id, t.name as team_name`;

const toScimAgent = (row: AgentRow): ScimAgentRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  firstName: row.first_name,
  lastName: row.last_name,
  position: row.position,
  status: row.status,
  externalId: row.external_id,
  createdAt: new Date(row.created_ms),
  teamId: row.team_id,
  teamName: row.team_name,
});

/** The agents (alias a) a Users filter names, among the SCIM users. */
function userWhere(filter: UserFilter | undefined): SQL {
  const live = sql`a.scim_deleted_at is null`;
  if (!filter) return live;
  switch (filter.by) {
    case 'email':
      return sql`${live} and a.email = ${filter.email}`;
    case 'externalId':
      return sql`${live} and a.external_id = ${filter.externalId}`;
    case 'id':
      return filter.id === null ? sql`false` : sql`${live} and a.id = ${filter.id}::int`;
  }
}

/** A page of the SCIM users the filter names (all of them without one), by id, and how many it names in all. */
export async function listScimUsers(db: Db, scope: TeamScope, filter: UserFilter | undefined, page: ScimPage): Promise<{ total: number; rows: ScimAgentRow[] }> {
  const where = sql`${userWhere(filter)} and ${scopeWhere(scope, agentIdOf('a'))}`;
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${agents} a where ${where}`);
  const rows =
    page.count === 0
      ? []
      : await queryRows<AgentRow>(
          db,
          sql`select ${agentColumns} from ${agents} a left join ${teams} t on t.id = a.team_id
            where ${where} order by a.id limit ${page.count}::int offset ${page.startIndex - 1}::int`,
        );
  return { total: counted?.total ?? 0, rows: rows.map(toScimAgent) };
}

/** One SCIM user; undefined when there is no such agent or the directory deleted it. */
export async function findScimUser(db: Db, scope: TeamScope, id: number): Promise<ScimAgentRow | undefined> {
  const [row] = await queryRows<AgentRow>(
    db,
    sql`select ${agentColumns} from ${agents} a left join ${teams} t on t.id = a.team_id
      where a.id = ${id}::int and a.scim_deleted_at is null and ${scopeWhere(scope, agentIdOf('a'))}`,
  );
  return row && toScimAgent(row);
}

/** Which of `ids` are not SCIM users (no such agent, or deleted by the directory), in order. */
export async function notScimUsers(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select i.id from unnest(${sql.param([...ids])}::int[]) i(id)
      where not exists (select 1 from ${agents} a where a.id = i.id and a.scim_deleted_at is null) order by i.id`,
  );
  return rows.map((row) => row.id);
}

interface TeamRow {
  id: number;
  name: string;
  external_id: string | null;
  created_ms: number;
  members?: string | { id: number; name: string }[];
}

/** A team's columns (alias t); its members, the agents in it that are SCIM users, by id, when asked for. */
const teamColumns = (withMembers: boolean) =>
  sql`t.id, t.name, t.external_id, ${epochMs(sql`t.created_at`)} as created_ms${
    withMembers
      ? sql`, coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.id)
          from ${agents} a where a.team_id = t.id and a.scim_deleted_at is null), '[]'::json) as members`
      : sql``
  }`;

const toScimTeam = (row: TeamRow): ScimTeamRow => ({
  id: row.id,
  name: row.name,
  externalId: row.external_id,
  createdAt: new Date(row.created_ms),
  ...(row.members !== undefined ? { members: jsonColumn(row.members) } : {}),
});

/** The teams (alias t) a Groups filter names: a name is compared as team names are unique, without regard to case. */
function groupWhere(filter: GroupFilter | undefined): SQL {
  if (!filter) return sql`true`;
  switch (filter.by) {
    case 'name':
      return sql`lower(t.name) = lower(${filter.name})`;
    case 'externalId':
      return sql`t.external_id = ${filter.externalId}`;
    case 'id':
      return filter.id === null ? sql`false` : sql`t.id = ${filter.id}::int`;
  }
}

/** A page of the teams the filter names (all without one), by id, and how many it names in all. */
export async function listScimGroups(
  db: Db,
  scope: TeamScope,
  filter: GroupFilter | undefined,
  page: ScimPage,
  withMembers: boolean,
): Promise<{ total: number; rows: ScimTeamRow[] }> {
  const where = sql`${groupWhere(filter)} and ${scopeTeamWhere(scope, sql`t.id`)}`;
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${teams} t where ${where}`);
  const rows =
    page.count === 0
      ? []
      : await queryRows<TeamRow>(
          db,
          sql`select ${teamColumns(withMembers)} from ${teams} t where ${where} order by t.id limit ${page.count}::int offset ${page.startIndex - 1}::int`,
        );
  return { total: counted?.total ?? 0, rows: rows.map(toScimTeam) };
}

/** One team as a Group; undefined when there is none. */
export async function findScimGroup(db: Db, scope: TeamScope, id: number, withMembers: boolean): Promise<ScimTeamRow | undefined> {
  const [row] = await queryRows<TeamRow>(db, sql`select ${teamColumns(withMembers)} from ${teams} t where t.id = ${id}::int and ${scopeTeamWhere(scope, sql`t.id`)}`);
  return row && toScimTeam(row);
}
