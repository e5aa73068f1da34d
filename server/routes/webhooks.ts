import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  createWebhookInput,
  WEBHOOK_PRIVATE_REFUSED,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  webhookDeliveryQuery,
  WEBHOOKS_MAX,
  type CreatedWebhook,
  type WebhookDeliveryPage,
  type WebhookList,
} from '../../contract/webhooks';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { countWebhooks, deleteWebhook, findWebhook, insertDelivery, insertWebhook, listDeliveries, listWebhooks, resendDelivery } from '../db/queries/webhooks';
import { conflict, invalid, notFound } from '../domain/errors';
import { testMessage, webhookBody } from '../domain/webhook-messages';
import { parseId, parseInput } from '../http/errors';
import { refusesHost } from '../webhooks/address-guard';

/**
 * Webhooks (docs/product.md §12.9, docs/decisions/0018-webhooks.md): the owner registers, lists and deletes them,
 * reads each one's delivery log, resends a delivery and sends a test event. The secret is in the answer that made
 * the webhook and nowhere else.
 */
export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/webhooks', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createWebhookInput, request.body);
    const url = new URL(input.url);
    if (!ctx.config.webhookAllowPrivate && (await refusesHost(url.hostname))) throw invalid(WEBHOOK_PRIVATE_REFUSED, 'url');
    if ((await countWebhooks(ctx.db)) >= WEBHOOKS_MAX) {
      throw conflict(`There are already ${WEBHOOKS_MAX} webhooks: delete one before adding another`);
    }
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const made = await insertWebhook(ctx.db, {
      url: url.toString(),
      events: input.events,
      format: input.format,
      secret,
      createdBy: owner.id,
      createdAt: ctx.now(),
    });
    ctx.webhooks.webhooksChanged();
    request.log.info({ webhookId: made.id, events: made.events, format: made.format }, 'webhook created');
    return reply.status(201).send({ ...made, secret } satisfies CreatedWebhook);
  });

  app.get('/api/webhooks', async (request, reply): Promise<WebhookList> => {
    await requireOwner(ctx, request, reply);
    return { webhooks: await listWebhooks(ctx.db, ctx.now()) };
  });

  app.delete<{ Params: { id: string } }>('/api/webhooks/:id', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    if (!(await deleteWebhook(ctx.db, id))) throw notFound('Webhook');
    request.log.info({ webhookId: id }, 'webhook deleted');
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/webhooks/:id/deliveries', async (request, reply): Promise<WebhookDeliveryPage> => {
    await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const query = parseInput(webhookDeliveryQuery, request.query);
    const page = await listDeliveries(ctx.db, id, query.offset, query.limit);
    if (!page) throw notFound('Webhook');
    return page;
  });

  app.post<{ Params: { id: string; deliveryId: string } }>('/api/webhooks/:id/deliveries/:deliveryId/retry', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const deliveryId = parseId(request.params.deliveryId, 'Delivery');
    const result = await resendDelivery(ctx.db, id, deliveryId, ctx.now());
    if (result === 'not-found') throw notFound('Delivery');
    if (result === 'sending') throw conflict('This delivery is being sent now: wait for the attempt to end');
    ctx.webhooks.kick();
    return reply.status(202).send(result);
  });

  app.post<{ Params: { id: string } }>('/api/webhooks/:id/test', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const hook = await findWebhook(ctx.db, id);
    if (!hook) throw notFound('Webhook');
    const now = ctx.now();
    const delivery = await insertDelivery(ctx.db, { webhookId: id, eventType: WEBHOOK_TEST_EVENT, body: webhookBody(hook.format, testMessage(id, hook.events, now)), now });
    ctx.webhooks.kick();
    return reply.status(202).send(delivery);
  });
}
