import type { FastifyInstance } from 'fastify';
import { EVENT_CURSOR_HEADER } from '../../contract/events';
import { eventStreamQuery } from '../../contract/event-stream-query';
import type { AppContext } from '../app-context';
import { requireAnyIdentity } from '../auth/permissions';
import { cookieNames, hashToken } from '../auth/sessions';
import type { EventReader } from '../domain/event-visibility';
import { parseInput } from '../http/errors';
import { parseLastEventId } from '../http/last-event-id';
import type { StreamCredential } from '../live/event-hub';

/** Live updates (docs/product.md §12.8): GET /api/events, a server-sent event stream for anyone signed in. */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  // The newest event before each read (contract/events.ts EVENT_CURSOR_HEADER): taken when the request arrives, so
  // the answer shows at least every event up to it; one the read also saw is replayed again, which costs a refetch.
  const cursors = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    const cursor = ctx.live.newestEventId;
    if (cursor !== undefined && request.method === 'GET' && request.url.startsWith('/api/')) cursors.set(request, cursor);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const cursor = cursors.get(request);
    if (cursor !== undefined && reply.statusCode < 300) reply.header(EVENT_CURSOR_HEADER, String(cursor));
    done(null, payload);
  });

  app.get('/api/events', async (request, reply) => {
    const identity = await requireAnyIdentity(ctx, request, reply);
    const query = parseInput(eventStreamQuery, request.query);
    const lastEventId = parseLastEventId(request.headers['last-event-id'], query.lastEventId);
    // Someone signed in both ways in one browser reads as the owner or manager: that view includes their own events.
    let reader: EventReader;
    let credential: StreamCredential;
    if (identity.user) {
      reader = { kind: 'staff', role: identity.user.role, userId: identity.user.id };
      credential = { kind: 'session', tokenHash: hashToken(request.cookies[cookieNames.user] ?? '') };
    } else {
      reader = { kind: 'agent', agentId: identity.agent!.id };
      credential = { kind: 'session', tokenHash: hashToken(request.cookies[cookieNames.agent] ?? '') };
    }
    await ctx.live.open(reply, { reader, credential, lastEventId });
  });
}
