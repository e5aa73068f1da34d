import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { notifications, pushOutbox, pushSubscriptions } from '../schema';

/** A notification to push to its recipient's devices, and the bell's notification made of it (if the bell is on). */
export interface PushDraft {
  recipient: { kind: 'agent' | 'user'; id: number };
  kind: string;
  subjectAgentId: number | null;
  eventId: number;
  title: string;
  body: string;
  url: string;
  notificationId: number | null;
}

/**
 * Queues a push per draft and device of its recipient, in the notifier's transaction (docs/product.md §12.21): due now;
 * the push worker holds them through quiet hours. Written once per device, event and kind (a notifier that sees an
 * event twice queues nothing twice).
 */
export async function queuePushes(tx: Db, drafts: readonly PushDraft[], now: Date): Promise<void> {
  if (drafts.length === 0) return;
  const column = <T>(of: (draft: PushDraft) => T) => sql.param(drafts.map(of));
  const at = now.toISOString();
  // One array per column (unnest), as the emails: any number of pushes in one statement.
  await tx.execute(
    sql`insert into ${pushOutbox} (subscription_id, notification_id, subject_agent_id, kind, event_id, title, body, url, status, created_at, next_attempt_at)
      select s.id, v.notification_id, v.subject_agent_id, v.kind, v.event_id, v.title, v.body, v.url, 'pending', ${at}::timestamptz, ${at}::timestamptz
      from unnest(${column((draft) => (draft.recipient.kind === 'agent' ? draft.recipient.id : null))}::int[],
          ${column((draft) => (draft.recipient.kind === 'user' ? draft.recipient.id : null))}::int[],
          ${column((draft) => draft.notificationId)}::bigint[], ${column((draft) => draft.subjectAgentId)}::int[], ${column((draft) => draft.kind)}::text[],
          ${column((draft) => draft.eventId)}::bigint[], ${column((draft) => draft.title)}::text[], ${column((draft) => draft.body)}::text[],
          ${column((draft) => draft.url)}::text[])
        as v(agent_id, user_id, notification_id, subject_agent_id, kind, event_id, title, body, url)
      join ${pushSubscriptions} s on (s.agent_id = v.agent_id or s.user_id = v.user_id)
      where (v.subject_agent_id is null or exists (select 1 from agents a where a.id = v.subject_agent_id))
        and (v.notification_id is null or exists (select 1 from ${notifications} n where n.id = v.notification_id))
      on conflict do nothing`,
  );
}

/** A device's waiting pushes claimed together: sent as one. */
export interface ClaimedDevice {
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  recipient: 'agent' | 'user';
  pushes: { id: number; attempts: number; kind: string; eventId: number; title: string; body: string; url: string }[];
}

/**
 * Claims the due pushes (pending, their time come, no live lease) of up to `limit` devices, for this instance until
 * `leaseUntil`, counting the attempt. SKIP LOCKED: instances never claim the same push; a killed instance's claim falls
 * due again when its lease ends. Pushes whose notification was read in the app meanwhile are skipped first.
 */
export async function claimDuePushes(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDevice[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`status = 'pending' and next_attempt_at <= ${at} and (sending_until is null or sending_until <= ${at})`;
  await db.execute(
    sql`update ${pushOutbox} p set status = 'skipped', next_attempt_at = null from ${notifications} n
      where p.status = 'pending' and p.next_attempt_at <= ${at} and p.notification_id = n.id and n.read_at is not null`,
  );
  const rows = await queryRows<{
    id: number;
    subscription_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    to_agent: boolean;
    attempts: number;
    kind: string;
    event_id: number;
    title: string;
    body: string;
    url: string;
  }>(
    db,
    sql`with devices as (
        select distinct subscription_id from (select subscription_id from ${pushOutbox} where ${due} order by next_attempt_at limit ${limit * 20}::int) d
        limit ${limit}::int
      ), claimed as (
        select id from ${pushOutbox} where ${due} and subscription_id in (select subscription_id from devices)
        order by id
        for update skip locked
      )
      update ${pushOutbox} p set sending_until = ${leaseUntil.toISOString()}::timestamptz, attempts = p.attempts + 1
      from claimed, ${pushSubscriptions} s
      where p.id = claimed.id and s.id = p.subscription_id
      returning p.id::float8 as id, p.subscription_id, s.endpoint, s.p256dh, s.auth, s.agent_id is not null as to_agent, p.attempts, p.kind,
        p.event_id::float8 as event_id, p.title, p.body, p.url`,
  );
  const devices = new Map<number, ClaimedDevice>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    let device = devices.get(row.subscription_id);
    if (!device) {
      device = { subscriptionId: row.subscription_id, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, recipient: row.to_agent ? 'agent' : 'user', pushes: [] };
      devices.set(row.subscription_id, device);
    }
    device.pushes.push({ id: row.id, attempts: row.attempts, kind: row.kind, eventId: row.event_id, title: row.title, body: row.body, url: row.url });
  }
  return [...devices.values()];
}

/** Records how an attempt ended for the pushes it carried; only the claim that made each one's attempt may record it. */
export async function recordPushAttempt(
  db: Db,
  pushes: readonly { id: number; attempts: number }[],
  outcome: { status: 'sent' | 'pending' | 'failed'; nextAttemptAt: Date | null; error: string | null; at: Date },
): Promise<void> {
  await db.execute(
    sql`update ${pushOutbox} p set status = ${outcome.status}, next_attempt_at = ${outcome.nextAttemptAt?.toISOString() ?? null}::timestamptz,
      sending_until = null, last_error = ${outcome.error}, sent_at = ${outcome.status === 'sent' ? outcome.at.toISOString() : null}::timestamptz
      from unnest(${sql.param(pushes.map((push) => push.id))}::bigint[], ${sql.param(pushes.map((push) => push.attempts))}::int[]) as v(id, attempts)
      where p.id = v.id and p.attempts = v.attempts`,
  );
}

/** Removes pushes made before `before` that are done with (sent, skipped or failed); returns how many. */
export async function prunePushes(db: Db, before: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${pushOutbox} where created_at < ${before.toISOString()}::timestamptz and status <> 'pending' returning id`,
  );
  return rows.length;
}
