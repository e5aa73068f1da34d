/**
 * Which agents a staff reader may read (docs/product.md §12.16, docs/decisions/0032-teams.md, 0043-team-scope-required.md): every
 * agent (the owner, a manager who leads no team, an API token), or the agents of some teams (a manager who leads
 * teams, or a read narrowed to one team).
 *
 * A TeamScope is made by the guard that authorizes a request (server/auth/permissions.ts), by the event hub for its
 * streams and by the notifier for its recipients, always through `scopeOfLedTeams` (the one rule: a manager who leads
 * teams reads only their agents); route handlers cannot make one (ESLint forbids them the constructors). Every read
 * of agent data takes one, with no default: a route that forgets it does not compile.
 *
 * One predicate in TypeScript (`scopeHolds`, here) and one in SQL (`scopeWhere`, server/db/scope-sql.ts) say what a
 * scope holds.
 */
declare const teamScopeBrand: unique symbol;

type ScopeShape = { readonly kind: 'all' } | { readonly kind: 'teams'; readonly teamIds: readonly number[] };

/** Opaque: only the constructors below make one. */
export type TeamScope = ScopeShape & { readonly [teamScopeBrand]: true };

const make = (shape: ScopeShape) => Object.freeze(shape) as TeamScope;

const EVERY_AGENT = make({ kind: 'all' });

/** Every agent: what the owner, a manager who leads no team and an API token read. */
export function everyAgentScope(): TeamScope {
  return EVERY_AGENT;
}

/** The agents of these teams only (none: no agent at all). */
export function teamsScope(teamIds: Iterable<number>): TeamScope {
  return make({ kind: 'teams', teamIds: Object.freeze([...new Set(teamIds)].sort((a, b) => a - b)) });
}

/**
 * The rule, written once: a reader who leads teams reads the agents of those teams only; one who leads none (the owner,
 * a manager without a team, a token) reads every agent.
 */
export function scopeOfLedTeams(led: Iterable<number>): TeamScope {
  const teams = [...led];
  return teams.length === 0 ? everyAgentScope() : teamsScope(teams);
}

/**
 * The scope narrowed to one team (a board or list filtered by `team`): undefined when the scope does not hold that
 * team (the caller answers 403). An unknown team narrows to no agent at all.
 */
export function narrowScopeToTeam(scope: TeamScope, teamId: number): TeamScope | undefined {
  if (scope.kind === 'teams' && !scope.teamIds.includes(teamId)) return undefined;
  return teamsScope([teamId]);
}

/** Whether an agent in `teamId` (null: in no team) is within the scope. */
export function scopeHolds(scope: TeamScope, teamId: number | null | undefined): boolean {
  return scope.kind === 'all' || (teamId !== null && teamId !== undefined && scope.teamIds.includes(teamId));
}

/** Whether the scope holds every agent (reads may then use what is kept for everyone, such as the boards in memory). */
export const scopeIsEveryAgent = (scope: TeamScope): boolean => scope.kind === 'all';

/** The teams of a scope limited to some (undefined for every agent). */
export const scopeTeamIds = (scope: TeamScope): readonly number[] | undefined => (scope.kind === 'teams' ? scope.teamIds : undefined);
