import { NOT_YOUR_TEAM_TEXT, OUTSIDE_YOUR_TEAMS_TEXT } from '../../contract/teams';
import type { AppContext } from '../app-context';
import { readAgentTeam, readClaimAgentTeam, readEntryAgentTeam, readLedTeamIds } from '../db/queries/teams';
import { forbidden } from '../domain/errors';
import { narrowScopeToTeam, scopeHolds, scopeIsEveryAgent, scopeOfLedTeams, type TeamScope } from '../domain/team-scope';
import type { Caller } from './caller';

/**
 * The agents a staff caller reads (docs/decisions/0032-teams.md, 0043-team-scope-required.md): a manager who leads
 * teams, only theirs; the owner, a manager who leads none and an API token, every agent. Called by the guards of
 * server/auth/permissions.ts only, once per request: the scope they hand the route is the only one it has.
 */
export async function scopeOfCaller(ctx: AppContext, caller: Caller): Promise<TeamScope> {
  const led = caller.kind === 'user' && caller.user.role === 'manager' ? await readLedTeamIds(ctx.db, caller.user.id) : [];
  return scopeOfLedTeams(led);
}

/**
 * A read filtered to one team (`team` of the query; none: the scope as it is): 403 for a team the scope does not hold.
 * It narrows the scope the guard built, never widens it.
 */
export function narrowToTeam(scope: TeamScope, team: number | undefined): TeamScope {
  if (team === undefined) return scope;
  const narrowed = narrowScopeToTeam(scope, team);
  if (!narrowed) throw forbidden(NOT_YOUR_TEAM_TEXT);
  return narrowed;
}

/**
 * A read of one agent by id: 403 when the scope the guard built does not hold the agent. An unknown agent passes (the
 * route answers 404 as before), so a manager learns no more about other teams than that the id is not theirs.
 */
export function assertAgentInScope(ctx: AppContext, scope: TeamScope, agentId: number): Promise<void> {
  return assertTeamOfInScope(scope, () => readAgentTeam(ctx.db, agentId));
}

/**
 * The one check of the asserts here: 403 when the scope does not hold the team `readTeam` finds (null: no team); a
 * row that does not exist (undefined) passes, for the route's 404. Every agent's scope reads nothing.
 */
async function assertTeamOfInScope(scope: TeamScope, readTeam: () => Promise<number | null | undefined>): Promise<void> {
  if (scopeIsEveryAgent(scope)) return;
  const team = await readTeam();
  if (team !== undefined && !scopeHolds(scope, team)) throw forbidden(OUTSIDE_YOUR_TEAMS_TEXT);
}

/** A write to an income entry (a void): 403 when its agent is outside the scope; an unknown entry passes (404 later). */
export function assertEntryInScope(ctx: AppContext, scope: TeamScope, entryId: number): Promise<void> {
  return assertTeamOfInScope(scope, () => readEntryAgentTeam(ctx.db, entryId));
}

/** A step of a reward claim: 403 when its agent is outside the scope; an unknown claim passes (404 later). */
export function assertClaimInScope(ctx: AppContext, scope: TeamScope, claimId: number): Promise<void> {
  return assertTeamOfInScope(scope, () => readClaimAgentTeam(ctx.db, claimId));
}
