import { sql } from 'drizzle-orm';
import { WEBHOOK_BREAKER_FAILURES, type WebhookDeliveryStatus } from '../../../contract/webhooks';
import { queryRows, type Db } from '../client';
import { millis } from '../queries/webhooks';
import { webhookAttempts, webhookDeliveries, webhooks } from '../schema';
import { epochMs } from '../time-sql';

/**
 * Records how an attempt ended, in one transaction: the delivery is delivered, due again `retryDelayMs` from now,
 * or failed for good (`final`, or the retry would fall after its 24 hours); the attempt log gets its end; the
 * webhook's breaker closes on a success, and on a failure counts it and opens (for `pauseBaseMs`, doubling with each
 * pause in a row, at most `pauseMaxMs`) when the probe failed or the failures in a row reach
 * WEBHOOK_BREAKER_FAILURES. Only the claim that made attempt number `attempts` may record it (a late answer after
 * the lease was taken over changes nothing: undefined). The webhook's row is locked first, the order in which
 * deleting a webhook locks it and its deliveries.
 */
export async function recordWebhookAttempt(
  db: Db,
  delivery: { id: number; webhookId: number; attempts: number; probe: boolean },
  outcome: { ok: boolean; final: boolean; retryDelayMs: number; responseStatus: number | null; error: string | null; durationMs: number },
  breaker: { pauseBaseMs: number; pauseMaxMs: number },
): Promise<{ status: WebhookDeliveryStatus; breaker: BreakerChange | null } | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${webhooks} where id = ${delivery.webhookId} for update`);
    const next = sql`now() + ${millis(outcome.retryDelayMs)}`;
    const retried = sql`(not ${outcome.ok}::boolean and not ${outcome.final}::boolean and ${next} <= deliver_until)`;
    const [row] = await queryRows<{ status: WebhookDeliveryStatus }>(
      tx,
      sql`update ${webhookDeliveries} set
          status = case when ${outcome.ok}::boolean then 'delivered' when ${retried} then 'pending' else 'failed' end,
          next_attempt_at = case when ${retried} then ${next} end,
          sending_until = null, response_status = ${outcome.responseStatus}::int, error = ${outcome.error}, duration_ms = ${outcome.durationMs}::int
        where id = ${delivery.id} and attempts = ${delivery.attempts}
        returning status`,
    );
    if (!row) return undefined;
    await tx.execute(
      sql`update ${webhookAttempts} set ended_at = now(), delivered = ${outcome.ok}::boolean, response_status = ${outcome.responseStatus}::int,
          error = ${outcome.error}, duration_ms = ${outcome.durationMs}::int
        where delivery_id = ${delivery.id} and number = ${delivery.attempts}`,
    );
    if (outcome.ok) {
      const [closed] = await queryRows<{ was_open: boolean }>(
        tx,
        sql`update ${webhooks} w set consecutive_failures = 0, breaker_pauses = 0, breaker_opened_at = null, breaker_open_until = null, breaker_probe_until = null
          from (select id, breaker_open_until is not null as was_open from ${webhooks} where id = ${delivery.webhookId}) old
          where w.id = old.id returning old.was_open`,
      );
      return { status: row.status, breaker: closed?.was_open ? { closed: true } : null };
    } else {
      const opens = sql`((${delivery.probe}::boolean and breaker_open_until is not null)
        or (breaker_open_until is null and consecutive_failures + 1 >= ${WEBHOOK_BREAKER_FAILURES}::int))`;
      const pause = sql`(least(${breaker.pauseBaseMs}::float8 * power(2, least(breaker_pauses, 30)), ${breaker.pauseMaxMs}::float8) * interval '1 millisecond')`;
      const [counted] = await queryRows<{ opened: boolean; failures: number; until_ms: number | null }>(
        tx,
        sql`update ${webhooks} set consecutive_failures = consecutive_failures + 1,
            breaker_pauses = case when ${opens} then breaker_pauses + 1 else breaker_pauses end,
            breaker_opened_at = case when ${opens} then now() else breaker_opened_at end,
            breaker_open_until = case when ${opens} then now() + ${pause} else breaker_open_until end,
            breaker_probe_until = case when ${delivery.probe}::boolean then null else breaker_probe_until end
          where id = ${delivery.webhookId}
          returning breaker_opened_at = now() as opened, consecutive_failures as failures, ${epochMs(sql`breaker_open_until`)} as until_ms`,
      );
      const opened = counted?.opened && counted.until_ms !== null ? { failures: counted.failures, until: new Date(counted.until_ms) } : null;
      return { status: row.status, breaker: opened ? { opened } : null };
    }
  });
}

/** How recording an attempt moved the webhook's breaker: it opened (a pause began) or it closed. */
export type BreakerChange = { opened: { failures: number; until: Date } } | { closed: true };
