import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS_BY_ROLE,
  notificationDefaults,
  type Notification,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreference,
  type NotificationPreferenceInput,
} from '../../../contract/notifications';
import { randomBytes } from 'node:crypto';
import { queryRows, type Db } from '../client';
import { agents, appMeta, notificationPreferences, notifications, users } from '../schema';
import { epochMs } from '../time-sql';

/** Who reads notifications: an agent, or an owner or manager. */
export type Recipient = { kind: 'agent'; id: number } | { kind: 'user'; id: number; role: 'owner' | 'manager' };

const recipientColumn = (recipient: { kind: 'agent' | 'user' }) => sql.raw(recipient.kind === 'agent' ? 'agent_id' : 'user_id');

const UNSUBSCRIBE_KEY = 'unsubscribe_key';

/** The installation's key for unsubscribe links: made once (random, 32 bytes), kept in app_meta, shared by instances. */
export async function unsubscribeKey(db: Db): Promise<Buffer> {
  await db.execute(sql`insert into ${appMeta} (key, value) values (${UNSUBSCRIBE_KEY}, ${randomBytes(32).toString('hex')}) on conflict do nothing`);
  const [row] = await queryRows<{ value: string }>(db, sql`select value from ${appMeta} where key = ${UNSUBSCRIBE_KEY}`);
  return Buffer.from(row!.value, 'hex');
}

/** The key, if one was made: reading a link never makes one (a link made without a key cannot be valid). */
export async function findUnsubscribeKey(db: Db): Promise<Buffer | undefined> {
  const [row] = await queryRows<{ value: string }>(db, sql`select value from ${appMeta} where key = ${UNSUBSCRIBE_KEY}`);
  return row ? Buffer.from(row.value, 'hex') : undefined;
}

/** Switches one kind of email off for one person (an unsubscribe link); false when the person no longer exists. */
export async function switchEmailOff(db: Db, recipient: { kind: 'agent' | 'user'; id: number }, kind: NotificationKind): Promise<boolean> {
  const column = recipientColumn(recipient);
  const target = recipient.kind === 'agent' ? sql.raw('(agent_id, kind) where agent_id is not null') : sql.raw('(user_id, kind) where user_id is not null');
  const table = recipient.kind === 'agent' ? agents : users;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${notificationPreferences} (${column}, kind, in_app, email)
      select ${recipient.id}::int, ${kind}, true, false where exists (select 1 from ${table} where id = ${recipient.id})
      on conflict ${target} do update set email = false
      returning id`,
  );
  return rows.length > 0;
}

/** A page of the recipient's notifications, newest first, with how many are unread. */
export async function listNotifications(db: Db, recipient: Recipient, query: NotificationListQuery): Promise<NotificationPage> {
  const column = recipientColumn(recipient);
  const rows = await queryRows<{ id: number; kind: NotificationKind; title: string; body: string; created_ms: number; read_ms: number | null }>(
    db,
    sql`select id::float8 as id, kind, title, body, ${epochMs(sql`created_at`)} as created_ms, ${epochMs(sql`read_at`)} as read_ms
      from ${notifications} where ${column} = ${recipient.id} ${query.unread === '1' ? sql`and read_at is null` : sql``}
      order by id desc limit ${query.limit + 1} offset ${query.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${notifications} where ${column} = ${recipient.id} and read_at is null`);
  return {
    notifications: rows.slice(0, query.limit).map(
      (row): Notification => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        createdAt: new Date(row.created_ms).toISOString(),
        readAt: row.read_ms === null ? null : new Date(row.read_ms).toISOString(),
      }),
    ),
    unreadCount: count!.n,
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

/** Marks the recipient's notifications read (those named, or all); another's ids change nothing. Returns how many. */
export async function markNotificationsRead(db: Db, recipient: Recipient, which: { ids: number[] } | { all: true }, now: Date): Promise<number> {
  const column = recipientColumn(recipient);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${notifications} set read_at = ${now.toISOString()}::timestamptz
      where ${column} = ${recipient.id} and read_at is null
        ${'ids' in which ? sql`and id = any(${sql.param(which.ids)}::bigint[])` : sql``}
      returning id`,
  );
  return rows.length;
}

const kindsOf = (recipient: Recipient) => NOTIFICATION_KINDS_BY_ROLE[recipient.kind === 'agent' ? 'agent' : recipient.role];

/** The recipient's choice for each kind it can receive (the kind's defaults where it made none). */
export async function readNotificationPreferences(db: Db, recipient: Recipient): Promise<NotificationPreference[]> {
  const rows = await queryRows<{ kind: NotificationKind; in_app: boolean; email: boolean; push: boolean }>(
    db,
    sql`select kind, in_app, email, push from ${notificationPreferences} where ${recipientColumn(recipient)} = ${recipient.id}`,
  );
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return kindsOf(recipient).map((kind) => {
    const made = chosen.get(kind);
    return { kind, ...(made ? { inApp: made.in_app, email: made.email, push: made.push } : notificationDefaults(kind)) };
  });
}

/** Kinds among `preferences` the recipient cannot receive (the caller refuses them). */
export const foreignKinds = (recipient: Recipient, preferences: readonly NotificationPreferenceInput[]) =>
  preferences.filter((preference) => !kindsOf(recipient).includes(preference.kind)).map((preference) => preference.kind);

/** Writes the choices sent; a choice without `push` keeps the kind's push as it was (on for a kind never chosen). */
export async function writeNotificationPreferences(db: Db, recipient: Recipient, preferences: readonly NotificationPreferenceInput[]): Promise<NotificationPreference[]> {
  const column = recipientColumn(recipient);
  const target = recipient.kind === 'agent' ? sql.raw('(agent_id, kind) where agent_id is not null') : sql.raw('(user_id, kind) where user_id is not null');
  for (const withPush of [true, false]) {
    const some = preferences.filter((p) => (p.push !== undefined) === withPush);
    if (some.length === 0) continue;
    await db.execute(
      sql`insert into ${notificationPreferences} (${column}, kind, in_app, email, push)
        values ${sql.join(some.map((p) => sql`(${recipient.id}::int, ${p.kind}, ${p.inApp}, ${p.email}, ${p.push ?? true})`), sql`, `)}
        on conflict ${target} do update set in_app = excluded.in_app, email = excluded.email${withPush ? sql`, push = excluded.push` : sql``}`,
    );
  }
  return readNotificationPreferences(db, recipient);
}
