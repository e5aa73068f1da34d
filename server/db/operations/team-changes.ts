import { sql, type SQL } from 'drizzle-orm';
import type { Team } from '../../../contract/teams';
import { text } from '../../../contract/i18n';
import { conflict, invalid } from '../../domain/errors';
import { messages } from './messages';
import { queryRows, type Db } from '../client';
import { appendEvents } from '../events';
import { findTeam } from '../queries/teams';
import { agents, teamManagers, users } from '../schema';

// What the team operations share (docs/decisions/0032-teams.md): every change is audited and sent as a team.changed
// event with the team's whole membership, so each event hub's scope of managers follows it.

/** A team's name is taken (TEAM_NAME_TAKEN: the English, as tests compare it). */
export const TEAM_NAME_TAKEN_TEXT = text(messages, 'teamNameTaken');
export const TEAM_NAME_TAKEN = String(TEAM_NAME_TAKEN_TEXT);

/** Who a request names as the team's members: whole lists, or (PATCH) the agents who join and leave. */
export interface MemberChanges {
  managerIds?: number[] | undefined;
  agentIds?: number[] | undefined;
  addAgentIds?: number[] | undefined;
  removeAgentIds?: number[] | undefined;
}

/** The ids of `ids` that are not accounts of the kind asked (agents; manager accounts), for one clear 400. */
export async function assertMembers(tx: Db, input: MemberChanges): Promise<void> {
  const missing = async (ids: number[] | undefined, from: SQL) => {
    if (!ids || ids.length === 0) return [];
    const rows = await queryRows<{ id: number }>(tx, sql`select i.id from unnest(${sql.param(ids)}::int[]) i(id) where not exists (${from})`);
    return rows.map((row) => row.id);
  };
  const notManagers = await missing(input.managerIds, sql`select 1 from ${users} u where u.id = i.id and u.role = 'manager'`);
  if (notManagers.length > 0) throw invalid(text(messages, 'notManagers', { ids: notManagers.slice(0, 20).join(', ') }), 'managerIds');
  for (const field of ['agentIds', 'addAgentIds', 'removeAgentIds'] as const) {
    const notAgents = await missing(input[field], sql`select 1 from ${agents} a where a.id = i.id`);
    if (notAgents.length > 0) throw invalid(text(messages, 'noAgentsWithIds', { ids: notAgents.slice(0, 20).join(', ') }), field);
  }
}

/**
 * Sets the team's managers and agents to exactly the lists given (agents in another team move here; those left out
 * leave), or moves only the agents named: `addAgentIds` join (from any other team), `removeAgentIds` leave if they are
 * still in it (docs/decisions/0079-team-membership-edits.md).
 */
export async function setMembers(tx: Db, id: number, input: MemberChanges): Promise<void> {
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
  if (input.removeAgentIds && input.removeAgentIds.length > 0) {
    await tx.execute(sql`update ${agents} set team_id = null where team_id = ${id}::int and id = any(${sql.param(input.removeAgentIds)}::int[])`);
  }
  if (input.addAgentIds && input.addAgentIds.length > 0) {
    await tx.execute(sql`update ${agents} set team_id = ${id}::int where id = any(${sql.param(input.addAgentIds)}::int[]) and team_id is distinct from ${id}::int`);
  }
}

/** The audit's and the event's picture of a team: its name and member ids. */
export const membership = (team: Team) => ({ name: team.name, managerIds: team.managers.map((m) => m.id), agentIds: team.agents.map((a) => a.id) });

/**
 * The team.changed event of a team as it now is (`before`: as it was, for the managers who no longer lead it; they
 * hear of the change, other teams' managers do not: docs/decisions/0036-scope-and-link-rules.md).
 */
export async function announce(tx: Db, team: Team, { deleted = false, before }: { deleted?: boolean; before?: Team } = {}): Promise<void> {
  const members: { managerIds: number[]; agentIds: number[] } = deleted ? { managerIds: [], agentIds: [] } : membership(team);
  const formerManagerIds = (before?.managers ?? []).map((m) => m.id).filter((id) => !members.managerIds.includes(id));
  await appendEvents(tx, [{ type: 'team.changed', agentId: null, public: {}, private: { teamId: team.id, name: team.name, deleted, ...members, formerManagerIds } }]);
}

/** The other teams of these agents, before they move into team `id`. */
export async function teamsLosingAgents(tx: Db, id: number, agentIds: number[] | undefined): Promise<number[]> {
  if (!agentIds || agentIds.length === 0) return [];
  const rows = await queryRows<{ team_id: number }>(
    tx,
    sql`select distinct team_id from ${agents} where id = any(${sql.param(agentIds)}::int[]) and team_id is not null and team_id <> ${id}::int order by team_id`,
  );
  return rows.map((row) => row.team_id);
}

/** A team.changed for each team that lost agents to another: its managers hear that their team changed. */
export async function announceLosers(tx: Db, teamIds: number[]): Promise<void> {
  for (const teamId of teamIds) {
    const team = await findTeam(tx, teamId);
    if (team) await announce(tx, team);
  }
}

export const nameTaken = () => conflict(TEAM_NAME_TAKEN_TEXT);
