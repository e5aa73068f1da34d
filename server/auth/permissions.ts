import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_FORBIDDEN_TEXT, type ApiScope } from '../../contract/api-tokens';
import { text } from '../../contract/i18n';
import { SCIM_PEOPLE_REFUSED_TEXT, SCIM_SCOPE_REQUIRED_TEXT, SCIM_TOKEN_REQUIRED_TEXT } from '../../contract/scim';
import { MANAGERS_DO_NOT_RECORD_TEXT } from '../../contract/settings';
import { readManagersRecord } from '../db/queries/settings';
import type { AppContext } from '../app-context';
import type { SessionAgent, SessionUser } from '../db/queries/sessions';
import { forbidden, unauthenticated } from '../domain/errors';
import type { AuditActor } from '../db/audit';
import { actorOf, agentActor, userActor } from './audit-actor';
import { everyAgentScope, type TeamScope } from '../domain/team-scope';
import type { Caller } from './caller';
import { identify, type Identity } from './sessions';
import { messages } from './messages';
import { assertAgentInScope, scopeOfCaller } from './team-scope';

export type UserRole = SessionUser['role'];

/** An API token on a route it may not use (outside its scopes, or a route only people use): 403. */
function refuseToken(identity: Identity): void {
  if (identity.token) throw forbidden(API_TOKEN_FORBIDDEN_TEXT);
}

/**
 * The guards of docs/product.md §3.3: 401 when the caller has no identity at all, 403 when signed in as someone
 * who may not do this. API tokens pass only the guards that name their scope.
 */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  roles: readonly UserRole[],
): Promise<SessionUser> {
  const identity = await identify(ctx, request, reply);
  refuseToken(identity);
  if (identity.user && roles.includes(identity.user.role)) return identity.user;
  if (identity.user) throw forbidden(roles.length === 1 && roles[0] === 'owner' ? text(messages, 'ownerAccessRequired') : undefined);
  if (identity.agent) throw forbidden(text(messages, 'ownersAndManagersOnly'));
  throw unauthenticated(text(messages, 'signInAsOwnerOrManager'));
}

export const requireOwner = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) =>
  requireUser(ctx, request, reply, ['owner']);

/** A signed-in owner who reads agent data: with the owner's scope, every agent (docs/decisions/0043). */
export async function requireOwnerReader(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<{ owner: SessionUser; scope: TeamScope }> {
  const owner = await requireOwner(ctx, request, reply);
  return { owner, scope: await scopeOfCaller(ctx, { kind: 'user', user: owner }) };
}

export const requireOwnerOrManager = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) =>
  requireUser(ctx, request, reply, ['owner', 'manager']);

