import { sql } from 'drizzle-orm';
import type { WebhookDelivery } from '../../../contract/webhooks';
import { queryRows, type Db } from '../client';
import { DELIVER_FOR, deliveryColumns, withAttempts, type DeliveryRow } from '../queries/webhooks';
import { webhookDeliveries } from '../schema';

/**
 * Sends a delivery again: pending, due now, with 24 more hours of retries. 'not-found' when the webhook has no such
 * delivery, 'sending' while an attempt of it is under way.
 */
export async function resendWebhookDelivery(db: Db, webhookId: number, deliveryId: number): Promise<WebhookDelivery | 'not-found' | 'sending'> {
  const rows = await queryRows<DeliveryRow & { busy: boolean }>(
    db,
    sql`with target as (
        select id, sending_until is not null and sending_until > now() as busy from ${webhookDeliveries}
        where id = ${deliveryId} and webhook_id = ${webhookId} for update
      ),
      d as (
        update ${webhookDeliveries} set status = 'pending', next_attempt_at = now(), deliver_until = now() + ${DELIVER_FOR}
        where id = (select id from target where not busy)
        returning *
      )
      select ${deliveryColumns}, false as busy from d
      union all select null, null, null, null, null, null, null, null, null, null, null, null, true from target where busy`,
  );
  const [row] = rows;
  if (!row) return 'not-found';
  if (row.busy) return 'sending';
  const [resent] = await withAttempts(db, [row]);
  return resent!;
}
