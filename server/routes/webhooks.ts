import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  createWebhookInput,
  updateWebhookInput,
  WEBHOOK_PRIVATE_REFUSED_TEXT,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  webhookDeliveryQuery,
  WEBHOOKS_MAX,
  type CreatedWebhook,
  type Webhook,
  type WebhookDeliveryPage,
  type WebhookList,
} from '../../contract/webhooks';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { resendWebhookDelivery } from '../db/operations/resend-webhook-delivery';
import { countWebhooks, deleteWebhook, findWebhook, insertDelivery, insertWebhook, listDeliveries, listWebhooks, updateWebhook } from '../db/queries/webhooks';
import { text } from '../../contract/i18n';
import { conflict, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { testMessage, webhookBody } from '../domain/webhook-messages';
import { parseId, parseInput } from '../http/errors';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';
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
    if (!ctx.config.webhookAllowPrivate && (await refusesHost(url.hostname))) throw invalid(WEBHOOK_PRIVATE_REFUSED_TEXT, 'url');
    if ((await countWebhooks(ctx.db)) >= WEBHOOKS_MAX) {
      throw conflict(text(messages, 'tooManyWebhooks', { max: WEBHOOKS_MAX }));
    }
    const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const made = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) => insertWebhook(tx, { url: url.toString(), events: input.events, format: input.format, secret, createdBy: owner.id, createdAt: ctx.now() }),
      // The host only: a chat service's webhook address carries its own secret in the path.
      (row) => ({ action: 'webhook.created', targetType: 'webhook', targetId: row.id, after: { host: url.host, events: row.events, format: row.format } }),
    );
    ctx.webhooks.webhooksChanged();
    request.log.info({ webhookId: made.id, events: made.events, format: made.format }, 'webhook created');
    return reply.status(201).send({ ...made, secret } satisfies CreatedWebhook);
  });

  app.get('/api/webhooks', async (request, reply): Promise<WebhookList> => {
    await requireOwner(ctx, request, reply);
    return { webhooks: await listWebhooks(ctx.db) };
  });

  // Edited in place: the secret, the delivery log and the pending deliveries stay (these go to the new address).
  app.patch<{ Params: { id: string } }>('/api/webhooks/:id', async (request, reply): Promise<Webhook> => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const input = parseInput(updateWebhookInput, request.body);
    const url = input.url === undefined ? undefined : new URL(input.url);
    if (url && !ctx.config.webhookAllowPrivate && (await refusesHost(url.hostname))) throw invalid(WEBHOOK_PRIVATE_REFUSED_TEXT, 'url');
    const change = { ...(url ? { url: url.toString() } : {}), ...(input.events ? { events: input.events } : {}), ...(input.format ? { format: input.format } : {}) };
    const updated = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => updateWebhook(tx, id, change), (done) =>
      done
        ? {
            action: 'webhook.updated',
            targetType: 'webhook',
            targetId: id,
            // Hosts only, as when it was made: a chat service's address carries a secret in its path.
            before: { host: new URL(done.before.url).host, events: done.before.events, format: done.before.format },
            after: { host: new URL(done.after.url).host, events: done.after.events, format: done.after.format },
          }
        : null,
    );
    if (!updated) throw notFound('Webhook');
    ctx.webhooks.webhooksChanged();
    request.log.info({ webhookId: id, events: updated.after.events, format: updated.after.format }, 'webhook updated');
    return updated.after;
  });

  app.delete<{ Params: { id: string } }>('/api/webhooks/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const deleted = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => deleteWebhook(tx, id), (done) =>
      done ? { action: 'webhook.deleted', targetType: 'webhook', targetId: id } : null,
    );
    if (!deleted) throw notFound('Webhook');
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
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const deliveryId = parseId(request.params.deliveryId, 'Delivery');
    const result = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => resendWebhookDelivery(tx, id, deliveryId), (done) =>
      typeof done === 'string' ? null : { action: 'webhook.delivery_retried', targetType: 'webhook', targetId: id, after: { deliveryId } },
    );
    if (result === 'not-found') throw notFound('Delivery');
    if (result === 'sending') throw conflict(text(messages, 'deliveryBeingSent'));
    ctx.webhooks.kick();
    return reply.status(202).send(result);
  });

  app.post<{ Params: { id: string } }>('/api/webhooks/:id/test', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Webhook');
    const hook = await findWebhook(ctx.db, id);
    if (!hook) throw notFound('Webhook');
    const now = ctx.now();
    const body = webhookBody(hook.format, testMessage(id, hook.events, now));
    const delivery = await audited(
      ctx.db,
      userActor(request, owner),
      now,
      (tx) => insertDelivery(tx, { webhookId: id, eventType: WEBHOOK_TEST_EVENT, body }),
      (made) => ({ action: 'webhook.tested', targetType: 'webhook', targetId: id, after: { deliveryId: made.id } }),
    );
    ctx.webhooks.kick();
    return reply.status(202).send(delivery);
  });
}
