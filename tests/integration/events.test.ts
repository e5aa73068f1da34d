// Live updates (docs/product.md §12.8; docs/decisions/0014-live-events.md): every change writes its event in its
// own transaction, GET /api/events streams them to who may see them, replays from Last-Event-ID, keeps its limits and
// ends with the session. On both engines, over real HTTP (a stream never ends, so app.inject cannot read one).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../server/db/client';
import type { AppContext } from '../../server/app-context';
import { EVENT_CURSOR_HEADER } from '../../contract/events';
import { appendEvents, pruneEvents } from '../../server/db/events';
import { sequenceAll } from '../../server/db/sequencer';
import { runMaintenance } from '../../server/maintenance';
import { createAgent, signedInAgent, signedInUser } from '../factories/accounts';
import { addIncome, createRewardOption } from '../factories/rewards';
import { openEventStream, type OpenedStream, type StreamMessage } from '../support/event-stream';
import { listening, startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';
import { databaseUrl, postgresTestUrl } from '../support/postgres-admin';

const FAST_HUB = { heartbeatMs: 200, checkCredentialsMs: 200, leaderboardEveryMs: 300 };

async function storedEvents(t: TestApp) {
  await sequenceAll(t.database.db);
  return queryRows<{ id: number; type: string; agent_id: number | null }>(
    t.database.db,
    sql`select id::float8 as id, type, agent_id from events order by id`,
  );
}

const isType = (type: string, agentId?: number) => (message: StreamMessage) =>
  message.type === type && (agentId === undefined || message.data.agentId === agentId);

/** Waits a little and shows that nothing matching arrived meanwhile. */
async function nothingArrives(stream: OpenedStream, match: (message: StreamMessage) => boolean, ms = 600) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  expect(stream.messages.filter(match)).toEqual([]);
}

