// The reads that follow the growing logs (events, audit_log) reach their rows by the primary key, never by reading the
// whole table: "select id::float8 as id ... order by id" orders by the float8 alias, which no index holds, so it sorts
// the table (found by the PostgreSQL bench: each read of new events went from 0.6 ms to 26 ms as the table grew, and
// slowed every later load). Each read runs in a transaction that counts its own scans (pg_stat_xact_user_tables), with
// generic plans forced, as a prepared statement gets them after its fifth run, and sorting the last resort. And the inboxes, whose every row is
// deleted once moved, are vacuumed by the app (vacuumInboxes): their dead rows are gone afterwards. On both engines.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../server/db/client';
import { readEventsAfter } from '../../server/db/events';
import { sealAuditHead } from '../../server/db/audit-seals';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { fanOutWebhookEvents } from '../../server/db/operations/fan-out-webhook-events';
import { sequenceAll, vacuumInboxes } from '../../server/db/sequencer';
import { appMeta, auditInbox, eventInbox, events, webhooks } from '../../server/db/schema';
import { EventHub } from '../../server/live/event-hub';
import { openTestDatabase, testEngines } from '../support/test-database';

/** Rows in each log: enough that sorting the table costs more than reading the index, as the planner sees it. */
const ROWS = 20_000;
const NOW = new Date('2026-03-14T09:26:53.589Z');

/** How many pages the event inbox's table holds (a vacuum gives back the empty ones at its end). */
async function inboxPages(db: Db): Promise<number> {
  const [row] = await queryRows<{ pages: number }>(db, sql`select (pg_relation_size('event_inbox') / current_setting('block_size')::int)::int as pages`);
  return row!.pages;
}

/** How many scans of the whole table `relname` the transaction `tx` has made so far. */
async function seqScans(tx: Db, relname: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`select coalesce(seq_scan, 0)::int as n from pg_stat_xact_user_tables where relname = ${relname}`);
  return row?.n ?? 0;
}

/** Runs `read` in a transaction with generic plans; returns how many times it scanned the whole of `relname`. */
async function scansBy(db: Db, relname: string, read: (tx: Db) => Promise<unknown>): Promise<number> {
  let scans = -1;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      // A plan that must sort (no index holds the order asked for) is taken only when there is no other.
      await tx.execute(sql`set local enable_sort = off`);
      const before = await seqScans(tx, relname);
      await read(tx);
      scans = (await seqScans(tx, relname)) - before;
      // Rolled back: each read starts from the same rows.
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Rollback')) throw error;
    });
  return scans;
}

for (const engine of testEngines()) {
  describe(`reads of the logs [${engine}]`, () => {
    let database: Database;
    let newest = 0;
    beforeAll(async () => {
      database = await openTestDatabase(engine);
      const { db } = database;
      // Statistics from when the logs were empty, as on a server whose autovacuum (and its analyze) is off or behind:
      // the planner knows neither how many rows there are nor that ids follow the table's order.
      await db.execute(sql`analyze ${events}, audit_log`);
      await db.execute(sql`insert into ${events} (type, agent_id, public_data, private_data)
        select 'data.changed', null, '{}'::jsonb, '{}'::jsonb from generate_series(1, ${ROWS}::int)`);
      // Audit rows come through the inbox (the chain's trigger numbers them as the sequencer moves them).
      await db.execute(sql`insert into ${auditInbox} (at, actor_kind, actor_name, action, target_type)
        select now(), 'system', 'test', 'test.row', 'test' from generate_series(1, ${ROWS}::int)`);
      await sequenceAll(db);
      const [row] = await queryRows<{ id: number }>(db, sql`select max(id)::float8 as id from ${events}`);
      newest = row!.id;
    }, 120_000);
    afterAll(async () => {
      await database?.close();
    });

    it('reads the events after a cursor by the primary key', async () => {
      let read = 0;
      const scans = await scansBy(database.db, 'events', async (tx) => {
        read = (await readEventsAfter(tx, newest - 10, 500)).length;
      });
      expect(read).toBe(10);
      expect(scans).toBe(0);
    });

    it('finds the head of the audit trail to seal by the primary key', async () => {
      let sealed: number | undefined;
      const scans = await scansBy(database.db, 'audit_log', async (tx) => {
        sealed = (await sealAuditHead(tx, Buffer.alloc(32, 7), NOW))?.auditId;
      });
      const [head] = await queryRows<{ id: number }>(database.db, sql`select max(id)::float8 as id from audit_log`);
      expect(sealed).toBe(head!.id);
      expect(scans).toBe(0);
    });

    it('reads the events to notify of by the primary key', async () => {
      let read = 0;
      const scans = await scansBy(database.db, 'events', async (tx) => {
        await tx.insert(appMeta).values({ key: 'notifications_notified_through', value: String(newest - 10) });
        read = await notifyEvents(tx, 500, NOW, { appUrl: 'http://localhost' });
      });
      expect(read).toBe(10);
      expect(scans).toBe(0);
    });

    it('reads the events to fan out to webhooks by the primary key', async () => {
      let read = 0;
      const scans = await scansBy(database.db, 'events', async (tx) => {
        await tx.insert(webhooks).values({ url: 'https://example.com/hook', events: ['data.changed'], format: 'json', secret: 's', afterEventId: newest - 10 });
        await tx.insert(appMeta).values({ key: 'webhooks_fanned_through', value: String(newest - 10) });
        read = await fanOutWebhookEvents(tx, 500, () => '{}');
      });
      expect(read).toBe(10);
      expect(scans).toBe(0);
    });

    it('vacuums the inboxes: the rows the sequencer deleted are gone from their tables', async () => {
      const { db } = database;
      await db.execute(sql`insert into ${eventInbox} (type, agent_id, public_data, private_data)
        select 'data.changed', null, '{}'::jsonb, '{}'::jsonb from generate_series(1, 2000)`);
      await sequenceAll(db);
      // Every row was deleted: until a vacuum the table keeps their pages; a vacuum frees them and, all being empty,
      // gives them back (the table ends with its last live row).
      expect(await inboxPages(db)).toBeGreaterThan(0);
      await vacuumInboxes(db);
      expect(await inboxPages(db)).toBe(0);
    });

    it('has a hub vacuum the inboxes once its passes have moved 5,000 rows', async () => {
      const { db } = database;
      const problems: unknown[] = [];
      const log = { warn: (...args: unknown[]) => problems.push(args), error: (...args: unknown[]) => problems.push(args) };
      const hub = new EventHub(database.liveDb, database.listen, { maxStreams: 1 }, log as never, () => NOW);
      await hub.start();
      try {
        await db.execute(sql`insert into ${eventInbox} (type, agent_id, public_data, private_data)
          select 'data.changed', null, '{}'::jsonb, '{}'::jsonb from generate_series(1, 5000)`);
        const [{ newest: target } = { newest: 0 }] = await queryRows<{ newest: number }>(db, sql`select max(id)::float8 + 5000 as newest from ${events}`);
        // As a write of this process would: the hub's pass moves them, then its vacuum empties the table's pages.
        hub.appended();
        expect(await hub.reach(target, 30_000)).toBe(true);
        await expect.poll(() => inboxPages(db), { timeout: 30_000, interval: 50 }).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await hub.close();
      }
    }, 90_000);
  });
}
