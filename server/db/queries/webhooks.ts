import { sql } from 'drizzle-orm';
import {
  WEBHOOK_ATTEMPTS_KEPT,
  type Webhook,
  type WebhookAttempt,
  type WebhookAttemptOutcome,
  type WebhookBreaker,
  type WebhookBreakerState,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  type WebhookFormat,
} from '../../../contract/webhooks';
import { queryRows, type Db } from '../client';
import { events, webhookAttempts, webhookDeliveries, webhooks } from '../schema';
import { epochMs } from '../time-sql';

// Every time a delivery, an attempt or a circuit breaker is given (made, due, leased, paused) is the database's
// now(), never this process's clock: instances whose clocks differ agree on them (docs/decisions/0033).

/** How long a delivery is retried after it is made or resent (here, and by the fan-out and resend operations). */
export const DELIVER_FOR = sql`interval '24 hours'`;
/** `ms` milliseconds as an SQL interval. */
export const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

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
  breaker_state: string;
  consecutive_failures: number;
  breaker_pauses: number;
  opened_ms: number | null;
  open_until_ms: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A breaker's state and times, from a webhooks row `w` at the database's now(). */
const breakerColumns = sql`case when w.breaker_open_until is null then 'closed' when w.breaker_open_until > now() then 'open' else 'half-open' end as breaker_state,
  w.consecutive_failures, w.breaker_pauses, ${epochMs(sql`w.breaker_opened_at`)} as opened_ms, ${epochMs(sql`w.breaker_open_until`)} as open_until_ms`;

type BreakerRow = Pick<WebhookRow, 'breaker_state' | 'consecutive_failures' | 'breaker_pauses' | 'opened_ms' | 'open_until_ms'>;

const toBreaker = (row: BreakerRow): WebhookBreaker => ({
  state: row.breaker_state as WebhookBreakerState,
  consecutiveFailures: row.consecutive_failures,
  openedAt: iso(row.opened_ms),
  openUntil: iso(row.open_until_ms),
  pauses: row.breaker_pauses,
});

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  format: row.format as WebhookFormat,
  createdAt: new Date(row.created_ms).toISOString(),
  lastDelivery: row.last_status === null || row.last_ms === null ? null : { status: row.last_status as WebhookDeliveryStatus, at: new Date(row.last_ms).toISOString() },
  pending: row.pending,
  failedRecently: row.failed_recently,
  breaker: toBreaker(row),
});

function webhookSelect(where: ReturnType<typeof sql>) {
  return sql`select w.id, w.url, w.events, w.format, ${epochMs(sql`w.created_at`)} as created_ms,
      last.status as last_status, ${epochMs(sql`last.at`)} as last_ms,
      (select count(*)::int from ${webhookDeliveries} p where p.webhook_id = w.id and p.status = 'pending') as pending,
      (select count(*)::int from ${webhookDeliveries} f where f.webhook_id = w.id and f.status = 'failed'
        and f.last_attempt_at > now() - ${DELIVER_FOR}) as failed_recently,
      ${breakerColumns}
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
  const [row] = await queryRows<WebhookRow>(db, webhookSelect(sql`w.id = ${made!.id}`));
  return toWebhook(row!);
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await queryRows<WebhookRow>(db, webhookSelect(sql`true`));
  return rows.map(toWebhook);
}

/** A webhook's settings for a delivery of its own (the test event); undefined when there is none. */
export async function findWebhook(db: Db, id: number): Promise<{ id: number; events: WebhookEventType[]; format: WebhookFormat } | undefined> {
  const [row] = await queryRows<{ id: number; events: string[]; format: string }>(db, sql`select id, events, format from ${webhooks} where id = ${id}`);
  return row ? { id: row.id, events: row.events as WebhookEventType[], format: row.format as WebhookFormat } : undefined;
}

/**
 * Changes a webhook's address, events or format (the secret stays), its row locked meanwhile; what it was and what it
 * is now, or undefined when there is none.
 */
export async function updateWebhook(
  db: Db,
  id: number,
  change: { url?: string; events?: WebhookEventType[]; format?: WebhookFormat },
): Promise<{ before: { url: string; events: WebhookEventType[]; format: WebhookFormat }; after: Webhook } | undefined> {
  const [before] = await queryRows<{ url: string; events: string[]; format: string }>(db, sql`select url, events, format from ${webhooks} where id = ${id} for update`);
  if (!before) return undefined;
  await db.update(webhooks).set(change).where(sql`${webhooks.id} = ${id}`);
  const [row] = await queryRows<WebhookRow>(db, webhookSelect(sql`w.id = ${id}`));
  return { before: { url: before.url, events: before.events as WebhookEventType[], format: before.format as WebhookFormat }, after: toWebhook(row!) };
}

/** Deletes a webhook and its deliveries (pending ones are not sent); false when there was none. */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from ${webhooks} where id = ${id} returning id`);
  return rows.length > 0;
}

