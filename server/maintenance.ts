import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import { pruneEvents } from './db/events';
import { pruneIdempotencyKeys } from './db/queries/idempotency-keys';
import { eraseFilledClaimContacts } from './db/operations/erase-filled-claim-contacts';
import { pruneEmails } from './db/queries/email-outbox';
import { prunePushes } from './db/queries/push-outbox';
import { pruneDeliveries } from './db/queries/webhooks';
import { pruneConnectorDeliveries } from './db/queries/connectors';
import { pruneSsoLogins } from './db/queries/sso';

/** How often each instance sweeps; the work is idempotent, so instances need not agree on who does it. */
export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;

/** Live events are kept this long for Last-Event-ID replay (docs/product.md §12.8: at least 24 hours). */
export const EVENTS_KEPT_MS = 48 * 60 * 60 * 1000;

/** The webhook delivery log keeps a week (docs/product.md §12.9). */
export const WEBHOOK_DELIVERIES_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Emails sent, logged or given up are kept a week too (docs/product.md §12.13); pending ones until they are done. */
export const EMAILS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One pass of the periodic work: erasing the contact details of claims filled long enough ago, pruning old events
 * and idempotency keys past their 24 hours, webhook deliveries, connector deliveries, emails and pushes past their 7 days, and
 * company sign-ins abandoned at the provider.
 */
export async function runMaintenance(
  ctx: AppContext,
): Promise<{
  claimContactsErased: number;
  eventsPruned: number;
  idempotencyKeysPruned: number;
  webhookDeliveriesPruned: number;
  connectorDeliveriesPruned: number;
  emailsPruned: number;
  pushesPruned: number;
  ssoLoginsPruned: number;
}> {
  const claimContactsErased = await eraseFilledClaimContacts(ctx.db, ctx.now(), ctx.config.claimContactRetentionDays);
  const eventsPruned = await pruneEvents(ctx.db, new Date(ctx.now().getTime() - EVENTS_KEPT_MS));
  const idempotencyKeysPruned = await pruneIdempotencyKeys(ctx.db, ctx.now());
  const webhookDeliveriesPruned = await pruneDeliveries(ctx.db, new Date(ctx.now().getTime() - WEBHOOK_DELIVERIES_KEPT_MS));
  // The connectors' delivery log keeps as long as the webhooks' (docs/decisions/0089-connectors.md).
  const connectorDeliveriesPruned = await pruneConnectorDeliveries(ctx.db, new Date(ctx.now().getTime() - WEBHOOK_DELIVERIES_KEPT_MS));
  const emailsPruned = await pruneEmails(ctx.db, new Date(ctx.now().getTime() - EMAILS_KEPT_MS));
  // Pushes sent, skipped or given up keep as long as emails (docs/product.md §12.21).
  const pushesPruned = await prunePushes(ctx.db, new Date(ctx.now().getTime() - EMAILS_KEPT_MS));
  const ssoLoginsPruned = await pruneSsoLogins(ctx.db, ctx.now());
  return { claimContactsErased, eventsPruned, idempotencyKeysPruned, webhookDeliveriesPruned, connectorDeliveriesPruned, emailsPruned, pushesPruned, ssoLoginsPruned };
}

/** Runs the maintenance once the app is ready and then every hour, until the app closes. */
export function scheduleMaintenance(app: FastifyInstance, ctx: AppContext) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = runMaintenance(ctx).then(
      ({ claimContactsErased }) => {
        if (claimContactsErased > 0) app.log.info({ claimContactsErased }, 'claim contact details erased after the retention period');
      },
      (error: unknown) => app.log.error({ err: error }, 'maintenance failed'),
    );
  };
  app.addHook('onReady', async () => {
    pass();
    timer = setInterval(pass, MAINTENANCE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
