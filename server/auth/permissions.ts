import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { SessionAgent, SessionUser } from '../db/queries/sessions';
import { forbidden, unauthenticated } from '../domain/errors';
import { identify } from './sessions';

export type UserRole = SessionUser['role'];

/**
 * The guards of docs/product.md §3.3: 401 when the caller has no identity at all, 403 when signed in as someone
 * who may not do this.
 */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  roles: readonly UserRole[],
): Promise<SessionUser> {
  const identity = await identify(ctx, request, reply);
  if (identity.user && roles.includes(identity.user.role)) return identity.user;
  if (identity.user) throw forbidden(roles.length === 1 && roles[0] === 'owner' ? 'Owner access required' : undefined);
  if (identity.agent) throw forbidden('This is for owners and managers only');
  throw unauthenticated('Unauthorized: sign in as an owner or manager');
}

export const requireOwner = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) =>
  requireUser(ctx, request, reply, ['owner']);

export const requireOwnerOrManager = (ctx: AppContext, request: FastifyRequest, reply: FastifyReply) =>
  requireUser(ctx, request, reply, ['owner', 'manager']);

export async function requireAgent(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<SessionAgent> {
  const identity = await identify(ctx, request, reply);
  if (identity.agent) return identity.agent;
  if (identity.user) throw forbidden('This is for agents only');
  throw unauthenticated('Unauthorized: sign in as an agent');
}

/** Any signed-in identity: an agent, a manager or an owner. */
export async function requireAnyIdentity(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const identity = await identify(ctx, request, reply);
  if (identity.user || identity.agent) return identity;
  throw unauthenticated('Unauthorized: sign in to continue');
}

/** Agents may read their own data only; owners and managers may read any agent's. */
export async function requireAgentSelfOrStaff(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  agentId: number,
): Promise<void> {
  const identity = await identify(ctx, request, reply);
  if (identity.user) return;
  if (identity.agent) {
    if (identity.agent.id === agentId) return;
    throw forbidden('Agents can only see their own rewards');
  }
  throw unauthenticated('Unauthorized: sign in to continue');
}