/** A webhook_deliveries row as `deliveryColumns` reads it. */
export interface DeliveryRow {
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

const toDelivery = (row: DeliveryRow, attemptLog: WebhookAttempt[] = []): WebhookDelivery => ({
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
  attemptLog,
});

/** The columns of a delivery `d` that toDelivery and withAttempts read (DeliveryRow). */
export const deliveryColumns = sql`d.id::float8 as id, d.event_type, d.event_id::float8 as event_id, d.status, d.attempts,
  ${epochMs(sql`d.created_at`)} as created_ms, ${epochMs(sql`d.last_attempt_at`)} as last_attempt_ms,
  ${epochMs(sql`d.next_attempt_at`)} as next_attempt_ms, d.response_status, d.error, d.duration_ms, d.body`;

interface AttemptRow {
  delivery_id: number;
  number: number;
  started_ms: number;
  outcome: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  probe: boolean;
}

/** The deliveries with their attempts, newest first (an attempt without an end is under way, or was cut short). */
export async function withAttempts(db: Db, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await queryRows<AttemptRow>(
    db,
    sql`select a.delivery_id::float8 as delivery_id, a.number, ${epochMs(sql`a.started_at`)} as started_ms,
        case when a.ended_at is not null then (case when a.delivered then 'delivered' else 'failed' end)
          when a.number = d.attempts and d.sending_until > now() then 'sending'
          else 'interrupted' end as outcome,
        a.response_status, a.error, a.duration_ms, a.probe
      from ${webhookAttempts} a join ${webhookDeliveries} d on d.id = a.delivery_id
      where a.delivery_id in (${sql.join(rows.map((row) => sql`${row.id}::bigint`), sql`, `)})
      order by a.delivery_id, a.number desc`,
  );
  const byDelivery = new Map<number, WebhookAttempt[]>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.delivery_id) ?? [];
    if (list.length < WEBHOOK_ATTEMPTS_KEPT) {
      list.push({
        number: attempt.number,
        startedAt: new Date(attempt.started_ms).toISOString(),
        outcome: attempt.outcome as WebhookAttemptOutcome,
        responseStatus: attempt.response_status,
        error: attempt.error,
        durationMs: attempt.duration_ms,
        probe: attempt.probe,
      });
    }
    byDelivery.set(attempt.delivery_id, list);
  }
  return rows.map((row) => toDelivery(row, byDelivery.get(row.id)));
}

