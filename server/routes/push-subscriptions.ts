import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pushSubscriptionInput, pushUnsubscribeInput, type PushPublicKey, type PushSubscription } from '../../contract/push';
import type { AppContext } from '../app-context';
import { requireAnyIdentity } from '../auth/permissions';
import { vapidKeys } from '../db/queries/push-keys';
import { deletePushSubscription, savePushSubscription, type PushOwner } from '../db/queries/push-subscriptions';
import { text } from '../../contract/i18n';
import { AppError, invalid } from '../domain/errors';
import { messages } from './messages';
import { isP256Point, pushEndpointRefusal } from '../domain/push';
import { parseInput } from '../http/errors';

/** The signed-in agent, owner or manager: each person's devices are their own (API tokens have none). */
async function requireOwner(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<PushOwner> {
  const identity = await requireAnyIdentity(ctx, request, reply);
  return identity.agent ? { kind: 'agent', id: identity.agent.id } : { kind: 'user', id: identity.user!.id };
}

/** Push notifications' devices (docs/product.md §12.21): the app's public key, and each person's subscriptions. */
export function registerPushSubscriptionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/push-subscriptions/key', async (request, reply): Promise<PushPublicKey> => {
    await requireOwner(ctx, request, reply);
    return { publicKey: (await vapidKeys(ctx.db)).publicKey };
  });

  app.post('/api/push-subscriptions', async (request, reply): Promise<PushSubscription> => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(pushSubscriptionInput, request.body);
    if (!isP256Point(input.keys.p256dh)) throw invalid(text(messages, 'notP256'), 'keys.p256dh');
    // Only the browsers' push services (PUSH_SERVICE_HOSTS): the server posts to this URL, so it is never one a person picks.
    const refusal = pushEndpointRefusal(input.endpoint, ctx.config.pushServiceHosts);
    if (refusal) throw invalid(text(messages, 'notPushService', { reason: refusal }), 'endpoint');
    const saved = await savePushSubscription(ctx.db, owner, { endpoint: input.endpoint, ...input.keys }, ctx.now());
    return reply.status(201).send(saved);
  });

  app.delete('/api/push-subscriptions', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const { endpoint } = parseInput(pushUnsubscribeInput, request.body);
    if (!(await deletePushSubscription(ctx.db, owner, endpoint))) throw new AppError('NOT_FOUND', text(messages, 'noPushSubscription'));
    return reply.status(204).send();
  });
}
