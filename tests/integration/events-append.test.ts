// Events are appended to the inbox in the transaction of the change they report, in one statement (appendingEvents in
// server/db/events.ts), and an income entry is recorded with its events in one statement (recordIncomeEntry): a change
// and its events commit together or not at all. Who is told: on PGlite, where transactions run one at a time, the write
// places its events itself and its NOTIFY carries them (decision 0071); on
// PostgreSQL no NOTIFY (it would make commits take turns) but the process's Database.onAppended, once it committed.
// The sequencer (server/db/sequencer.ts) then gives them ids once they have committed, pass after pass (above every id
// given before), and its notice carries the events, or the range of their ids when they would not fit. On both engines; the concurrent cases on
// PostgreSQL (PGlite runs one transaction at a time).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../server/db/client';
import { appendEvents, EVENTS_CHANNEL, latestEventId, parseEventsNotice, readEventsAfter, type NewEvent } from '../../server/db/events';
import { sequenceAll, sequenceInboxes } from '../../server/db/sequencer';
import { pgErrorCode } from '../../server/db/errors';
import { appMeta, tierSettings } from '../../server/db/schema';
import { createAgent } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { openTestDatabase, testEngines } from '../support/test-database';

const NUMERIC_VALUE_OUT_OF_RANGE = '22003';
const NOW = new Date('2026-03-14T09:26:53.589Z');
const marked = (agentId: number, mark: string): NewEvent => ({ type: 'data.changed', agentId, public: { mark }, private: {} });
const putMeta = (db: Db, key: string) => queryRows(db, sql`insert into ${appMeta} (key, value) values (${key}, 'test')`);
const metaKeys = async (db: Db, prefix: string) =>
  (await queryRows<{ key: string }>(db, sql`select key from ${appMeta} where key like ${`${prefix}%`} order by key`)).map((row) => row.key);