/**
 * A page of a webhook's deliveries, newest first, with its circuit breaker; undefined when the webhook does not exist.
 * Its three reads share one snapshot: an attempt recorded between them would otherwise show its end beside the
 * delivery as it was before (a retry time from before the attempt, seen once under load).
 */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  offset: number,
  limit: number,
): Promise<{ deliveries: WebhookDelivery[]; breaker: WebhookBreaker; nextOffset: number | null } | undefined> {
  return db.transaction(
    async (tx) => {
      const [hook] = await queryRows<BreakerRow>(tx, sql`select ${breakerColumns} from ${webhooks} w where w.id = ${webhookId}`);
      if (!hook) return undefined;
      const rows = await queryRows<DeliveryRow>(
        tx,
        sql`select ${deliveryColumns} from ${webhookDeliveries} d where d.webhook_id = ${webhookId}
          order by d.id desc offset ${offset}::int limit ${limit + 1}::int`,
      );
      const deliveries = await withAttempts(tx, rows.slice(0, limit));
      return { deliveries, breaker: toBreaker(hook), nextOffset: rows.length > limit ? offset + limit : null };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Queues a delivery of the webhook's own (the test event), due now. */
export async function insertDelivery(db: Db, delivery: { webhookId: number; eventType: string; body: string }): Promise<WebhookDelivery> {
  const [row] = await queryRows<DeliveryRow>(
    db,
    sql`with d as (
      insert into ${webhookDeliveries} (webhook_id, event_type, body, status, created_at, deliver_until, next_attempt_at)
      values (${delivery.webhookId}, ${delivery.eventType}, ${delivery.body}, 'pending', now(), now() + ${DELIVER_FOR}, now())
      returning *
    ) select ${deliveryColumns} from d`,
  );
  return toDelivery(row!);
}

export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  event: string;
  body: string;
  /** This attempt's number (the delivery's attempts so far, this one included). */
  attempts: number;
  /** The attempt the circuit breaker lets through to test the receiver. */
  probe: boolean;
  url: string;
  secret: string;
  /** The database's time when the delivery was claimed (the signature's time is taken from it). */
  claimedAtMs: number;
}

/**
 * Claims up to `limit` due deliveries for this instance, with a lease of `leaseMs` (FOR UPDATE SKIP LOCKED: two
 * instances never claim one delivery; a claim whose instance died is due again once its lease is over), counts the
 * attempt and writes its start in the attempt log. Per webhook it takes at most `perWebhook` less those this instance
 * is sending (`sending`, by webhook id); none of a webhook whose breaker is open; and one, the probe, of a webhook
 * whose breaker is half-open with no probe under way (its row is locked for that, so one instance sends the probe).
 */
export async function claimDueDeliveries(
  db: Db,
  options: { limit: number; perWebhook: number; sending: ReadonlyMap<number, number>; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const sending = JSON.stringify([...options.sending].filter(([, count]) => count > 0));
  const lease = sql`now() + ${millis(options.leaseMs)}`;
  const rows = await queryRows<{ id: number; webhook_id: number; event_type: string; body: string; attempts: number; probe: boolean; url: string; secret: string; now_ms: number }>(
    db,
    sql`with busy as (
        select (pair->>0)::int as webhook_id, (pair->>1)::int as n from jsonb_array_elements(${sending}::jsonb) pair
      ),
      probing as (
        select id from ${webhooks}
        where breaker_open_until is not null and breaker_open_until <= now() and (breaker_probe_until is null or breaker_probe_until <= now())
        for update skip locked
      ),
      rooms as (
        select w.id as webhook_id, w.breaker_open_until is not null as probe,
          case when w.breaker_open_until is null then greatest(${options.perWebhook}::int - coalesce(b.n, 0), 0)
            when w.id in (select id from probing) then 1
            else 0 end as room
        from ${webhooks} w left join busy b on b.webhook_id = w.id
      ),
      due as (
        select next.id, next.next_attempt_at, r.probe from rooms r
        cross join lateral (
          select d.id, d.next_attempt_at from ${webhookDeliveries} d
          where d.webhook_id = r.webhook_id and d.status = 'pending' and d.next_attempt_at <= now()
            and (d.sending_until is null or d.sending_until <= now())
          order by d.next_attempt_at limit r.room
          for update skip locked
        ) next
        where r.room > 0
        order by next.next_attempt_at limit ${options.limit}::int
      ),
      claimed as (
        update ${webhookDeliveries} d set sending_until = ${lease}, attempts = d.attempts + 1, last_attempt_at = now()
        from due where d.id = due.id
        returning d.id, d.webhook_id, d.event_type, d.body, d.attempts, due.probe
      ),
      started as (
        insert into ${webhookAttempts} (delivery_id, number, started_at, probe) select id, attempts, now(), probe from claimed
      ),
      trimmed as (
        delete from ${webhookAttempts} a using claimed c where a.delivery_id = c.id and a.number <= c.attempts - ${WEBHOOK_ATTEMPTS_KEPT}::int
      ),
      probes as (
        update ${webhooks} set breaker_probe_until = ${lease} where id in (select webhook_id from claimed where probe)
      )
      select c.id::float8 as id, c.webhook_id, c.event_type, c.body, c.attempts, c.probe, w.url, w.secret, ${epochMs(sql`now()`)} as now_ms
      from claimed c join ${webhooks} w on w.id = c.webhook_id`,
  );
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event_type,
    body: row.body,
    attempts: row.attempts,
    probe: row.probe,
    url: row.url,
    secret: row.secret,
    claimedAtMs: row.now_ms,
  }));
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
