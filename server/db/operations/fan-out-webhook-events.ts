import { sql } from 'drizzle-orm';
import type { WebhookFormat } from '../../../contract/webhooks';
import { moveEventCursor, takeEventCursor } from '../event-cursors';
import { jsonColumn, queryRows, type Db } from '../client';
import { WEBHOOKS_FANNED_THROUGH } from '../events';
import { DELIVER_FOR } from '../queries/webhooks';
import { events, webhookDeliveries, webhooks } from '../schema';
import { epochMs } from '../time-sql';

export interface FanOutEvent {
  id: number;
  type: string;
  agentId: number | null;
  createdAt: Date;
  data: Record<string, unknown>;
}

export interface FanOutWebhook {
  id: number;
  events: string[];
  format: WebhookFormat;
  afterEventId: number;
}

/**
 * Turns the events committed since the last call into deliveries, at most `limit` events at a time; returns how
 * many events it read (0: caught up, or another instance is doing it now). The cursor row is locked for the
 * transaction and skipped by others (FOR UPDATE SKIP LOCKED), so one instance at a time does this, and the
 * deliveries and the cursor's move commit together: no event is skipped or made into two deliveries for one webhook.
 * `bodyOf` builds a delivery's body.
 */
export async function fanOutWebhookEvents(
  db: Db,
  limit: number,
  bodyOf: (event: FanOutEvent, hook: FanOutWebhook) => string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const after = await takeEventCursor(tx, WEBHOOKS_FANNED_THROUGH, 'first');
    if (after === undefined) return 0;
    const hooks = (
      await queryRows<{ id: number; events: string[]; format: string; after_event_id: number }>(
        tx,
        sql`select id, events, format, after_event_id::float8 as after_event_id from ${webhooks} order by id`,
      )
    ).map((row) => ({ id: row.id, events: row.events, format: row.format as WebhookFormat, afterEventId: row.after_event_id }));
    if (hooks.length === 0) return 0;
    // Events before every webhook's first are nobody's: start after the cursor or the oldest webhook's first.
    const from = Math.max(after, Math.min(...hooks.map((hook) => hook.afterEventId)));
    const rows = await queryRows<{ id: number; type: string; agent_id: number | null; created_ms: number; public_data: unknown; private_data: unknown }>(
      tx,
      // By the column e.id, not the float8 alias (which no index holds).
      sql`select e.id::float8 as id, e.type, e.agent_id, ${epochMs(sql`e.created_at`)} as created_ms, e.public_data, e.private_data
        from ${events} e where e.id > ${from} order by e.id limit ${limit}::int`,
    );
    if (rows.length === 0) return 0;
    const values: ReturnType<typeof sql>[] = [];
    for (const row of rows) {
      const event: FanOutEvent = {
        id: row.id,
        type: row.type,
        agentId: row.agent_id,
        createdAt: new Date(row.created_ms),
        data: { ...jsonColumn<Record<string, unknown>>(row.public_data as string), ...jsonColumn<Record<string, unknown>>(row.private_data as string) },
      };
      for (const hook of hooks) {
        if (event.id <= hook.afterEventId || !hook.events.includes(event.type)) continue;
        values.push(
          sql`(${hook.id}::int, ${event.id}::bigint, ${event.type}, ${event.agentId}::int, ${bodyOf(event, hook)}, 'pending', now(), now() + ${DELIVER_FOR}, now())`,
        );
      }
    }
    for (let start = 0; start < values.length; start += 1000) {
      await tx.execute(
        sql`insert into ${webhookDeliveries} (webhook_id, event_id, event_type, agent_id, body, status, created_at, deliver_until, next_attempt_at)
          values ${sql.join(values.slice(start, start + 1000), sql`, `)} on conflict do nothing`,
      );
    }
    await moveEventCursor(tx, WEBHOOKS_FANNED_THROUGH, rows[rows.length - 1]!.id);
    return rows.length;
  });
}
