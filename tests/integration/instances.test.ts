// Several app instances (docs/product.md §15, operating promises): on PostgreSQL, two server processes on one database serve
// the same users and keep no state the other needs. On the embedded database a second instance is refused by design.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentPage } from '../../contract/agents';
import { lockDataDir } from '../../server/db/data-dir-lock';
import { killStartedProcesses, runToExit, startAppProcess, type AppProcess } from '../support/app-process';
import { openEventStream, type StreamMessage } from '../support/event-stream';
import { overFetch, signIn, signInOverHttp } from '../support/sign-in';
import { adminPool, databaseUrl, postgresTestUrl } from '../support/postgres-admin';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-instances-'));
const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };

afterAll(() => {
  killStartedProcesses();
  rmSync(root, { recursive: true, force: true });
});

describe('a second instance on the embedded database', () => {
  it('is refused while another process holds the data directory, naming it and the holder', async () => {
    const dataDir = path.join(root, 'embedded');
    const release = await lockDataDir(dataDir);
    try {
      const second = await runToExit(['server/main.ts'], { DATA_DIR: dataDir, ...OWNER });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The data directory ${dataDir} is in use by another process (pid ${process.pid})`);
      expect(second.output).toContain('Two processes on one embedded database corrupt it.');
    } finally {
      release();
    }
  }, 30_000);
});

const postgres = postgresTestUrl();
if (postgres) {
  describe('two instances on one PostgreSQL database', () => {
    const name = `tt_instances_${process.pid}_${Date.now().toString(36)}`;
    // Default sign-in limits (not the test ones): 10 attempts a minute per address and sign-in route.
    const env = { DATABASE_URL: databaseUrl(postgres, name), NODE_ENV: 'development', ...OWNER };

    afterAll(async () => {
      killStartedProcesses();
      const admin = adminPool(postgres);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    const get = (app: AppProcess, route: string, cookie?: string) => fetch(`${app.url}${route}`, { headers: cookie ? { cookie } : {} });
    const send = (app: AppProcess, method: string, route: string, body: unknown, cookie?: string) =>
      fetch(`${app.url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });

    it('start together on a new database, share sessions, writes and rate limits, and survive each other', async () => {
      const admin = adminPool(postgres);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();

      // Both migrate and bootstrap the same empty database at once.
      const started = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      let a = started[0];
      const b = started[1];

      // An owner session started on one instance works on the other.
      const owner = await signInOverHttp(a.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      expect((await get(b, '/api/auth/user', owner)).status).toBe(200);

      // An agent registered on one signs in on the other, and that session holds on the first.
      const registered = await send(b, 'POST', '/api/agents/register', {
        email: 'pat@example.test',
        password: 'long enough',
        firstName: 'Pat',
        lastName: 'Example',
        position: 'Sales Agent',
      });
      expect(registered.status).toBe(202);
      const signedIn = await signIn(overFetch(a.url), 'agent', { email: 'pat@example.test', password: 'long enough' });
      const agentCookie = signedIn.cookie;
      const agentId = (signedIn.body as { agent: { id: number } }).agent.id;
      expect((await get(b, '/api/agents/session', agentCookie)).status).toBe(200);

      // A write on one is read on the other, by the owner and by the agent, and reaches the live streams open on
      // both at once: each instance listens to the database, not to the other.
      const ownerOnB = await openEventStream(`${b.url}/api/events`, { cookie: owner });
      const agentOnA = await openEventStream(`${a.url}/api/events`, { cookie: agentCookie });
      expect((await send(a, 'POST', '/api/income-entries', { agentId, amount: '12500.00' }, owner)).status).toBe(201);
      const entryEvent = (message: StreamMessage) => message.type === 'entry.created' && message.data.agentId === agentId;
      expect((await ownerOnB.next(entryEvent, 2000)).data).toMatchObject({ amount: '12500.00', newTotal: '12500.00' });
      expect((await agentOnA.next(entryEvent, 2000)).data).toMatchObject({ amount: '12500.00', newTotal: '12500.00' });
      const { agents } = agentPage.parse(await (await get(b, '/api/agents', owner)).json());
      expect(agents.find((row) => row.id === agentId)).toMatchObject({ totalIncome: '12500.00', monthlyIncome: '12500.00', totalEntries: 1 });
      const tierData = (await (await get(b, '/api/agent-tier-data', agentCookie)).json()) as { agent: { totalIncome: string } };
      expect(tierData.agent.totalIncome).toBe('12500.00');
      expect((await send(b, 'PATCH', '/api/tier-settings/1', { rewards: 'Set on instance B' }, owner)).status).toBe(200);
      const tiers = (await (await get(a, '/api/tier-settings')).json()) as { rewards: string }[];
      expect(tiers[0]!.rewards).toBe('Set on instance B');

      // Signing out on one ends the session on both.
      expect((await send(a, 'POST', '/api/agents/logout', {}, agentCookie)).status).toBe(204);
      expect((await get(b, '/api/agents/session', agentCookie)).status).toBe(401);
      await agentOnA.ended;

      // Sign-in attempts are counted in the database, whichever instance gets them: 10 a minute from one address on
      // a sign-in route (the owner's sign-in above was the first), then 429 even for the right password...
      for (let i = 0; i < 9; i++) {
        const res = await send(i % 2 === 0 ? a : b, 'POST', '/api/auth/login', { email: `probe-${i}@example.test`, password: `wrong ${i}` });
        expect(res.status).toBe(401);
      }
      expect((await send(a, 'POST', '/api/auth/login', { email: OWNER.OWNER_EMAIL, password: OWNER.OWNER_PASSWORD })).status).toBe(429);
      expect((await send(b, 'POST', '/api/auth/login', { email: OWNER.OWNER_EMAIL, password: OWNER.OWNER_PASSWORD })).status).toBe(429);
      // ...except from the owner's known device (decision 0012): both instances check its cookie with the secret
      // they share in the database.
      const ownerDevice = owner.split('; ').filter((pair) => pair.startsWith('device=')).join('; ');
      expect(ownerDevice).not.toBe('');
      expect((await send(b, 'POST', '/api/auth/login', { email: OWNER.OWNER_EMAIL, password: OWNER.OWNER_PASSWORD }, ownerDevice)).status).toBe(200);

      // One instance dies; the other keeps serving the same session, and a new one picks it up.
      a.child.kill('SIGKILL');
      await a.exited;
      expect((await get(b, '/api/auth/user', owner)).status).toBe(200);
      a = await startAppProcess(env);
      expect((await get(a, '/api/auth/user', owner)).status).toBe(200);
      expect((await send(a, 'POST', '/api/income-entries', { agentId, amount: '-500.00' }, owner)).status).toBe(201);
      const { agents: after } = agentPage.parse(await (await get(b, '/api/agents', owner)).json());
      expect(after.find((row) => row.id === agentId)!.totalIncome).toBe('12000.00');

      // The owner's stream on B saw the entry written through the restarted A; stopping B ends it cleanly.
      expect((await ownerOnB.next((m) => entryEvent(m) && m.data.amount === '-500.00', 2000)).data.newTotal).toBe('12000.00');
      for (const app of [a, b]) {
        app.child.kill('SIGTERM');
        expect(await app.exited).toBe(0);
      }
      await ownerOnB.ended;
    }, 60_000);
  });

  describe('goals on two instances on one PostgreSQL database', () => {
    const name = `tt_goals_${process.pid}_${Date.now().toString(36)}`;
    // Both instances run their notifier (and its goal watcher) as in production.
    const env = { DATABASE_URL: databaseUrl(postgres, name), NODE_ENV: 'development', ...OWNER };

    afterAll(async () => {
      killStartedProcesses();
      const admin = adminPool(postgres);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    const get = (app: AppProcess, route: string, cookie: string) => fetch(`${app.url}${route}`, { headers: { cookie } });
    const send = (app: AppProcess, method: string, route: string, body: unknown, cookie: string) =>
      fetch(`${app.url}${route}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    /** Waits until `read` gives what `done` wants (the notifiers poll every 2 s), or fails after `ms`. */
    async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it('reads the same progress on both, and tells each mark once although both watch the goals', async () => {
      const admin = adminPool(postgres);
      await admin.query(`CREATE DATABASE ${name}`);
      const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      const owner = await signInOverHttp(a.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      expect((await send(a, 'POST', '/api/metrics', { key: 'calls', name: 'Calls', unit: 'count' }, owner)).status).toBe(201);
      const made = await send(b, 'POST', '/api/agents', { name: 'Goal Getter', email: 'goals@example.test', position: 'Sales Agent', password: 'long enough' }, owner);
      expect(made.status).toBe(201);
      const agentId = ((await made.json()) as { id: number }).id;
      const agentCookie = (await signIn(overFetch(b.url), 'agent', { email: 'goals@example.test', password: 'long enough' })).cookie;
      const goal = await send(b, 'POST', '/api/goals', { agentId, metric: 'calls', period: 'week', target: 10 }, owner);
      expect(goal.status).toBe(201);
      const stream = await openEventStream(`${a.url}/api/events`, { cookie: agentCookie });

      // 6 of 10, written on both: the agent hears of 50% once.
      for (const [app, value] of [[a, 3], [b, 3]] as const) expect((await send(app, 'POST', '/api/activities', { agentId, metric: 'calls', value }, owner)).status).toBe(201);
      const titles = async () => ((await (await get(b, '/api/notifications', agentCookie)).json()) as { notifications: { kind: string; title: string }[] }).notifications.filter((n) => n.kind === 'goal_progress').map((n) => n.title);
      expect(await until(titles, (list) => list.length > 0)).toEqual(['You are at 50% of your weekly Calls goal']);
      // 11 of 10: 90% and 100% passed at once, told once as reached; the agent's stream on A hears of it.
      expect((await send(b, 'POST', '/api/activities', { agentId, metric: 'calls', value: 5 }, owner)).status).toBe(201);
      expect((await stream.next((m) => m.type === 'goal.reached' && m.data.threshold === 100, 20_000)).data).toMatchObject({ actual: 11, target: 10, agentId });
      expect(await until(titles, (list) => list.length > 1)).toEqual(['You reached your weekly Calls goal!', 'You are at 50% of your weekly Calls goal']);

      // Both watchers are past every event: each mark was recorded and told once.
      const db = adminPool(databaseUrl(postgres, name));
      await until(
        async () => (await db.query<{ behind: boolean }>(`SELECT (SELECT value::bigint FROM app_meta WHERE key = 'goals_watched_through') < (SELECT max(id) FROM events WHERE type = 'activity.created') AS behind`)).rows[0]!.behind,
        (behind) => behind === false,
      );
      expect((await db.query(`SELECT threshold FROM goal_marks ORDER BY threshold`)).rows).toEqual([{ threshold: 50 }, { threshold: 90 }, { threshold: 100 }]);
      expect((await db.query(`SELECT public_data->>'threshold' AS threshold FROM events WHERE type = 'goal.reached' ORDER BY id`)).rows).toEqual([{ threshold: '50' }, { threshold: '100' }]);
      await db.end();
      await admin.end();

      const progress = async (app: AppProcess) => ((await (await get(app, '/api/goals', agentCookie)).json()) as { goals: { progress: { actual: number; percent: number } }[] }).goals[0]!.progress;
      expect(await progress(a)).toEqual(await progress(b));
      expect(await progress(a)).toMatchObject({ actual: 11, percent: 110 });
      stream.close();
      for (const app of [a, b]) {
        app.child.kill('SIGTERM');
        expect(await app.exited).toBe(0);
      }
    }, 90_000);
  });

  describe('contests and badges on two instances on one PostgreSQL database', () => {
    const name = `tt_contests_${process.pid}_${Date.now().toString(36)}`;
    // Both instances run their notifier (and its contest and badge watchers) as in production; results freeze as soon
    // as a contest is over.
    const env = { DATABASE_URL: databaseUrl(postgres, name), NODE_ENV: 'development', CONTEST_GRACE_HOURS: '0', ...OWNER };

    afterAll(async () => {
      killStartedProcesses();
      const admin = adminPool(postgres);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    const get = (app: AppProcess, route: string, cookie: string) => fetch(`${app.url}${route}`, { headers: { cookie } });
    const send = (app: AppProcess, method: string, route: string, body: unknown, cookie: string) =>
      fetch(`${app.url}${route}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    /** Waits until `read` gives what `done` wants (the watchers run within a second of an entry), or fails after `ms`. */
    async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (Date.now() > deadline) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it('starts a contest once, names one race winner, reads the same standings on both, finalises once, and awards each prize and badge once', async () => {
      const admin = adminPool(postgres);
      await admin.query(`CREATE DATABASE ${name}`);
      const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      const owner = await signInOverHttp(a.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      expect((await send(a, 'POST', '/api/metrics', { key: 'calls', name: 'Calls', unit: 'count' }, owner)).status).toBe(201);
      expect((await send(b, 'POST', '/api/badges', { kind: 'first_entry', name: 'First sale' }, owner)).status).toBe(201);
      const ids: number[] = [];
      for (const [who, app] of [['ann', a], ['bob', b]] as const) {
        const made = await send(app, 'POST', '/api/agents', { name: `${who} Racer`, email: `${who}@example.test`, position: 'Sales Agent', password: 'long enough' }, owner);
        expect(made.status).toBe(201);
        ids.push(((await made.json()) as { id: number }).id);
      }
      const [ann, bob] = ids as [number, number];
      // The organisation's today: the UTC day before, of or after, whichever a published contest may start on.
      let contestId = 0;
      for (const offset of [-1, 0, 1]) {
        const day = (shift: number) => new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10);
        const res = await send(a, 'POST', '/api/contests', { name: 'Race of two', metric: 'calls', startsAt: day(offset), endsAt: day(offset + 2), format: 'race', target: 10, participants: { kind: 'agents', ids } }, owner);
        if (res.status === 201 && ((await res.clone().json()) as { state: string }).state === 'running') {
          contestId = ((await res.json()) as { id: number }).id;
          break;
        }
      }
      expect(contestId).toBeGreaterThan(0);
      // Written on both instances, one after another.
      for (const [app, agentId, value] of [
        [a, ann, 4],
        [b, bob, 6],
        [a, ann, 7],
        [b, bob, 9],
      ] as const) {
        const res = await send(app, 'POST', '/api/activities', { agentId, metric: 'calls', value }, owner);
        expect(res.status, await res.clone().text()).toBe(201);
      }
      // A first sale each, on both instances, twice over: one badge each.
      for (const [app, agentId] of [[a, ann], [b, bob], [b, ann], [a, bob]] as const) {
        expect((await send(app, 'POST', '/api/income-entries', { agentId, amount: '100.00' }, owner)).status).toBe(201);
      }
      const db = adminPool(databaseUrl(postgres, name));
      // Ann reached 11 first (her entry committed before Bob's 15): one winner, recorded once, the same on both.
      const winner = await until(async () => (await db.query<{ race_winner_id: number | null }>(`SELECT race_winner_id FROM contests WHERE id = $1`, [contestId])).rows[0]!.race_winner_id, (id) => id !== null).catch((error: unknown) => {
        throw new Error(`${String(error)}\nA:\n${a.output().slice(-4000)}\nB:\n${b.output().slice(-4000)}`);
      });
      expect(winner).toBe(ann);
      const standings = async (app: AppProcess) => ((await (await get(app, `/api/contests/${contestId}/standings`, owner)).json()) as { raceWinner: string | null; standings: { name: string; value: number; rank: number }[] });
      expect(await standings(a)).toEqual(await standings(b));
      expect((await standings(a)).raceWinner).toBe('ann Racer');
      await until(
        async () => (await db.query<{ behind: boolean }>(`SELECT (SELECT value::bigint FROM app_meta WHERE key = 'contests_watched_through') < (SELECT max(id) FROM events WHERE type = 'activity.created') AS behind`)).rows[0]!.behind,
        (behind) => behind === false,
      );
      expect((await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'contest.started'`)).rows).toEqual([{ n: 1 }]);
      expect((await db.query(`SELECT public_data->>'raceWonBy' AS by FROM events WHERE type = 'contest.standings' AND public_data->>'raceWonBy' IS NOT NULL`)).rows).toEqual([{ by: 'ann Racer' }]);
      await until(
        async () => (await db.query<{ behind: boolean }>(`SELECT (SELECT value::bigint FROM app_meta WHERE key = 'badges_watched_through') < (SELECT max(id) FROM events WHERE type = 'entry.created') AS behind`)).rows[0]!.behind,
        (behind) => behind === false,
      );
      expect((await db.query(`SELECT agent_id FROM agent_badges ORDER BY agent_id`)).rows).toEqual([{ agent_id: ann }, { agent_id: bob }]);
      expect((await db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'badge.awarded'`)).rows).toEqual([{ n: 2 }]);

      // A contest over and past its grace period (none here) is finalised once although both instances watch it: one
      // set of results, one audit row, each prize and each podium badge once, one contest.final.
      expect((await send(a, 'POST', '/api/badges', { kind: 'contest_podium', name: 'On the podium' }, owner)).status).toBe(201);
      const day = (shift: number) => new Date(Date.now() + shift * 86_400_000).toISOString().slice(0, 10);
      const drafted = await send(
        b,
        'POST',
        '/api/contests',
        { name: 'Last week', metric: 'calls', startsAt: day(-10), endsAt: day(-8), format: 'total', participants: { kind: 'agents', ids }, prizes: [{ place: 1, text: 'Lunch' }, { place: 2, text: 'Coffee' }], draft: true },
        owner,
      );
      expect(drafted.status, await drafted.clone().text()).toBe(201);
      const pastId = ((await drafted.json()) as { id: number }).id;
      for (const [app, agentId, value] of [
        [a, ann, 5],
        [b, bob, 8],
      ] as const) {
        expect((await send(app, 'POST', '/api/activities', { agentId, metric: 'calls', value, date: `${day(-9)}T12:00:00Z` }, owner)).status).toBe(201);
      }
      // Published as it stood (the API publishes only from today on): over already, so both instances find it due.
      await db.query(`UPDATE contests SET published_at = now() WHERE id = $1`, [pastId]);
      await until(async () => (await db.query<{ at: Date | null }>(`SELECT finalised_at AS at FROM contests WHERE id = $1`, [pastId])).rows[0]!.at, (at) => at !== null);
      expect((await db.query(`SELECT agent_id, rank, value::text FROM contest_results WHERE contest_id = $1 ORDER BY rank`, [pastId])).rows).toEqual([
        { agent_id: bob, rank: 1, value: '8.00' },
        { agent_id: ann, rank: 2, value: '5.00' },
      ]);
      expect((await db.query(`SELECT place, agent_id, prize_text FROM contest_awards WHERE contest_id = $1 ORDER BY place`, [pastId])).rows).toEqual([
        { place: 1, agent_id: bob, prize_text: 'Lunch' },
        { place: 2, agent_id: ann, prize_text: 'Coffee' },
      ]);
      const told = async (type: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = $1 AND (public_data->>'contestId')::int = $2`, [type, pastId])).rows[0]!.n;
      expect(await told('contest.ended')).toBe(1);
      expect(await told('contest.final')).toBe(1);
      // The audit row passes through the inbox that orders the log: counted in both.
      const finalisedAudit = async () =>
        (await db.query<{ n: number }>(`SELECT (SELECT count(*) FROM audit_log WHERE action = 'contest.finalised') + (SELECT count(*) FROM audit_inbox WHERE action = 'contest.finalised') AS n`)).rows[0]!.n;
      expect(Number(await finalisedAudit())).toBe(1);
      const podium = async () => (await db.query<{ agent_id: number }>(`SELECT ab.agent_id FROM agent_badges ab JOIN badge_rules r ON r.id = ab.rule_id WHERE r.kind = 'contest_podium' ORDER BY ab.agent_id`)).rows;
      expect(await until(podium, (rows) => rows.length >= 2)).toEqual([{ agent_id: ann }, { agent_id: bob }]);
      await db.end();
      await admin.end();
      for (const app of [a, b]) {
        app.child.kill('SIGTERM');
        expect(await app.exited).toBe(0);
      }
    }, 120_000);
  });
}

if (postgres) {
  describe('connectors on two instances on one PostgreSQL database', () => {
    const name = `tt_connectors_${process.pid}_${Date.now().toString(36)}`;
    const env = { DATABASE_URL: databaseUrl(postgres, name), NODE_ENV: 'development', ...OWNER };

    afterAll(async () => {
      killStartedProcesses();
      const admin = adminPool(postgres);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    const send = (app: AppProcess, method: string, route: string, body: unknown, cookie: string) =>
      fetch(`${app.url}${route}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

    it('records a deal delivered to both instances at once exactly once, and its changes once each', async () => {
      const admin = adminPool(postgres);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      const owner = await signInOverHttp(a.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      const agent = await send(a, 'POST', '/api/agents', { name: 'Dee Dealer', email: 'dee@example.test', position: 'Sales Agent', password: 'long enough' }, owner);
      expect(agent.status).toBe(201);
      const made = await send(b, 'POST', '/api/connectors', { provider: 'generic', name: 'Twin CRM', mapping: { agentBy: 'email' } }, owner);
      expect(made.status).toBe(201);
      const { id, secret } = (await made.json()) as { id: number; secret: string };
      const deliver = (app: AppProcess, deal: Record<string, unknown>) => {
        const body = JSON.stringify(deal);
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
        return fetch(`${app.url}/api/connectors/${id}/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'tiertrack-signature': `t=${t},v1=${v1}` }, body });
      };
      const won = { amount: '800.00', won: true, owner: { email: 'dee@example.test' }, occurredAt: '2026-11-20T10:00:00Z' };
      // Ten deals, each sent five times to each instance at once: the CRM retrying, and a load balancer spreading it.
      const sends = Array.from({ length: 10 }, (_, n) => Array.from({ length: 5 }, () => [deliver(a, { id: `T-${n}`, ...won }), deliver(b, { id: `T-${n}`, ...won })]).flat()).flat();
      expect(new Set((await Promise.all(sends)).map((res) => res.status))).toEqual(new Set([202]));
      // Then one deal changes twice, the newer change sent to one instance, the older to the other, at once.
      await Promise.all([deliver(a, { id: 'T-0', ...won, amount: '950.00', occurredAt: '2026-11-21T10:00:00Z' }), deliver(b, { id: 'T-0', ...won, amount: '900.00', occurredAt: '2026-11-20T12:00:00Z' })]);

      const db = adminPool(databaseUrl(postgres, name));
      try {
        const deadline = Date.now() + 60_000;
        while ((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM connector_deliveries WHERE status = 'pending'`)).rows[0]!.n > 0) {
          if (Date.now() > deadline) throw new Error(`deliveries still pending\nA:\n${a.output().slice(-3000)}\nB:\n${b.output().slice(-3000)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const standing = await db.query<{ external_id: string; amount: string }>(
          `SELECT external_id, amount::text AS amount FROM income_entries WHERE external_id LIKE 'generic:T-%' AND voided_at IS NULL ORDER BY external_id`,
        );
        // T-0 ends at its newest amount (recorded a second time, after one void, whichever instance applied what);
        // the others once each.
        expect(standing.rows).toEqual([
          { external_id: expect.stringMatching(/^generic:T-0(:\d+)?$/), amount: '950.00' },
          ...Array.from({ length: 9 }, (_, n) => ({ external_id: `generic:T-${n + 1}`, amount: '800.00' })),
        ]);
        const all = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM income_entries WHERE external_id LIKE 'generic:T-%'`);
        // Nine deals once; T-0 recorded at most three times (800, then 900 and/or 950), each earlier one voided.
        expect(all.rows[0]!.n).toBeGreaterThanOrEqual(11);
        expect(all.rows[0]!.n).toBeLessThanOrEqual(12);
        expect((await db.query(`SELECT total_income::text AS total FROM agents WHERE email = 'dee@example.test'`)).rows).toEqual([{ total: String(9 * 800 + 950) + '.00' }]);
      } finally {
        await db.end();
      }
    }, 120_000);
  });
}
