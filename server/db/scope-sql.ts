import { sql, type SQL } from 'drizzle-orm';
import { scopeTeamIds, type TeamScope } from '../domain/team-scope';
import { agents } from './schema';

// The SQL form of what a TeamScope holds (server/domain/team-scope.ts `scopeHolds` is the TypeScript form), written
// once: every read of agent data filters by one of these two (docs/decisions/0043-team-scope-required.md).

/** Whether the team `teamId` (an expression: a column, `t.id`) is within the scope. */
export function scopeTeamWhere(scope: TeamScope, teamId: SQL): SQL {
  const teams = scopeTeamIds(scope);
  return teams === undefined ? sql`true` : sql`${teamId} = any(${sql.param([...teams])}::int[])`;
}

/**
 * Whether the agent whose id is `agentId` (an expression: `a.id`, `e.agent_id`, a drizzle column) is within the
 * scope: its team is. Every agent for a scope of every agent (the statement is then as it was without a scope).
 */
export function scopeWhere(scope: TeamScope, agentId: SQL): SQL {
  if (scopeTeamIds(scope) === undefined) return sql`true`;
  return sql`${agentId} in (select scoped.id from ${agents} scoped where ${scopeTeamWhere(scope, sql`scoped.team_id`)})`;
}

/** `alias`.id, for scopeWhere on a query of the agents table (`a` by default). */
export const agentIdOf = (alias = 'a') => sql`${sql.identifier(alias)}.id`;
