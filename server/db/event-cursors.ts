import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';
import { appMeta, events } from './schema';

/**
 * Takes a watcher's cursor over the events (an app_meta row: the id of the last event it read) for the transaction
 * `tx`: its row locked, or undefined when another instance holds it now (skipped, not waited for: one instance at a
 * time does the work, the others come back at their next pass). A cursor that does not exist yet is made at the newest
 * event (`from: 'newest'`: history is not watched) or at the first (`from: 'first'`). The notifier's, the goal, contest
 * and badge watchers' and the webhooks' fan-out each have one.
 */
export async function takeEventCursor(tx: Db, key: string, from: 'newest' | 'first'): Promise<number | undefined> {
  const locked = async () => (await queryRows<{ value: string }>(tx, sql`select value from ${appMeta} where key = ${key} for update skip locked`))[0];
  let cursor = await locked();
  if (!cursor) {
    const start = from === 'newest' ? sql`select ${key}, coalesce(max(id), 0)::text from ${events}` : sql`values (${key}, '0')`;
    const inserted = await queryRows<{ value: string }>(tx, sql`insert into ${appMeta} (key, value) ${start} on conflict do nothing returning value`);
    if (inserted.length === 0) return undefined;
    cursor = await locked();
    if (!cursor) return undefined;
  }
  return Number(cursor.value);
}

/** Moves a cursor taken by takeEventCursor, in the same transaction. */
export async function moveEventCursor(tx: Db, key: string, through: number): Promise<void> {
  await tx.execute(sql`update ${appMeta} set value = ${String(through)} where key = ${key}`);
}

/**
 * Makes the cursors that start at the newest event (those not made yet), all at once: called before the app serves,
 * so that nothing written after its start falls before a cursor made later by a first pass (and is never read).
 */
export async function prepareEventCursors(db: Db, keys: readonly string[]): Promise<void> {
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${appMeta} (key, value) select k.key, (select coalesce(max(id), 0)::text from ${events}) from (values ${values}) as k(key)
      on conflict do nothing`,
  );
}
