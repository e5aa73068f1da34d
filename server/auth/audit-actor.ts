import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller';
import type { AuditActor } from '../db/audit';

/** User agents are kept to this many characters in the audit trail. */
const USER_AGENT_MAX = 300;

/** Where a request came from: its client address and user agent (cut to USER_AGENT_MAX characters). */
export function requestOrigin(request: FastifyRequest): Pick<AuditActor, 'ip' | 'userAgent'> {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' && userAgent !== '' ? userAgent.slice(0, USER_AGENT_MAX) : null };
}

/** The audit trail's actor for an owner, a manager or an API token making a request (docs/product.md §12.12). */
export function actorOf(request: FastifyRequest, caller: Caller | { kind: 'user'; user: { id: number; name: string } }): AuditActor {
  if (caller.kind === 'token') return { kind: 'token', id: caller.token.id, name: caller.token.name, ...requestOrigin(request) };
  return { kind: 'user', id: caller.user.id, name: caller.user.name, ...requestOrigin(request) };
}

/** The actor for an owner or manager signed in. */
export const userActor = (request: FastifyRequest, user: { id: number; name: string }): AuditActor => actorOf(request, { kind: 'user', user });

/** The actor for an agent acting for itself: no name (the trail keeps none of an agent's personal data). */
export const agentActor = (request: FastifyRequest, agentId: number): AuditActor => ({ kind: 'agent', id: agentId, name: null, ...requestOrigin(request) });