for (const engine of testEngines()) {
  describe(`GET /api/events [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    const opened: OpenedStream[] = [];
    const open = async (cookie?: string, options: { lastEventId?: number | string; query?: string } = {}) => {
      const stream = await openEventStream(`${base}/api/events${options.query ?? ''}`, {
        ...(cookie ? { cookie } : {}),
        ...(options.lastEventId !== undefined ? { lastEventId: options.lastEventId } : {}),
      });
      opened.push(stream);
      return stream;
    };
    const postEntry = (cookie: string, agentId: number, amount: string, description = 'Renewal: Acme Corp') =>
      fetch(`${base}/api/income-entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ agentId, amount, description }),
      });

    beforeAll(async () => {
      t = await startTestApp(engine, { eventHub: FAST_HUB });
      base = await listening(t);
    });
    afterAll(async () => {
      for (const stream of opened) stream.close();
      await t.close();
    });

    it('refuses anyone not signed in (401) and a Last-Event-ID that is not an id (400), as JSON', async () => {
      const anonymous = await open();
      expect(anonymous.status).toBe(401);
      expect(anonymous.refusal).toMatchObject({ code: 'UNAUTHENTICATED' });
      const owner = await signedInUser(t, 'owner');
      const bad = await open(owner.cookie, { lastEventId: 'yesterday' });
      expect(bad.status).toBe(400);
      expect(bad.refusal).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Last-Event-ID must be an event id (digits)' });
      const badQuery = await open(owner.cookie, { query: '?lastEventId=-1' });
      expect(badQuery.status).toBe(400);
    });

    it('streams an entry to the owner, a manager and the agent in full, and to other agents only as a leaderboard change', async () => {
      const owner = await signedInUser(t, 'owner');
      const manager = await signedInUser(t, 'manager');
      const agent = await signedInAgent(t, { firstName: 'Dana', lastName: 'Whitfield' });
      const other = await signedInAgent(t);
      const [ownerStream, managerStream, agentStream, otherStream] = await Promise.all([
        open(owner.cookie),
        open(manager.cookie),
        open(agent.cookie),
        open(other.cookie),
      ]);
      expect(ownerStream.status).toBe(200);
      expect(ownerStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(ownerStream.headers.get('x-content-type-options')).toBe('nosniff');

      const res = await postEntry(owner.cookie, agent.id, '1250.50');
      expect(res.status).toBe(201);
      const entryId = ((await res.json()) as { id: number }).id;

      const expected = {
        entryId,
        agentId: agent.id,
        agentName: 'Dana Whitfield',
        amount: '1250.50',
        transactionType: 'addition',
        description: 'Renewal: Acme Corp',
        newTotal: '1250.50',
      };
      for (const stream of [ownerStream, managerStream, agentStream]) {
        const message = await stream.next(isType('entry.created', agent.id));
        expect(message.data).toMatchObject(expected);
        expect(message.id).toBeGreaterThan(0);
      }
      await otherStream.next(isType('leaderboard.changed'));
      expect(otherStream.messages.filter((m) => m.type === 'entry.created')).toEqual([]);
      await ownerStream.next(isType('leaderboard.changed'));
    });

    it('streams an activity to the owner and the agent in full, and to other agents only as a leaderboard change', async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await signedInAgent(t, { firstName: 'Iris', lastName: 'Caller' });
      const other = await signedInAgent(t);
      const key = `calls-${Date.now().toString(36)}`;
      const made = await fetch(`${base}/api/metrics`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ key, name: 'Calls', unit: 'count' }),
      });
      expect(made.status).toBe(201);
      const [ownerStream, agentStream, otherStream] = await Promise.all([open(owner.cookie), open(agent.cookie), open(other.cookie)]);
      const res = await fetch(`${base}/api/activities`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ agentId: agent.id, metric: key, value: 3 }),
      });
      expect(res.status).toBe(201);
      for (const stream of [ownerStream, agentStream]) {
        const message = await stream.next(isType('activity.created', agent.id));
        expect(message.data).toMatchObject({ agentId: agent.id, agentName: 'Iris Caller', metric: key, metricName: 'Calls', value: 3, selfReported: false });
      }
      // Another agent's boards of the metric moved: it hears that, never the activity itself.
      await otherStream.next(isType('leaderboard.changed'));
      expect(otherStream.messages.filter((m) => m.type === 'activity.created')).toEqual([]);
    });

    it("shows everyone a tier reached, with public fields only for other agents", async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await signedInAgent(t, { firstName: 'Ravi', lastName: 'Menon' });
      const other = await signedInAgent(t);
      const [agentStream, otherStream] = await Promise.all([open(agent.cookie), open(other.cookie)]);
      expect((await postEntry(owner.cookie, agent.id, '5000')).status).toBe(201);

      const own = await agentStream.next(isType('tier.reached', agent.id));
      const publicPart = { agentId: agent.id, agentName: 'Ravi Menon', tierId: 1, tierName: 'Starter', tierColor: expect.any(String) };
      // The agent itself also learns when; other agents get the public part only.
      expect(own.data).toEqual({ ...publicPart, achievedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      const seen = await otherStream.next(isType('tier.reached', agent.id));
      expect(seen.data).toEqual(publicPart);
      expect(seen.id).toBe(own.id);
      // The entry that reached it came first, in the same transaction.
      const entry = await agentStream.next(isType('entry.created', agent.id));
      expect(entry.id).toBeLessThan(own.id!);
      await nothingArrives(otherStream, isType('entry.created', agent.id), 100);
    });

    it('writes each event in the transaction of its change: a refused or rolled-back change leaves none', async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await createAgent(t.database.db);
      const before = await storedEvents(t);
      expect((await postEntry(owner.cookie, 999_999, '10')).status).toBe(404);
      expect((await postEntry(owner.cookie, agent.id, '999999999999.99')).status).toBe(201);
      // Past the largest total: the statement fails after the agent row was updated, and the transaction rolls back.
      expect((await postEntry(owner.cookie, agent.id, '999999999999.99')).status).toBe(400);
      const after = await storedEvents(t);
      const added = after.filter((event) => !before.some((old) => old.id === event.id));
      expect(added.map((event) => [event.type, event.agent_id])).toEqual([
        ['entry.created', agent.id],
        ...Array.from({ length: 12 }, () => ['tier.reached', agent.id]),
      ]);
    });

    it('streams claims to the owner and the agent, never with the contact details, and not to other agents', async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await signedInAgent(t, { total: '5000.00' });
      const other = await signedInAgent(t);
      const option = await createRewardOption(t.database.db, { tierId: 1, title: 'Coffee Gift Card' });
      const [ownerStream, agentStream, otherStream] = await Promise.all([open(owner.cookie), open(agent.cookie), open(other.cookie)]);
      const claim = await fetch(`${base}/api/rewards/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: agent.cookie },
        body: JSON.stringify({
          agentId: agent.id,
          rewardId: option.id,
          fullName: 'Jordan Reyes',
          email: 'jordan@example.com',
          phone: '+1 555 0100',
          address: '1 Main Street',
          city: 'Springfield',
          zipcode: '12345',
        }),
      });
      expect(claim.status, await claim.clone().text()).toBe(201);
      const claimId = ((await claim.json()) as { claim: { id: number } }).claim.id;
      for (const stream of [ownerStream, agentStream]) {
        const message = await stream.next(isType('claim.created', agent.id));
        expect(message.data).toEqual({
          claimId,
          agentId: agent.id,
          agentName: agent.name,
          tierId: 1,
          tierName: 'Starter',
          rewardTitle: 'Coffee Gift Card',
          status: 'pending',
        });
      }
      const processed = await fetch(`${base}/api/reward-claims/${claimId}/process`, { method: 'PATCH', headers: { cookie: owner.cookie } });
      expect(processed.status).toBe(200);
      expect((await agentStream.next(isType('claim.updated', agent.id))).data).toMatchObject({ claimId, status: 'processed' });
      await nothingArrives(otherStream, (m) => m.type.startsWith('claim.'), 100);
      const text = JSON.stringify([...ownerStream.messages, ...agentStream.messages]);
      expect(text).not.toContain('1 Main Street');
      expect(text).not.toContain('555 0100');
    });

    it('streams agents made and deleted to staff, and erases what the kept events said about a deleted agent', async () => {
      const owner = await signedInUser(t, 'owner');
      const ownerStream = await open(owner.cookie);
      const made = await fetch(`${base}/api/agents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ name: 'Temp Agent', position: 'Sales Agent', email: `temp-${Date.now()}@example.test`, password: 'a long password 1' }),
      });
      expect(made.status).toBe(201);
      const agentId = ((await made.json()) as { id: number }).id;
      expect((await ownerStream.next(isType('agent.created', agentId))).data).toEqual({ agentId, agentName: 'Temp Agent', status: 'active' });
      await addIncome(t.database.db, { id: agentId }, '100.00');
      await ownerStream.next(isType('entry.created', agentId));

      const confirm = await fetch(`${base}/api/auth/confirm-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ password: 'factory-password-1' }),
      });
      expect(confirm.status).toBe(204);
      expect((await fetch(`${base}/api/agents/${agentId}`, { method: 'DELETE', headers: { cookie: owner.cookie } })).status).toBe(204);
      expect((await ownerStream.next(isType('agent.deleted', agentId))).data).toEqual({ agentId });
      const kept = (await storedEvents(t)).filter((event) => event.agent_id === agentId);
      expect(kept.map((event) => event.type)).toEqual(['agent.deleted']);
    });

    it('streams a tier changed by the owner to staff and every agent (public), never to a TV link', async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await signedInAgent(t);
      const [ownerStream, agentStream] = await Promise.all([open(owner.cookie), open(agent.cookie)]);
      const tiers = (await (await fetch(`${base}/api/tier-settings`, { headers: { cookie: owner.cookie } })).json()) as { id: number; name: string; rewards: string }[];
      const gold = tiers.find((tier) => tier.name === 'Gold')!;
      const res = await fetch(`${base}/api/tier-settings/${gold.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ rewards: gold.rewards }),
      });
      expect(res.status).toBe(200);
      for (const stream of [ownerStream, agentStream]) {
        expect((await stream.next(isType('tier.updated'))).data).toEqual({ tierId: gold.id, tierName: 'Gold' });
      }
      const kept = await storedEvents(t);
      expect(kept.filter((event) => event.type === 'tier.updated').at(-1)!.agent_id).toBeNull();
    });

    // On PostgreSQL a write sends no NOTIFY (docs/decisions/0069-writes-without-notify.md): its own process's hub is
    // told; another process's writes (a script, an instance that stopped before its pass) are found by the hub's look.
    if (engine === 'postgres') it('delivers what another process wrote, which no NOTIFY announces: the hub looks for it', async () => {
      const owner = await signedInUser(t, 'owner');
      const stream = await open(owner.cookie);
      const [here] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
      const other = await openDatabase({ engine: 'postgres', url: databaseUrl(postgresTestUrl()!, here!.name), poolSize: 1 });
      try {
        const agent = await createAgent(other.db);
        await addIncome(other.db, agent, '7.00');
        const message = await stream.next(isType('entry.created', agent.id));
        expect(message.data).toMatchObject({ agentId: agent.id, amount: '7.00' });
      } finally {
        await other.close();
      }
    });

    it('delivers every event of a transaction too large for one notification, in order (read from the table)', async () => {
      const owner = await signedInUser(t, 'owner');
      const stream = await open(owner.cookie);
      const agent = await createAgent(t.database.db);
      const many = Array.from({ length: 60 }, (_, n) => ({
        type: 'claim.updated' as const,
        agentId: agent.id,
        public: { claimId: 1_000_000 + n, agentId: agent.id, agentName: agent.name, tierId: 1, tierName: 'Starter' },
        private: { rewardTitle: `Reward ${n} ${'x'.repeat(100)}`, status: 'processed' },
      }));
      await t.database.db.transaction((tx) => appendEvents(tx, many));
      await addIncome(t.database.db, agent, '3.00');
      await stream.next(isType('entry.created', agent.id));
      const claims = stream.messages.filter(isType('claim.updated', agent.id));
      expect(claims.map((m) => m.data.claimId)).toEqual(many.map((event) => event.public.claimId));
      const ids = claims.map((m) => m.id!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('replays what was missed after Last-Event-ID (header or query), in order, then continues live', async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await signedInAgent(t);
      const first = await addIncome(t.database.db, agent, '10.00');
      await sequenceAll(t.database.db);
      const [mark] = await queryRows<{ id: number }>(t.database.db, sql`select max(id)::float8 as id from events`);
      await addIncome(t.database.db, agent, '20.00');
      await addIncome(t.database.db, agent, '-5.00');
      expect(first.id).toBeGreaterThan(0);

      const missed = ['20.00', '-5.00'];
      for (const [how, next] of [['header', '7.00'], ['query', '8.00']] as const) {
        const stream =
          how === 'header' ? await open(agent.cookie, { lastEventId: mark!.id }) : await open(agent.cookie, { query: `?lastEventId=${mark!.id}` });
        const replayed = await stream.next(isType('leaderboard.changed'));
        const entries = stream.messages.filter(isType('entry.created'));
        expect(entries.map((m) => m.data.amount)).toEqual(missed);
        expect(entries[0]!.id).toBeGreaterThan(mark!.id);
        for (let i = 1; i < entries.length; i++) expect(entries[i]!.id).toBeGreaterThan(entries[i - 1]!.id!);
        expect(replayed.id).toBe(entries.at(-1)!.id);
        await addIncome(t.database.db, agent, next);
        expect((await stream.next((m) => m.type === 'entry.created' && m.data.amount === next)).id).toBeGreaterThan(entries.at(-1)!.id!);
        missed.push(next);
        stream.close();
      }
      // The owner's replay holds the same entries, and its own id order.
      const ownerStream = await open(owner.cookie, { lastEventId: mark!.id });
      await ownerStream.next((m) => m.type === 'entry.created' && m.data.amount === '7.00' && m.data.agentId === agent.id);
    });

    it('answers every read with the newest event before it (x-event-cursor): a stream opened from it misses nothing', async () => {
      const owner = await signedInUser(t, 'owner');
      const agent = await signedInAgent(t);
      const watcher = await open(owner.cookie);
      await addIncome(t.database.db, agent, '12.00');
      // Once the hub has fanned the entry out, a read taken after it names it or a newer event.
      const seen = await watcher.next((m) => m.type === 'entry.created' && m.data.amount === '12.00');
      const cursorOf = async (path: string, cookie: string) => {
        const res = await fetch(`${base}${path}`, { headers: { cookie } });
        expect(res.status).toBe(200);
        const value = res.headers.get(EVENT_CURSOR_HEADER);
        expect(value).toMatch(/^\d+$/);
        return Number(value);
      };
      const dashboardCursor = await cursorOf('/api/owner/dashboard', owner.cookie);
      expect(dashboardCursor).toBeGreaterThanOrEqual(seen.id!);
      const readCursor = await cursorOf('/api/agent-tier-data', agent.cookie);
      expect(readCursor).toBeGreaterThanOrEqual(dashboardCursor);

      // An entry after the read, before the stream opens: the stream opened from the read's cursor replays it.
      await addIncome(t.database.db, agent, '13.00');
      const late = await open(agent.cookie, { lastEventId: readCursor });
      await late.next((m) => m.type === 'entry.created' && m.data.amount === '13.00');
      expect(late.messages.filter((m) => m.type === 'entry.created' && m.data.amount === '12.00')).toEqual([]);

      // Refusals and writes carry none.
      const refused = await fetch(`${base}/api/owner/dashboard`, { headers: { cookie: agent.cookie } });
      expect(refused.status).toBe(403);
      expect(refused.headers.get(EVENT_CURSOR_HEADER)).toBeNull();
      const written = await postEntry(owner.cookie, agent.id, '1.00');
      expect(written.status).toBe(201);
      expect(written.headers.get(EVENT_CURSOR_HEADER)).toBeNull();
    });

    it('sends stream.reset when the events after Last-Event-ID are no longer kept, or the id was never given', async () => {
      const agent = await signedInAgent(t);
      const future = await open(agent.cookie, { lastEventId: 999_999_999 });
      await future.next(isType('stream.reset'));

      await addIncome(t.database.db, agent, '1.00');
      await sequenceAll(t.database.db);
      const [old] = await queryRows<{ id: number }>(t.database.db, sql`select max(id)::float8 as id from events`);
      await addIncome(t.database.db, agent, '2.00');
      // Everything so far (placed first) is older than a moment from now: pruned.
      await sequenceAll(t.database.db);
      expect(await pruneEvents(t.database.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
      const stale = await open(agent.cookie, { lastEventId: old!.id - 1 });
      await stale.next(isType('stream.reset'));
      await addIncome(t.database.db, agent, '3.00');
      await stale.next((m) => m.type === 'entry.created' && m.data.amount === '3.00');
      expect(stale.messages.filter((m) => m.type === 'entry.created').map((m) => m.data.amount)).toEqual(['3.00']);
    });

    it('keeps events for 48 hours: the maintenance pass prunes older ones and keeps the rest', async () => {
      const agent = await signedInAgent(t);
      await addIncome(t.database.db, agent, '4.00');
      await sequenceAll(t.database.db);
      const [old] = await queryRows<{ id: number }>(t.database.db, sql`select max(id)::float8 as id from events`);
      await t.database.db.execute(sql`update events set created_at = now() - interval '49 hours' where id <= ${old!.id}`);
      await addIncome(t.database.db, agent, '5.00');
      await sequenceAll(t.database.db);
      const { eventsPruned } = await runMaintenance({ db: t.database.db, config: t.config, now: () => new Date() } as AppContext);
      expect(eventsPruned).toBeGreaterThan(0);
      const left = await storedEvents(t);
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((event) => event.id > old!.id)).toBe(true);
    });

    it('sends a comment line as a heartbeat while nothing happens', async () => {
      const agent = await signedInAgent(t);
      const stream = await open(agent.cookie);
      await expect.poll(() => stream.comments, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    });

    it('ends a stream when its session ends: sign-out, the account deleted', async () => {
      const agent = await signedInAgent(t);
      const stream = await open(agent.cookie);
      const signOut = await fetch(`${base}/api/agents/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: agent.cookie },
        body: '{}',
      });
      expect(signOut.status).toBe(204);
      await stream.ended;

      const manager = await signedInUser(t, 'manager');
      const managerStream = await open(manager.cookie);
      await t.database.db.execute(sql`delete from users where id = ${manager.id}`);
      await managerStream.ended;
    });

    it('allows 10 open streams per person: the 11th is a 429 until one closes', async () => {
      const agent = await signedInAgent(t);
      const streams = await Promise.all(Array.from({ length: 10 }, () => open(agent.cookie)));
      expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
      const eleventh = await open(agent.cookie);
      expect(eleventh.status).toBe(429);
      expect(eleventh.refusal).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'At most 10 live-update connections can be open for one account or TV link; close another tab or screen',
      });
      streams[0]!.close();
      await expect.poll(async () => {
        const again = await open(agent.cookie);
        again.close();
        return again.status;
      }).toBe(200);
      for (const stream of streams) stream.close();
    });
  });

  describe(`event streams at their limits [${engine}]`, () => {
    it('refuses streams beyond MAX_STREAMS with a 429, and closes every stream cleanly when the app shuts down', async () => {
      const t = await startTestApp(engine, { env: { MAX_STREAMS: '3' }, eventHub: FAST_HUB });
      try {
        const base = await listening(t);
        const cookies = await Promise.all([1, 2, 3, 4].map(async () => (await signedInAgent(t)).cookie));
        const streams = await Promise.all(cookies.slice(0, 3).map((cookie) => openEventStream(`${base}/api/events`, { cookie })));
        expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
        const fourth = await openEventStream(`${base}/api/events`, { cookie: cookies[3]! });
        expect(fourth.status).toBe(429);
        expect(fourth.refusal?.message).toBe('The server has as many live-update connections open as it allows; try again shortly');
        await t.app.close();
        await Promise.all(streams.map((s) => s.ended));
      } finally {
        await t.close().catch(() => undefined);
      }
    });
  });
}
