import { NOT_YOUR_TEAM, OUTSIDE_YOUR_TEAMS } from '../../contract/teams';
import type { AppContext } from '../app-context';
import { readAgentTeam, readLedTeamIds } from '../db/queries/teams';
import { forbidden } from '../domain/errors';
import { scopeHolds, type AgentScope } from '../domain/team-scope';
import type { Caller } from './permissions';

/** The teams a staff caller leads: a manager's (none for the owner, a manager who leads none, or an API token). */
async function ledTeams(ctx: AppContext, caller: Caller): Promise<number[]> {
  return caller.kind === 'user' && caller.user.role === 'manager' ? readLedTeamIds(ctx.db, caller.user.id) : [];
}

/**
 * The agents a staff read covers (docs/decisions/0032-teams.md): a manager who leads teams reads only their agents;
 * `team` narrows any read to one team (403 for a manager who does not lead it). An unknown team reads as empty.
 */
export async function readScope(ctx: AppContext, caller: Caller, team?: number): Promise<AgentScope> {
  const led = await ledTeams(ctx, caller);
  if (team !== undefined) {
    if (led.length > 0 && !led.includes(team)) throw forbidden(NOT_YOUR_TEAM);
    return { teamIds: [team] };
  }
  return led.length > 0 ? { teamIds: led } : null;
}

/**
 * A read of one agent by id: 403 when the caller's scope (readScope) does not hold the agent. An unknown agent passes
 * (the route answers 404 as before), so a manager learns no more about other teams than that the id is not theirs.
 */
export async function assertAgentInScope(ctx: AppContext, scope: AgentScope, agentId: number): Promise<void> {
  if (scope === null) return;
  const team = await readAgentTeam(ctx.db, agentId);
  if (team !== undefined && !scopeHolds(scope, team)) throw forbidden(OUTSIDE_YOUR_TEAMS);
}
