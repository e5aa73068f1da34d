import { sql } from 'drizzle-orm';
import type { Webhook, WebhookDelivery, WebhookDeliveryStatus, WebhookEventType, WebhookFormat } from '../../../contract/webhooks';
import { jsonColumn, queryRows, type Db } from '../client';
import { WEBHOOKS_FANNED_THROUGH } from '../events';
import { appMeta, events, webhookDeliveries, webhooks } from '../schema';
import { epochMs } from '../time-sql';


const DAY_MS = 24 * 60 * 60 * 1000;

interface WebhookRow {
  id: number;
  url: string;
  events: string[];
  format: string;
  created_ms: number;
  last_status: string | null;
  last_ms: number | null;
  pending: number;
  failed_recently: number;
}

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  format: row.format as WebhookFormat,
  createdAt: new Date(row.created_ms).toISOString(),
  lastDelivery: row.last_status === null || row.last_ms === null ? null : { status: row.last_status as WebhookDeliveryStatus, at: new Date(row.last_ms).toISOString() },
  pending: row.pending,
  failedRecently: row.failed_recently,
});

function webhookSelect(now: Date, where: ReturnType<typeof sql>) {
  return sql`select w.id, w.url, w.events, w.format, ${epochMs(sql`w.created_at`)} as created_ms,
      last.status as last_status, ${epochMs(sql`last.at`)} as last_ms,
      (select count(*)::int from ${webhookDeliveries} p where p.webhook_id = w.id and p.status = 'pending') as pending,
      (select count(*)::int from ${webhookDeliveries} f where f.webhook_id = w.id and f.status = 'failed'
        and f.last_attempt_at > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz) as failed_recently
    from ${webhooks} w
    left join lateral (
      select d.status, coalesce(d.last_attempt_at, d.created_at) as at from ${webhookDeliveries} d
      where d.webhook_id = w.id order by d.id desc limit 1
    ) last on true
    where ${where}
    order by w.id`;
}

export async function countWebhooks(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${webhooks}`);
  return row?.n ?? 0;
}

/** Whether any webhook exists: without one the worker has nothing to do. */
export async function anyWebhooks(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from ${webhooks}) as any`);
  return row?.any ?? false;
}

/** Registers a webhook; it hears of the events committed after this moment. */
export async function insertWebhook(
  db: Db,
  hook: { url: string; events: WebhookEventType[]; format: WebhookFormat; secret: string; createdBy: number; createdAt: Date },
): Promise<Webhook> {
  const [made] = await db
    .insert(webhooks)
    .values({ ...hook, afterEventId: sql`(select coalesce(max(id), 0) from ${events})` })
    .returning({ id: webhooks.id });
  const [row] = await queryRows<WebhookRow>(db, webhookSelect(hook.createdAt, sql`w.id = ${made!.id}`));
  return toWebhook(row!);
}

export async function listWebhooks(db: Db, now: Date): Promise<Webhook[]> {
  const rows = await queryRows<WebhookRow>(db, webhookSelect(now, sql`true`));
  return rows.map(toWebhook);
}

/** A webhook's settings for a delivery of its own (the test event); undefined when there is none. */
export async function findWebhook(db: Db, id: number): Promise<{ id: number; events: WebhookEventType[]; format: WebhookFormat } | undefined> {
  const [row] = await queryRows<{ id: number; events: string[]; format: string }>(db, sql`select id, events, format from ${webhooks} where id = ${id}`);
  return row ? { id: row.id, events: row.events as WebhookEventType[], format: row.format as WebhookFormat } : undefined;
}

