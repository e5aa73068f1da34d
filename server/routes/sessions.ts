import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceSessionList, EndedSessions } from '../../contract/sessions';
import type { AppContext } from '../app-context';
import { cookieNames, hashToken, identify } from '../auth/sessions';
import { audited } from '../db/audit';
import { endAccountSessions, listAccountSessions, type SessionKind } from '../db/queries/sessions';
import { text } from '../../contract/i18n';
import { forbidden, notFound, unauthenticated } from '../domain/errors';
import { messages } from './messages';
import { agentActor, userActor } from '../auth/audit-actor';
import { parseId } from '../http/errors';

/**
 * The signed-in person's own session (an owner's or manager's first, when a browser holds both kinds): its kind,
 * account, the token hash of the request's cookie, and the actor for the audit trail. Tokens and anonymous callers
 * are refused.
 */
async function ownSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const identity = await identify(ctx, request, reply);
  if (identity.token) throw forbidden(text(messages, 'tokensHaveNoSessions'));
  const kind: SessionKind | undefined = identity.user ? 'user' : identity.agent ? 'agent' : undefined;
  if (!kind) throw unauthenticated(text(messages, 'signInToContinue'));
  const subjectId = kind === 'user' ? identity.user!.id : identity.agent!.id;
  const actor = kind === 'user' ? userActor(request, identity.user!) : agentActor(request, subjectId);
  return { kind, subjectId, tokenHash: hashToken(request.cookies[cookieNames[kind]] ?? ''), actor };
}

/** Signed-in devices (docs/product.md §12.15): each person lists and ends their own sessions, never another's. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/sessions', async (request, reply): Promise<DeviceSessionList> => {
    const own = await ownSession(ctx, request, reply);
    const sessions = await listAccountSessions(ctx.db, own.kind, own.subjectId, ctx.now());
    return {
      sessions: sessions.map(({ tokenHash, ...session }) => ({
        id: session.id,
        current: tokenHash === own.tokenHash,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        userAgent: session.userAgent,
      })),
    };
  });

  app.delete<{ Params: { id: string } }>('/api/sessions/:id', async (request, reply) => {
    const own = await ownSession(ctx, request, reply);
    const id = parseId(request.params.id, 'Session');
    const ended = await audited(
      ctx.db,
      own.actor,
      ctx.now(),
      async (tx) => {
        const hashes = await endAccountSessions(tx, own.kind, own.subjectId, { id });
        // Another account's session or none: the same 404, and nothing changes.
        if (hashes.length === 0) throw notFound('Session');
        return hashes;
      },
      () => ({ action: 'sessions.ended', targetType: own.kind, targetId: own.subjectId, after: { sessions: 1 } }),
    );
    for (const tokenHash of ended) ctx.live.endSession(tokenHash);
    if (ended.includes(own.tokenHash)) reply.clearCookie(cookieNames[own.kind], { path: '/' });
    return reply.status(204).send();
  });

  app.delete('/api/sessions', async (request, reply): Promise<EndedSessions> => {
    const own = await ownSession(ctx, request, reply);
    const ended = await audited(
      ctx.db,
      own.actor,
      ctx.now(),
      (tx) => endAccountSessions(tx, own.kind, own.subjectId, { allBut: own.tokenHash }),
      (hashes) => ({ action: 'sessions.ended', targetType: own.kind, targetId: own.subjectId, after: { sessions: hashes.length } }),
    );
    for (const tokenHash of ended) ctx.live.endSession(tokenHash);
    return { ended: ended.length };
  });
}
