/**
 * Which agents a staff reader may read (docs/product.md §12.16, docs/decisions/0032-teams.md): `null` for every agent (the owner, a
 * manager who leads no team, an API token), else the agents of these teams (a manager who leads teams, or a board
 * filtered to one team).
 */
export type AgentScope = { teamIds: readonly number[] } | null;

/** Whether an agent in `teamId` (null: in no team) is within the scope. */
export function scopeHolds(scope: AgentScope, teamId: number | null): boolean {
  return scope === null || (teamId !== null && scope.teamIds.includes(teamId));
}