/** Deletes a webhook and its deliveries (pending ones are not sent); false when there was none. */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from ${webhooks} where id = ${id} returning id`);
  return rows.length > 0;
}

interface DeliveryRow {
  id: number;
  event_type: string;
  event_id: number | null;
  status: string;
  attempts: number;
  created_ms: number;
  last_attempt_ms: number | null;
  next_attempt_ms: number | null;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  body: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event_type,
  eventId: row.event_id,
  status: row.status as WebhookDeliveryStatus,
  attempts: row.attempts,
  createdAt: new Date(row.created_ms).toISOString(),
  lastAttemptAt: iso(row.last_attempt_ms),
  nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_ms) : null,
  responseStatus: row.response_status,
  error: row.error,
  durationMs: row.duration_ms,
  body: row.body,
});

const deliveryColumns = sql`d.id::float8 as id, d.event_type, d.event_id::float8 as event_id, d.status, d.attempts,
  ${epochMs(sql`d.created_at`)} as created_ms, ${epochMs(sql`d.last_attempt_at`)} as last_attempt_ms,
  ${epochMs(sql`d.next_attempt_at`)} as next_attempt_ms, d.response_status, d.error, d.duration_ms, d.body`;

/** A page of a webhook's deliveries, newest first; undefined when the webhook does not exist. */
export async function listDeliveries(db: Db, webhookId: number, offset: number, limit: number): Promise<{ deliveries: WebhookDelivery[]; nextOffset: number | null } | undefined> {
  if (!(await findWebhook(db, webhookId))) return undefined;
  const rows = await queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from ${webhookDeliveries} d where d.webhook_id = ${webhookId}
      order by d.id desc offset ${offset}::int limit ${limit + 1}::int`,
  );
  return { deliveries: rows.slice(0, limit).map(toDelivery), nextOffset: rows.length > limit ? offset + limit : null };
}

/** Queues a delivery of the webhook's own (the test event), due now. */
export async function insertDelivery(db: Db, delivery: { webhookId: number; eventType: string; body: string; now: Date }): Promise<WebhookDelivery> {
  const [row] = await queryRows<DeliveryRow>(
    db,
    sql`with d as (
      insert into ${webhookDeliveries} (webhook_id, event_type, body, status, created_at, deliver_until, next_attempt_at)
      values (${delivery.webhookId}, ${delivery.eventType}, ${delivery.body}, 'pending', ${delivery.now.toISOString()}::timestamptz,
        ${new Date(delivery.now.getTime() + DAY_MS).toISOString()}::timestamptz, ${delivery.now.toISOString()}::timestamptz)
      returning *
    ) select ${deliveryColumns} from d`,
  );
  return toDelivery(row!);
}

/**
 * Sends a delivery again: pending, due now, with 24 more hours of retries. 'not-found' when the webhook has no such
 * delivery, 'sending' while an attempt of it is under way.
 */
export async function resendDelivery(db: Db, webhookId: number, deliveryId: number, now: Date): Promise<WebhookDelivery | 'not-found' | 'sending'> {
  const at = now.toISOString();
  const rows = await queryRows<DeliveryRow & { busy: boolean }>(
    db,
    sql`with target as (
        select id, sending_until is not null and sending_until > ${at}::timestamptz as busy from ${webhookDeliveries}
        where id = ${deliveryId} and webhook_id = ${webhookId} for update
      ),
      d as (
        update ${webhookDeliveries} set status = 'pending', next_attempt_at = ${at}::timestamptz,
          deliver_until = ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz
        where id = (select id from target where not busy)
        returning *
      )
      select ${deliveryColumns}, false as busy from d
      union all select null, null, null, null, null, null, null, null, null, null, null, null, true from target where busy`,
  );
  const [row] = rows;
  if (!row) return 'not-found';
  if (row.busy) return 'sending';
  return toDelivery(row);
}

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
export async function fanOutEvents(
  db: Db,
  limit: number,
  now: Date,
  bodyOf: (event: FanOutEvent, hook: FanOutWebhook) => string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = async () =>
      queryRows<{ value: string }>(tx, sql`select value from ${appMeta} where key = ${WEBHOOKS_FANNED_THROUGH} for update skip locked`);
    let [cursor] = await locked();
    if (!cursor) {
      const inserted = await queryRows<{ value: string }>(
        tx,
        sql`insert into ${appMeta} (key, value) values (${WEBHOOKS_FANNED_THROUGH}, '0') on conflict do nothing returning value`,
      );
      if (inserted.length === 0) return 0;
      [cursor] = await locked();
      if (!cursor) return 0;
    }
    const hooks = (
      await queryRows<{ id: number; events: string[]; format: string; after_event_id: number }>(
        tx,
        sql`select id, events, format, after_event_id::float8 as after_event_id from ${webhooks} order by id`,
      )
    ).map((row) => ({ id: row.id, events: row.events, format: row.format as WebhookFormat, afterEventId: row.after_event_id }));
    if (hooks.length === 0) return 0;
    // Events before every webhook's first are nobody's: start after the cursor or the oldest webhook's first.
    const from = Math.max(Number(cursor.value), Math.min(...hooks.map((hook) => hook.afterEventId)));
    const rows = await queryRows<{ id: number; type: string; agent_id: number | null; created_ms: number; public_data: unknown; private_data: unknown }>(
      tx,
      sql`select id::float8 as id, type, agent_id, ${epochMs(sql`created_at`)} as created_ms, public_data, private_data
        from ${events} where id > ${from} order by id limit ${limit}::int`,
    );
    if (rows.length === 0) return 0;
    const values: ReturnType<typeof sql>[] = [];
    const at = now.toISOString();
    const until = new Date(now.getTime() + DAY_MS).toISOString();
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
          sql`(${hook.id}::int, ${event.id}::bigint, ${event.type}, ${event.agentId}::int, ${bodyOf(event, hook)}, 'pending', ${at}::timestamptz, ${until}::timestamptz, ${at}::timestamptz)`,
        );
      }
    }
    for (let start = 0; start < values.length; start += 1000) {
      await tx.execute(
        sql`insert into ${webhookDeliveries} (webhook_id, event_id, event_type, agent_id, body, status, created_at, deliver_until, next_attempt_at)
          values ${sql.join(values.slice(start, start + 1000), sql`, `)} on conflict do nothing`,
      );
    }
    await tx.execute(sql`update ${appMeta} set value = ${String(rows[rows.length - 1]!.id)} where key = ${WEBHOOKS_FANNED_THROUGH}`);
    return rows.length;
  });
}

