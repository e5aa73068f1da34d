// A change and its events commit together, with the COMMIT queued right behind the events' append
// (transactionWithEvents in server/db/events.ts): when the append fails, nothing of the change is kept and the
// append's own error is reported. On both engines; the embedded database's thread has its own test in
// pglite-thread.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, runsOneTransactionAtATime, type Database, type Db } from '../../server/db/client';
import { latestEventId, readEventsAfter, transactionWithEvents, type NewEvent } from '../../server/db/events';
import { pgErrorCode } from '../../server/db/errors';
import { appMeta } from '../../server/db/schema';
import { openTestDatabase, testEngines } from '../support/test-database';

const NUMERIC_VALUE_OUT_OF_RANGE = '22003';
const marked = (agentId: number, mark: string): NewEvent => ({ type: 'data.changed', agentId, public: { mark }, private: {} });
const putMeta = (db: Db, key: string) => queryRows(db, sql`insert into ${appMeta} (key, value) values (${key}, 'test')`);
const metaKeys = async (db: Db, prefix: string) =>
  (await queryRows<{ key: string }>(db, sql`select key from ${appMeta} where key like ${`${prefix}%`} order by key`)).map((row) => row.key);

for (const engine of testEngines()) {
  describe(`a change and its events in one transaction [${engine}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(engine);
    });
    afterAll(async () => {
      await database.close();
    });

    it('commits the change and its events together', async () => {
      const before = await latestEventId(database.db);
      const value = await transactionWithEvents(database.db, async (tx) => {
        await putMeta(tx, 'kept-1');
        return { value: 'done', events: [marked(1, 'first'), marked(2, 'second')] };
      });
      expect(value).toBe('done');
      expect(await metaKeys(database.db, 'kept-')).toEqual(['kept-1']);
      const appended = await readEventsAfter(database.db, before, 10);
      expect(appended.map((event) => [event.agentId, event.public])).toEqual([
        [1, { mark: 'first' }],
        [2, { mark: 'second' }],
      ]);
    });

    it('keeps nothing of the change when the append fails, and reports the append’s error', async () => {
      const before = await latestEventId(database.db);
      // An agent id beyond the int column's range: the append fails after the change was made.
      const error = await transactionWithEvents(database.db, async (tx) => {
        await putMeta(tx, 'dropped-1');
        return { value: undefined, events: [marked(3_000_000_000, 'too far')] };
      }).catch((failure: unknown) => failure);
      expect(pgErrorCode(error)).toBe(NUMERIC_VALUE_OUT_OF_RANGE);
      expect(await metaKeys(database.db, 'dropped-')).toEqual([]);
      expect(await latestEventId(database.db)).toBe(before);
      // The connection serves the next transaction as usual.
      await transactionWithEvents(database.db, async (tx) => {
        await putMeta(tx, 'after-1');
        return { value: undefined, events: [marked(1, 'after')] };
      });
      expect(await metaKeys(database.db, 'after-')).toEqual(['after-1']);
      expect(await latestEventId(database.db)).toBeGreaterThan(before);
    });

    it('says whether the engine runs one transaction at a time', () => {
      expect(runsOneTransactionAtATime(database.db)).toBe(engine === 'pglite');
    });
  });
}

it('marks only databases opened as PGlite as running one transaction at a time', async () => {
  const database = await openDatabase({ engine: 'pglite' });
  try {
    expect(runsOneTransactionAtATime(database.db)).toBe(true);
    expect(runsOneTransactionAtATime({} as Db)).toBe(false);
  } finally {
    await database.close();
  }
});
