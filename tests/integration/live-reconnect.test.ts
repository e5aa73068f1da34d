// Live updates after the LISTEN connection is lost (docs/decisions/0038-live-after-reconnect.md): two app instances
// on one PostgreSQL database take writes while the test cuts their listening connections (pg_terminate_backend)
// again and again, then every connection at once as a database restart does. Every committed event must reach an
// open stream once and in order (or the stream gets stream.reset), and the dashboard and leaderboard each instance
// serves from memory must equal what the tables say. PostgreSQL only: the embedded database has no connection to lose.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STREAM_RESET } from '../../contract/events';
import { createApp } from '../../server/app';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import { pruneEvents } from '../../server/db/events';
import { listLeaderboardPage } from '../../server/db/queries/agents';
import { readOwnerDashboard } from '../../server/db/queries/dashboard';
import { everyAgentScope } from '../../server/domain/team-scope';
import * as schema from '../../server/db/schema';
import { periodStartsOf } from '../../server/domain/periods';
import { createAgent, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { openEventStream, type OpenedStream, type StreamMessage } from '../support/event-stream';
import { adminPool, postgresTestUrl } from '../support/postgres-admin';
import { listening, testConfig } from '../support/test-app';
import { createPostgresTestDatabase } from '../support/test-database';
import { sequenceAll } from '../../server/db/sequencer';
import { withEntryDates } from '../../server/domain/income-entries';

/** The test's own connections carry this name, so that cutting "every connection of the app" spares them. */
const TEST_CONNECTIONS = 'tiertrack-live-reconnect-test';
const FAST_HUB = { heartbeatMs: 1_000, checkCredentialsMs: 1_000, leaderboardEveryMs: 300 };
/** How many times each scenario cuts the listening connections (each cut with writes before and after it). */
const CUTS = 8;
/** Events committed between two cuts, at least. */
const EVENTS_PER_CUT = 15;
/** The overall limit of every wait below: generous, for a loaded 2-core machine. */
const LIMIT_MS = 90_000;

interface Instance {
  database: Database;
  app: FastifyInstance;
  base: string;
}

/** Polls `condition` until it holds; fails with `what` (said as it is then, when a function) after LIMIT_MS. */
async function waitFor(what: string | (() => string), condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + LIMIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The ids a stream delivered (not leaderboard.changed, which repeats the cursor) and the ids of its resets. */
function delivered(stream: OpenedStream) {
  const ids: number[] = [];
  const resets: { at: number; index: number }[] = [];
  for (const message of stream.messages) {
    if (message.id === undefined || message.type === 'leaderboard.changed') continue;
    if (message.type === STREAM_RESET) resets.push({ at: message.id, index: ids.length });
    else ids.push(message.id);
  }
  return { ids, resets };
}

const describePostgres = postgresTestUrl() ? describe : describe.skip;

describePostgres('live updates after the listening connection is lost [postgres]', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  /** The test's own handle on the database (its connections named TEST_CONNECTIONS). */
  let test: Database;
  const instances: Instance[] = [];
  const streams: OpenedStream[] = [];
  let owner: string;
  const agentIds: number[] = [];
  const db = () => test.db;

  async function startInstance(): Promise<Instance> {
    const database = await openDatabase({ engine: 'postgres', url: created.url, poolSize: 10 });
    const app = await createApp({ database, config: testConfig(), webRoot: null, eventHub: FAST_HUB, notifications: false });
    await app.ready();
    return { database, app, base: await listening({ app }) };
  }

  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    const url = new URL(created.url);
    url.searchParams.set('application_name', TEST_CONNECTIONS);
    test = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
    owner = (await signedInUser({ database: test, clock: { now: new Date() } }, 'owner')).cookie;
    for (let n = 0; n < 8; n++) agentIds.push((await createAgent(db(), { firstName: `Agent${n}`, lastName: 'Reconnect' })).id);
  });

  // Two new instances for each test, so that what one test leaves in memory cannot fail or pass the next.
  beforeEach(async () => {
    instances.push(await startInstance(), await startInstance());
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    for (const instance of instances.splice(0)) {
      await instance.app.close();
      await instance.database.close();
    }
  });
  afterAll(async () => {
    await test?.close();
    await created?.drop();
  });

  const newestEventId = async () =>
    (await queryRows<{ id: number | null }>(db(), sql`select max(id)::float8 as id from events`))[0]?.id ?? 0;
  const eventIdsAfter = async (after: number) =>
    (await queryRows<{ id: number }>(db(), sql`select id::float8 as id from events where id > ${after} order by id`)).map((row) => row.id);

  /** The backends of this test's database that match `where` (never the test's own, never another database's). */
  async function backends(where: 'listeners' | 'app'): Promise<number[]> {
    const admin = adminPool(postgresTestUrl()!);
    try {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and application_name <> $2
            and ($3 = 'app' or query ilike 'LISTEN %')`,
        [created.name, TEST_CONNECTIONS, where],
      );
      return rows.map((row) => row.pid);
    } finally {
      await admin.end();
    }
  }

  async function terminate(pids: number[]): Promise<void> {
    const admin = adminPool(postgresTestUrl()!);
    try {
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    } finally {
      await admin.end();
    }
  }

  /** Opens an owner's stream on each instance, replaying from `after`. */
  async function openStreams(after: number): Promise<OpenedStream[]> {
    const opened = await Promise.all(instances.map((instance) => openEventStream(`${instance.base}/api/events`, { cookie: owner, lastEventId: after })));
    streams.push(...opened);
    for (const stream of opened) expect(stream.status).toBe(200);
    return opened;
  }

  /** Income entries posted to both instances by four writers until `stop` is called; failed requests are allowed. */
  function writeUntilStopped() {
    let stopped = false;
    let n = 0;
    const writer = async (w: number) => {
      while (!stopped) {
        const k = n++;
        const instance = instances[(k + w) % instances.length]!;
        const amount = k % 5 === 4 ? '-7.25' : `${(k % 13) + 1}0.50`;
        await fetch(`${instance.base}/api/income-entries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: owner },
          body: JSON.stringify({ agentId: agentIds[k % agentIds.length], amount }),
        }).catch(() => undefined);
      }
    };
    const done = Promise.all([0, 1, 2, 3].map(writer));
    return async () => {
      stopped = true;
      await done;
    };
  }

  /** Cuts what `which` names CUTS times, each time once both instances listen again and events were written meanwhile. */
  async function cutRepeatedly(which: 'listeners' | 'app') {
    for (let cut = 0; cut < CUTS; cut++) {
      const before = await newestEventId();
      await waitFor(`both instances listening before cut ${cut + 1}`, async () => (await backends('listeners')).length === instances.length);
      await waitFor(`${EVENTS_PER_CUT} events written before cut ${cut + 1}`, async () => (await newestEventId()) >= before + EVENTS_PER_CUT);
      const pids = await backends(which);
      expect(pids.length).toBeGreaterThanOrEqual(instances.length);
      await terminate(pids);
    }
  }

  /** Every event after `after` reached each stream once and in order, or after a stream.reset, every one after it. */
  async function expectEveryEventDelivered(opened: OpenedStream[], after: number) {
    // Every write has answered: what is still in the inbox is given its id now (server/db/sequencer.ts).
    await sequenceAll(db());
    const newest = await newestEventId();
    for (const [index, stream] of opened.entries()) {
      let ended = false;
      void stream.ended.then(() => (ended = true));
      // Said when it fails: whether the server ended the stream, or kept it open (heartbeats) without the events.
      const state = () => {
        const { ids, resets } = delivered(stream);
        return `${ids.length} events up to ${ids.at(-1) ?? 'none'}, ${resets.length} resets, ${stream.comments} heartbeats, ${ended ? 'ended by the server' : 'open'}`;
      };
      await waitFor(
        () => `stream on instance ${index} to reach event ${newest} (${state()})`,
        () => delivered(stream).ids.some((id) => id >= newest),
      );
    }
    const committed = await eventIdsAfter(after);
    for (const stream of opened) {
      const { ids, resets } = delivered(stream);
      const last = resets.at(-1);
      if (last === undefined) {
        expect(ids).toEqual(committed);
      } else {
        expect(ids.slice(last.index)).toEqual(committed.filter((id) => id > last.at));
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      }
    }
  }

  /** The dashboard and the leaderboard each instance serves (from memory) equal what the tables say. */
  async function expectBoardsEqualTables() {
    for (const [index, instance] of instances.entries()) {
      const now = new Date();
      const read = await readOwnerDashboard(db(), { now, timeZone: 'UTC', scope: everyAgentScope() });
      // As the route answers it: each recent entry with its days in the organisation's time zone.
      const fromTables = { ...read, recentEntries: read.recentEntries.map((entry) => withEntryDates(entry, 'UTC')) };
      const served = await fetch(`${instance.base}/api/owner/dashboard`, { headers: { cookie: owner } });
      expect(served.status).toBe(200);
      expect(await served.json(), `the dashboard of instance ${index}`).toEqual(fromTables);
      const board = await fetch(`${instance.base}/api/owner/leaderboard?limit=50`, { headers: { cookie: owner } });
      const { agents, total } = (await board.json()) as { total: number; agents: { id: number; monthlyIncome: string; rank: number }[] };
      const expected = await listLeaderboardPage(db(), periodStartsOf(now, 'UTC'), { offset: 0, limit: 50 }, everyAgentScope());
      expect({ total, agents: agents.map(({ id, monthlyIncome, rank }) => ({ id, monthlyIncome, rank })) }, `the leaderboard of instance ${index}`).toEqual({
        total: expected.total,
        agents: expected.agents.map(({ id, monthlyIncome, rank }) => ({ id, monthlyIncome, rank })),
      });
    }
  }

  it('delivers every event committed while the listening connections are cut again and again, and the boards follow', async () => {
    // The boards are in memory before the writes begin, and must follow every event from there.
    await expectBoardsEqualTables();
    const start = await newestEventId();
    const opened = await openStreams(start);
    const stop = writeUntilStopped();
    try {
      await cutRepeatedly('listeners');
    } finally {
      await stop();
    }
    await expectEveryEventDelivered(opened, start);
    await expectBoardsEqualTables();
  }, 240_000);

  it('delivers every event and keeps the boards right when every connection is cut at once, as a database restart does', async () => {
    await expectBoardsEqualTables();
    const start = await newestEventId();
    const opened = await openStreams(start);
    const stop = writeUntilStopped();
    try {
      await cutRepeatedly('app');
    } finally {
      await stop();
    }
    await expectEveryEventDelivered(opened, start);
    await expectBoardsEqualTables();
  }, 240_000);

  it('resets the streams and reloads the boards when the events missed while not listening are no longer kept', async () => {
    await expectBoardsEqualTables();
    const start = await newestEventId();
    const opened = await openStreams(start);
    await waitFor('the streams to be live', () => opened.every((stream) => stream.messages.length > 0 || stream.comments > 0));
    const admin = adminPool(postgresTestUrl()!);
    // One connection of the test's own, made before the database refuses new ones.
    const client = new pg.Client({ connectionString: created.url, application_name: TEST_CONNECTIONS });
    await client.connect();
    try {
      await admin.query(`ALTER DATABASE ${created.name} ALLOW_CONNECTIONS false`);
      await terminate(await backends('listeners'));
      await waitFor('the listeners to be gone', async () => (await backends('listeners')).length === 0);
      // Written and pruned while no instance listens (as if the listener stayed away longer than events are kept).
      const direct = drizzle(client, { schema }) as unknown as Db;
      for (const [n, agentId] of agentIds.entries()) await addIncome(direct, { id: agentId }, `${n + 1}00.00`);
      // Given their ids by a pass (the instances, which would run one, are away), then pruned with the rest.
      await sequenceAll(direct);
      expect(await pruneEvents(direct, new Date(Date.now() + 60 * 60_000))).toBeGreaterThan(0);
    } finally {
      await admin.query(`ALTER DATABASE ${created.name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await client.end();
    }
    for (const [index, stream] of opened.entries()) {
      await waitFor(`stream.reset on instance ${index}`, () => delivered(stream).resets.length > 0);
    }
    await expectBoardsEqualTables();
    // Then the streams go on live from the reset.
    const after = await newestEventId();
    const response = await fetch(`${instances[0]!.base}/api/income-entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner },
      body: JSON.stringify({ agentId: agentIds[0], amount: '1.00' }),
    });
    expect(response.status).toBe(201);
    for (const stream of opened) {
      await stream.next((message: StreamMessage) => message.type === 'entry.created' && message.id! > after, LIMIT_MS);
      const { ids, resets } = delivered(stream);
      expect(ids.slice(resets.at(-1)!.index)).toEqual(await eventIdsAfter(resets.at(-1)!.at));
    }
    await expectBoardsEqualTables();
  }, 240_000);
});