for (const engine of testEngines()) {
  describe(`appending events [${engine}]`, () => {
    let database: Database;
    const notices: string[] = [];
    let unlisten: () => Promise<void>;
    /** How many times onAppended has run. */
    let heard = 0;
    beforeAll(async () => {
      database = await openTestDatabase(engine);
      database.onAppended(() => heard++);
      // Notifications only: a call without a payload says a listening connection was made (read from your cursor).
      unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
        if (payload !== undefined) notices.push(payload);
      });
    });
    afterAll(async () => {
      await unlisten();
      await database.close();
    });

    /** The notice that carries (or names) the event with this id, once it has arrived. */
    async function noticeOf(id: number) {
      for (let waited = 0; waited < 5000; waited += 20) {
        for (const payload of notices) {
          const notice = parseEventsNotice(payload);
          if (!notice) continue;
          if ('events' in notice ? notice.events.some((event) => event.id === id) : 'from' in notice && notice.from <= id && id <= notice.to) return notice;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no notice of event ${id}`);
    }

    it('commits a change and its events together, ids in the order written, and notifies the events', async () => {
      const before = await latestEventId(database.db);
      const heardBefore = heard;
      const noticesBefore = notices.length;
      await database.db.transaction(async (tx) => {
        await putMeta(tx, 'kept-1');
        await appendEvents(tx, [marked(1, 'first'), marked(2, 'second')]);
        // Nobody is told before the commit.
        expect(heard).toBe(heardBefore);
      });
      expect(await metaKeys(database.db, 'kept-')).toEqual(['kept-1']);
      if (engine === 'pglite') {
        // One transaction at a time: the write placed its events itself, and its commit sent them.
        const placed = await readEventsAfter(database.db, before, 10);
        expect(placed.map((event) => event.public)).toEqual([{ mark: 'first' }, { mark: 'second' }]);
        expect(await noticeOf(placed[0]!.id)).toEqual({ events: placed });
        // Nothing for a pass to move.
        expect((await sequenceInboxes(database.db)).moved).toBe(0);
        expect(heard).toBe(heardBefore);
        return;
      }
      // In the inbox until a pass, and this process was told of the commit (no NOTIFY: decision 0069).
      expect(await readEventsAfter(database.db, before, 10)).toEqual([]);
      expect(heard).toBe(heardBefore + 1);
      const announced = notices.slice(noticesBefore).map((payload) => parseEventsNotice(payload));
      expect(announced.filter((notice) => notice && ('events' in notice ? notice.events.some((event) => event.id > before) : notice.to > before))).toEqual([]);
      await sequenceAll(database.db);
      const appended = await readEventsAfter(database.db, before, 10);
      expect(appended.map((event) => [event.agentId, event.public])).toEqual([
        [1, { mark: 'first' }],
        [2, { mark: 'second' }],
      ]);
      expect(await noticeOf(appended[0]!.id)).toEqual({ events: appended });
    });

    it('names the range of ids when the events would not fit a notification, counting bytes, not characters', async () => {
      const before = await latestEventId(database.db);
      // About 4,600 characters but 9,200 bytes: more than a notification may carry.
      const wide = [1, 2, 3].map((n) => marked(n, 'é'.repeat(1500)));
      await database.db.transaction((tx) => appendEvents(tx, wide));
      await sequenceAll(database.db);
      const appended = await readEventsAfter(database.db, before, 10);
      expect(appended.map((event) => event.public)).toEqual(wide.map((event) => event.public));
      expect(await noticeOf(appended[0]!.id)).toEqual({ from: appended[0]!.id, to: appended[2]!.id });
    });

    it('keeps nothing of the change when the append fails, and reports the append’s error', async () => {
      const before = await latestEventId(database.db);
      // An agent id beyond the int column's range: the append fails after the change was made.
      const error = await database.db
        .transaction(async (tx) => {
          await putMeta(tx, 'dropped-1');
          await appendEvents(tx, [marked(3_000_000_000, 'too far')]);
        })
        .catch((failure: unknown) => failure);
      expect(pgErrorCode(error)).toBe(NUMERIC_VALUE_OUT_OF_RANGE);
      expect(await metaKeys(database.db, 'dropped-')).toEqual([]);
      await sequenceAll(database.db);
      expect(await latestEventId(database.db)).toBe(before);
    });

    it('records an income entry with its events in one statement: the entry, then each tier reached in order', async () => {
      const agent = await createAgent(database.db);
      const tiers = await database.db.select().from(tierSettings).orderBy(tierSettings.order);
      // Past the second threshold: the first two tiers are reached by this one entry.
      const amount = (Number(tiers[1]!.threshold) + 0.5).toFixed(2);
      await sequenceAll(database.db);
      const before = await latestEventId(database.db);
      const date = new Date('2026-03-10T12:00:00.250Z');
      const entry = await addIncome(database.db, agent, amount, { now: NOW, date, description: 'Deal “A”' });
      await sequenceAll(database.db);
      const appended = await readEventsAfter(database.db, before, 10);
      const who = { agentId: agent.id, agentName: agent.name };
      expect(appended.map(({ type, agentId, public: shown, private: hidden }) => ({ type, agentId, shown, hidden }))).toEqual([
        {
          type: 'entry.created',
          agentId: agent.id,
          shown: { entryId: entry.id, ...who, amount, transactionType: 'addition', date: date.toISOString() },
          hidden: { description: 'Deal “A”', newTotal: amount, createdAt: NOW.toISOString() },
        },
        ...tiers.slice(0, 2).map((tier) => ({
          type: 'tier.reached',
          agentId: agent.id,
          shown: { ...who, tierId: tier.id, tierName: tier.name, tierColor: tier.color },
          hidden: { achievedAt: NOW.toISOString() },
        })),
      ]);
      expect(await noticeOf(appended[0]!.id)).toEqual({ events: appended });
    });

    it('records nothing and appends nothing when an entry fails', async () => {
      const agent = await createAgent(database.db);
      await addIncome(database.db, agent, '999999999999.00', { now: NOW });
      await sequenceAll(database.db);
      const before = await latestEventId(database.db);
      const total = async () =>
        (await queryRows<{ t: string; n: number }>(database.db, sql`select total_income::text as t, total_entries as n from agents where id = ${agent.id}`))[0];
      const kept = await total();
      // Beyond the largest total the tracker holds, and an agent that does not exist.
      await expect(addIncome(database.db, agent, '999999999999.00', { now: NOW })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(addIncome(database.db, { id: 2_000_000_000 }, '10.00', { now: NOW })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await total()).toEqual(kept);
      await sequenceAll(database.db);
      expect(await latestEventId(database.db)).toBe(before);
      // Nothing was appended or notified for them: the next entry's event is the first after `before`.
      const next = await addIncome(database.db, agent, '-1.00', { now: NOW });
      await sequenceAll(database.db);
      const [appended] = await readEventsAfter(database.db, before, 1);
      expect(appended).toMatchObject({ type: 'entry.created', public: { entryId: next.id } });
      expect(notices.filter((payload) => !parseEventsNotice(payload))).toEqual([]);
    });

    if (engine === 'postgres') it('tells the process of each committed append, never of one rolled back, and sends no NOTIFY for it', async () => {
      await sequenceAll(database.db);
      const noticesBefore = notices.length;
      let count: number;
      // A statement on its own (an income entry) commits as it answers: heard once.
      const agent = await createAgent(database.db);
      count = heard;
      await addIncome(database.db, agent, '10.00', { now: NOW });
      expect(heard).toBe(count + 1);
      // Rolled back, after a savepoint rolled back inside it: not heard.
      count = heard;
      await database.db
        .transaction(async (tx) => {
          await appendEvents(tx, [marked(1, 'doomed')]);
          await tx.transaction(async (inner) => {
            await putMeta(inner, 'savepoint-1');
            inner.rollback();
          }).catch(() => undefined);
          throw new Error('rolled back by the test');
        })
        .catch(() => undefined);
      expect(heard).toBe(count);
      // A savepoint rolled back does not end the transaction: its earlier append is heard at the commit.
      await database.db.transaction(async (tx) => {
        await appendEvents(tx, [marked(1, 'kept')]);
        await tx.transaction(async (inner) => {
          await putMeta(inner, 'savepoint-2');
          inner.rollback();
        }).catch(() => undefined);
      });
      expect(heard).toBe(count + 1);
      // A transaction that appended nothing: not heard.
      await database.db.transaction((tx) => putMeta(tx, 'plain-1'));
      expect(heard).toBe(count + 1);
      // The writes sent nothing on the channel: whatever came since is a sequencer pass's notice.
      for (const payload of notices.slice(noticesBefore)) expect(parseEventsNotice(payload), payload).toBeDefined();
      await sequenceAll(database.db);
    });

    // PGlite runs one transaction at a time: no transaction can be older and still running there.
    if (engine === 'postgres') it('places a transaction’s events once it commits, above every id given before, while an older one still runs', async () => {
      const before = (await sequenceAll(database.db), await latestEventId(database.db));
      const older = openTransaction(database.db);
      await older.run((tx) => appendEvents(tx, [marked(1, 'older')]));
      // A later transaction commits first: its event is placed at once, the older one's is not there to see.
      await database.db.transaction((tx) => appendEvents(tx, [marked(2, 'later')]));
      const first = await sequenceInboxes(database.db);
      // The older transaction still runs: no horizon reaches past it yet.
      expect(first.horizon).toBeLessThan((await readEventsAfter(database.db, before, 10))[0]!.xid + 1);
      const placedFirst = await readEventsAfter(database.db, before, 10);
      expect(placedFirst.map((event) => event.public.mark)).toEqual(['later']);
      // A reader that has seen `later` misses nothing: the older transaction's event comes after it.
      await older.commit();
      await sequenceAll(database.db);
      const placed = await readEventsAfter(database.db, before, 10);
      expect(placed.map((event) => event.public.mark)).toEqual(['later', 'older']);
      expect(placed[1]!.xid).toBeLessThan(placed[0]!.xid);
      expect(await readEventsAfter(database.db, placedFirst[0]!.id, 10)).toEqual([placed[1]]);
    });

    if (engine === 'postgres') it('places nothing of a rolled-back transaction, and what committed beside it at once', async () => {
      const before = (await sequenceAll(database.db), await latestEventId(database.db));
      const doomed = openTransaction(database.db);
      await doomed.run((tx) => appendEvents(tx, [marked(1, 'doomed')]));
      await database.db.transaction((tx) => appendEvents(tx, [marked(2, 'kept')]));
      await sequenceInboxes(database.db);
      expect((await readEventsAfter(database.db, before, 10)).map((event) => event.public.mark)).toEqual(['kept']);
      await doomed.rollback();
      await sequenceAll(database.db);
      expect((await readEventsAfter(database.db, before, 10)).map((event) => event.public.mark)).toEqual(['kept']);
      const [inbox] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from event_inbox`);
      expect(inbox!.n).toBe(0);
    });
  });
}

/** A transaction kept open by the test: `run` works in it, then `commit` or `rollback` ends it. */
function openTransaction(db: Db) {
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  let ready!: (tx: Db) => void;
  const opened = new Promise<Db>((resolve) => (ready = resolve));
  const ROLLBACK = new Error('rolled back by the test');
  const done = db
    .transaction(async (tx) => {
      ready(tx);
      if (!(await decided)) throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return {
    run: async (work: (tx: Db) => Promise<unknown>) => work(await opened),
    commit: async () => (finish(true), done),
    rollback: async () => (finish(false), done),
  };
}