export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  event: string;
  body: string;
  attempts: number;
  deliverUntil: Date;
  url: string;
  secret: string;
}

/**
 * Claims up to `limit` due deliveries for this instance until `leaseUntil` (FOR UPDATE SKIP LOCKED: two instances
 * never claim one delivery; a claim whose instance died is due again once its lease is over) and counts the attempt.
 */
export async function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number; webhook_id: number; event_type: string; body: string; attempts: number; until_ms: number; url: string; secret: string }>(
    db,
    sql`with due as (
        select id from ${webhookDeliveries}
        where status = 'pending' and next_attempt_at <= ${at}::timestamptz
          and (sending_until is null or sending_until <= ${at}::timestamptz)
        order by next_attempt_at limit ${limit}::int
        for update skip locked
      ),
      claimed as (
        update ${webhookDeliveries} d set sending_until = ${leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1,
          last_attempt_at = ${at}::timestamptz
        from due where d.id = due.id
        returning d.id, d.webhook_id, d.event_type, d.body, d.attempts, d.deliver_until
      )
      select c.id::float8 as id, c.webhook_id, c.event_type, c.body, c.attempts, ${epochMs(sql`c.deliver_until`)} as until_ms, w.url, w.secret
      from claimed c join ${webhooks} w on w.id = c.webhook_id`,
  );
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event_type,
    body: row.body,
    attempts: row.attempts,
    deliverUntil: new Date(row.until_ms),
    url: row.url,
    secret: row.secret,
  }));
}

/**
 * Records how an attempt ended: delivered, due again at `nextAttemptAt`, or failed for good (nextAttemptAt null).
 * Only the claim that made attempt number `attempts` may record it (a late answer after the lease was taken over
 * changes nothing).
 */
export async function recordAttempt(
  db: Db,
  delivery: { id: number; attempts: number },
  outcome: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null; responseStatus: number | null; error: string | null; durationMs: number },
): Promise<void> {
  await db.execute(
    sql`update ${webhookDeliveries} set status = ${outcome.status}, next_attempt_at = ${outcome.nextAttemptAt?.toISOString() ?? null}::timestamptz,
      sending_until = null, response_status = ${outcome.responseStatus}::int, error = ${outcome.error}, duration_ms = ${outcome.durationMs}::int
      where id = ${delivery.id} and attempts = ${delivery.attempts}`,
  );
}

/** Removes deliveries made before `before`, whatever their status; returns how many. */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${webhookDeliveries} where created_at < ${before.toISOString()}::timestamptz and status <> 'pending' returning 1)
      select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** Erases the deliveries that name an agent: part of deleting the agent. */
export async function eraseAgentDeliveries(tx: Db, agentId: number): Promise<void> {
  await tx.execute(sql`delete from ${webhookDeliveries} where agent_id = ${agentId}`);
}
