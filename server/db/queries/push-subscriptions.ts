import { sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscription } from '../../../contract/push';
import { queryRows, type Db } from '../client';
import { pushSubscriptions } from '../schema';
import { epochMs } from '../time-sql';

/** Whose devices: an agent, or an owner or manager. */
export type PushOwner = { kind: 'agent' | 'user'; id: number };

const ownerColumn = (owner: PushOwner) => sql.raw(owner.kind === 'agent' ? 'agent_id' : 'user_id');

/**
 * Keeps a device's subscription for `owner` (docs/product.md §12.21). An endpoint is one browser: when another person
 * had it (they signed out, this one signed in and turned push on), it becomes this person's, and what was waiting for
 * the other is dropped with their row. The same person again only refreshes its keys. Each person keeps their
 * PUSH_SUBSCRIPTIONS_MAX newest devices.
 */
export async function savePushSubscription(
  db: Db,
  owner: PushOwner,
  device: { endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<PushSubscription> {
  return db.transaction(async (tx) => {
    const column = ownerColumn(owner);
    await tx.execute(sql`delete from ${pushSubscriptions} where endpoint = ${device.endpoint} and ${column} is distinct from ${owner.id}::int`);
    const [row] = await queryRows<{ endpoint: string; created_ms: number }>(
      tx,
      sql`insert into ${pushSubscriptions} (${column}, endpoint, p256dh, auth, created_at)
        values (${owner.id}::int, ${device.endpoint}, ${device.p256dh}, ${device.auth}, ${now.toISOString()}::timestamptz)
        on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth
        returning endpoint, ${epochMs(sql`created_at`)} as created_ms`,
    );
    await tx.execute(
      sql`delete from ${pushSubscriptions} where ${column} = ${owner.id}::int and id not in (
        select id from ${pushSubscriptions} where ${column} = ${owner.id}::int order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_MAX}::int)`,
    );
    return { endpoint: row!.endpoint, createdAt: new Date(row!.created_ms).toISOString() };
  });
}

/** Removes `owner`'s device by its endpoint; false when `owner` has none with it (another's is not theirs to remove). */
export async function deletePushSubscription(db: Db, owner: PushOwner, endpoint: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${pushSubscriptions} where endpoint = ${endpoint} and ${ownerColumn(owner)} = ${owner.id}::int returning id`,
  );
  return rows.length > 0;
}

/** Removes a device the push service says is gone (404, 410): with it, whatever was waiting for it. */
export async function forgetPushSubscription(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from ${pushSubscriptions} where id = ${id}::int`);
}