/** A key naming the caller, for what is kept per caller (idempotency keys). */
export const callerKey = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.user.id}` : `token:${caller.token.id}`);

/** A signed-in owner, or an API token with `scope` (an owner's write that integrations may make). */
export async function requireOwnerOrToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, scope: ApiScope): Promise<Caller> {
  const identity = await identify(ctx, request, reply);
  if (identity.token?.scopes.includes(scope)) return { kind: 'token', token: identity.token };
  return { kind: 'user', user: await requireOwner(ctx, request, reply) };
}

/**
 * SCIM provisioning (docs/decisions/0091-scim-provisioning.md): an API token with the `scim` scope, and nothing else. A
 * token without it is refused (403), and so is a person's session (403: signed in, but as someone who may not do this;
 * a directory never holds one); no identity at all is a 401.
 */
export async function requireScimToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<StaffRead & { caller: Caller & { kind: 'token' } }> {
  const identity = await identify(ctx, request, reply);
  // The directory provisions every agent: its reads hold them all.
  if (identity.token?.scopes.includes('scim')) return { caller: { kind: 'token', token: identity.token }, scope: everyAgentScope() };
  if (identity.token) throw forbidden(SCIM_SCOPE_REQUIRED_TEXT);
  if (identity.user || identity.agent) throw forbidden(SCIM_PEOPLE_REFUSED_TEXT);
  throw unauthenticated(SCIM_TOKEN_REQUIRED_TEXT);
}

/**
 * Who records or voids income entries, and for which agents (docs/decisions/0082-managers-who-record.md): the owner
 * and API tokens with `scope` for every agent; a manager for the agents of their scope while the owner lets managers
 * record (off: 403 saying where it is turned on). The route checks the agent against the scope.
 */
export async function requireEntryWriter(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, scope: ApiScope): Promise<StaffRead> {
  const identity = await identify(ctx, request, reply);
  if (identity.token?.scopes.includes(scope)) return { caller: { kind: 'token', token: identity.token }, scope: everyAgentScope() };
  return requireRecordingUser(ctx, request, reply);
}

/**
 * The people who record for agents: the owner (every agent), and a manager (the agents of their scope) while the
 * owner lets managers record; the claim steps use it as it is, the entry writes through requireEntryWriter.
 */
export async function requireRecordingUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<StaffRead & { caller: { kind: 'user'; user: SessionUser } }> {
  const user = await requireOwnerOrManager(ctx, request, reply);
  const caller = { kind: 'user' as const, user };
  if (user.role === 'owner') return { caller, scope: everyAgentScope() };
  if (!(await readManagersRecord(ctx.db))) throw forbidden(MANAGERS_DO_NOT_RECORD_TEXT);
  return { caller, scope: await scopeOfCaller(ctx, caller) };
}

/**
 * A staff read: who reads, and which agents they may read. The scope is built here, once per request, by the guard
 * that authorizes it; every query of agent data requires one (docs/decisions/0043-team-scope-required.md).
 */
export interface StaffRead {
  caller: Caller;
  scope: TeamScope;
}

/**
 * What a manager may read: a signed-in owner or manager, or an API token with the `read` scope; with the agents they
 * may read (a manager who leads teams: theirs only).
 */
export async function requireStaffReader(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<StaffRead> {
  const identity = await identify(ctx, request, reply);
  const caller: Caller = identity.token?.scopes.includes('read')
    ? { kind: 'token', token: identity.token }
    : { kind: 'user', user: await requireOwnerOrManager(ctx, request, reply) };
  return { caller, scope: await scopeOfCaller(ctx, caller) };
}

export async function requireAgent(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<SessionAgent> {
  const identity = await identify(ctx, request, reply);
  refuseToken(identity);
  if (identity.agent) return identity.agent;
  if (identity.user) throw forbidden(text(messages, 'agentsOnly'));
  throw unauthenticated(text(messages, 'signInAsAgent'));
}

/** Any signed-in identity: an agent, a manager or an owner; with `tokenScope`, also an API token that has it. */
export async function requireAnyIdentity(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, tokenScope?: ApiScope) {
  const identity = await identify(ctx, request, reply);
  if (identity.token && !(tokenScope && identity.token.scopes.includes(tokenScope))) refuseToken(identity);
  if (identity.user || identity.agent || identity.token) return identity;
  throw unauthenticated(text(messages, 'signInToContinue'));
}

/**
 * Agents may read their own data only; owners, managers and `read` tokens may read the agents of their scope (a
 * manager who leads teams: 403 for another team's agent).
 */
export async function requireAgentSelfOrStaff(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  agentId: number,
): Promise<void> {
  const identity = await identify(ctx, request, reply);
  if (identity.user) return assertAgentInScope(ctx, await scopeOfCaller(ctx, { kind: 'user', user: identity.user }), agentId);
  if (identity.token?.scopes.includes('read')) return;
  refuseToken(identity);
  if (identity.agent) {
    if (identity.agent.id === agentId) return;
    throw forbidden(text(messages, 'ownRewardsOnly'));
  }
  throw unauthenticated(text(messages, 'signInToContinue'));
}

/** Who records or voids an activity, and for which agents. */
type ActivityWriter =
  | { kind: 'staff'; caller: Caller; scope: TeamScope; actor: AuditActor; byName: string; keyScope: string }
  | { kind: 'agent'; agentId: number; actor: AuditActor; byName: string; keyScope: string };

/**
 * Who may write activities (docs/decisions/0072-metrics-and-activities.md): owners and managers for the agents of their scope, tokens
 * with `activities:write` for anyone, and an agent for itself on a metric that allows it (marked self-reported).
 */
export async function requireActivityWriter(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<ActivityWriter> {
  const identity = await identify(ctx, request, reply);
  if (identity.token) {
    if (!identity.token.scopes.includes('activities:write')) throw forbidden(text(messages, 'tokenLacksActivitiesWrite'));
    const caller: Caller = { kind: 'token', token: identity.token };
    return { kind: 'staff', caller, scope: everyAgentScope(), actor: actorOf(request, caller), byName: `API token "${identity.token.name}"`, keyScope: `token:${identity.token.id}` };
  }
  if (identity.user) {
    const caller: Caller = { kind: 'user', user: identity.user };
    return { kind: 'staff', caller, scope: await scopeOfCaller(ctx, caller), actor: userActor(request, identity.user), byName: identity.user.name, keyScope: `user:${identity.user.id}` };
  }
  if (identity.agent) {
    return { kind: 'agent', agentId: identity.agent.id, actor: agentActor(request, identity.agent.id), byName: identity.agent.name, keyScope: `agent:${identity.agent.id}` };
  }
  throw unauthenticated(text(messages, 'signInToContinue'));
}

/**
 * Who may read activities: owners and managers (the agents of their scope), tokens with `read`, and an agent, its own
 * only (`agentId`: the reader, whose list is always of itself).
 */
export async function requireActivityReader(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<{ scope: TeamScope; agentId?: number }> {
  const identity = await requireAnyIdentity(ctx, request, reply, 'read');
  if (identity.user) return { scope: await scopeOfCaller(ctx, { kind: 'user', user: identity.user }) };
  if (identity.agent) return { scope: everyAgentScope(), agentId: identity.agent.id };
  return { scope: everyAgentScope() };
}

/** Who sets goals: an owner (any agent or team) or a manager (the agents and teams of their scope); people only. */
export async function requireGoalSetter(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<{ user: SessionUser; scope: TeamScope; actor: AuditActor }> {
  const user = await requireOwnerOrManager(ctx, request, reply);
  return { user, scope: await scopeOfCaller(ctx, { kind: 'user', user }), actor: userActor(request, user) };
}

/** Who sets up contests (docs/decisions/0077-contests.md): owners for anyone, managers for the agents of their scope. */
export const requireContestSetter = requireGoalSetter;

/**
 * Who reads contests (docs/decisions/0077-contests.md): owners, managers and `read` tokens those of their scope; an
 * agent the published contests it takes part in.
 */
export const requireContestReader = requireGoalReader;

/**
 * Who reads goals (docs/decisions/0074-goals.md): owners, managers and `read` tokens those of their scope; an agent its
 * own and its team's.
 */
export async function requireGoalReader(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ kind: 'staff'; scope: TeamScope } | { kind: 'agent'; agentId: number }> {
  const identity = await requireAnyIdentity(ctx, request, reply, 'read');
  if (identity.user) return { kind: 'staff', scope: await scopeOfCaller(ctx, { kind: 'user', user: identity.user }) };
  if (identity.agent) return { kind: 'agent', agentId: identity.agent.id };
  return { kind: 'staff', scope: everyAgentScope() };
}
