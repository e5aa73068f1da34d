// The embedded database of a data dir runs in a worker thread (server/db/pglite-thread.ts): the app must see the
// same database behaviour as in-thread PGlite (transactions, errors with their SQLSTATE, backups), and the event
// loop must keep turning while a long query runs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeEmbeddedBackup } from '../../server/db/backup';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { insertAgent } from '../../server/db/operations/insert-agent';
import { findAgentByEmail } from '../../server/db/queries/agents';
import { pgErrorCode } from '../../server/db/errors';
import { agents, appMeta } from '../../server/db/schema';
import { FACTORY_PASSWORD_HASH } from '../factories/accounts';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-pglite-thread-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ engine: 'pglite', dataDir: path.join(root, 'data') });
  await database.migrate();
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const newAgent = (email: string) => ({ email, name: 'Thread Test', position: 'Sales Agent', passwordHash: FACTORY_PASSWORD_HASH });

it('commits a transaction that resolves and rolls back one that throws', async () => {
  const { db } = database;
  await db.transaction(async (tx) => {
    await insertAgent(tx, newAgent('kept@thread.test'));
  });
  await expect(
    db.transaction(async (tx) => {
      await insertAgent(tx, newAgent('dropped@thread.test'));
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await findAgentByEmail(db, 'kept@thread.test')).toBeDefined();
  expect(await findAgentByEmail(db, 'dropped@thread.test')).toBeUndefined();

  // drizzle's tx.rollback() ends the transaction without an error reaching the caller's data.
  await db
    .transaction(async (tx) => {
      await insertAgent(tx, newAgent('rolled-back@thread.test'));
      tx.rollback();
    })
    .catch(() => undefined);
  expect(await findAgentByEmail(db, 'rolled-back@thread.test')).toBeUndefined();
});

it('passes database errors through with their SQLSTATE', async () => {
  const { db } = database;
  await insertAgent(db, newAgent('twice@thread.test'));
  await expect(insertAgent(db, newAgent('TWICE@thread.test'))).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
  await expect(db.execute(sql`select * from no_such_table`)).rejects.toMatchObject({ cause: { code: '42P01' } });
});

it('keeps dates, numbers and money as the in-thread driver does', async () => {
  const [row] = await database.db.select().from(agents).limit(1);
  expect(row!.createdAt).toBeInstanceOf(Date);
  expect(row!.totalIncome).toBe('0.00');
  const [values] = await queryRows<{ n: number; day: string; money: string }>(
    database.db,
    sql`select 42::int as n, '2026-11-23'::date::text as day, 12.5::numeric(14,2)::text as money`,
  );
  expect(values).toEqual({ n: 42, day: '2026-11-23', money: '12.50' });
});

it('serves other queries in order around a transaction, and the event loop turns during a long query', async () => {
  const { db } = database;
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 5);
  const started = performance.now();
  await queryRows(db, sql`select pg_sleep(0.3)`);
  clearInterval(timer);
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  // In-thread, the loop would not have turned once in those 300 ms.
  expect(ticks).toBeGreaterThan(10);

  const order: string[] = [];
  const transaction = db.transaction(async (tx) => {
    await insertAgent(tx, newAgent('ordered@thread.test'));
    await queryRows(tx, sql`select pg_sleep(0.05)`);
    order.push('transaction');
  });
  const read = findAgentByEmail(db, 'ordered@thread.test').then((row) => {
    order.push('read');
    return row;
  });
  await transaction;
  // The read waited for the transaction and saw its row.
  expect(await read).toBeDefined();
  expect(order).toEqual(['transaction', 'read']);
});

it('takes a backup while it serves', async () => {
  expect(database.dataDir).toBe(path.join(root, 'data', 'pg'));
  const backup = await takeEmbeddedBackup(database.db);
  const tar = gunzipSync(await buffer(backup.stream));
  expect(await backup.done).toBeGreaterThan(0);
  expect(tar.length).toBeGreaterThan(1_000_000);
  expect(tar.subarray(257, 262).toString()).toBe('ustar');
});

it('runs a transaction’s statements in the order they were posted, without waiting for each answer', async () => {
  const { db } = database;
  const put = (tx: typeof db, key: string) => queryRows(tx, sql`insert into ${appMeta} (key, value) values (${key}, 'test')`);
  const count = await db.transaction(async (tx) => {
    // Posted together, right behind the BEGIN: the thread runs them one after another, so the count sees both.
    const [, , rows] = await Promise.all([
      put(tx, 'order-1'),
      put(tx, 'order-2'),
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${appMeta} where key like 'order-%'`),
    ]);
    return rows[0]!.n;
  });
  expect(count).toBe(2);
  // A transaction whose last statement fails is not kept, though nothing waited for the statements before it.
  const error = await db
    .transaction(async (tx) => {
      const dropped = put(tx, 'dropped-1');
      await Promise.all([dropped, queryRows(tx, sql`select 1 / 0`)]);
    })
    .catch((failure: unknown) => failure);
  expect(pgErrorCode(error)).toBe('22012');
  const [kept] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${appMeta} where key like 'order-%' or key = 'dropped-1'`);
  expect(kept!.n).toBe(2);
});
