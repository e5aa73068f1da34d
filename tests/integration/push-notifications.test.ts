// Push notifications (docs/product.md §12.21, docs/decisions/0092) against a push service started here
// (tests/support/push-service.ts): it checks each request's VAPID signature against the app's key and decrypts its
// aes128gcm body with the keys of a subscription the test made as a browser does. Subscriptions are validated and
// each person's own; a claim shipped and a goal reached reach the agent's device; a kind switched off is not pushed;
// quiet hours hold pushes and release the unread ones as one; 404/410 remove the device; a 500 is tried again; two
// instances never send one push twice.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { queryRows, type Database } from '../../server/db/client';
import { vapidKeys } from '../../server/db/queries/push-keys';
import { savePushSubscription } from '../../server/db/queries/push-subscriptions';
import { createAgent, createUser, SESSIONS_OUTLIVE_CLOCK, signInAgent, signInUser } from '../factories/accounts';
import { createPendingClaim, createRewardOption } from '../factories/rewards';
import { decryptPush, encryptForTest, PushService, type TestSubscription } from '../support/push-service';
import { testConfig } from '../support/test-app';
import { openTestDatabase, testEngines } from '../support/test-database';
import { until } from '../support/until';
import type { FastifyInstance } from 'fastify';
import { createECDH } from 'node:crypto';

/** The most recent Wednesday before today, at `time` UTC: a working day under the default calendar. */
function lastWednesdayAt(time: string): number {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - 1);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() - 1);
  return Date.parse(`${day.toISOString().slice(0, 10)}T${time}Z`);
}

describe('the test push service', () => {
  it('decrypts what it encrypts for a subscription, and refuses a body altered by one bit', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const body = encryptForTest(Buffer.from('{"title":"Hi"}'), { publicKey: ecdh.getPublicKey(), auth });
    expect(decryptPush(body, { ecdh, auth }).toString()).toBe('{"title":"Hi"}');
    body[body.length - 1]! ^= 1;
    expect(() => decryptPush(body, { ecdh, auth })).toThrow();
  });
});

for (const engine of testEngines()) {
  describe(`push notifications [${engine}]`, () => {
    const push = new PushService();
    let database: Database;
    let app: FastifyInstance;
    let twin: FastifyInstance | undefined;
    /** The app's clock runs with the real one (retries fall due), from an instant the test sets. */
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const setClock = (at: number) => (offset = at - Date.now());
    let owner: { cookie: string };

    const start = () =>
      createApp({
        database,
        // The push service here (loopback, http) and hosts under push.test; no other host is posted to.
        config: testConfig({ PUBLIC_URL: 'http://tiertrack.test', PUSH_SERVICE_HOSTS: '127.0.0.1,*.push.test' }),
        webRoot: null,
        demo: false,
        now,
        notifierPollMs: 100,
        pushWorker: { retryBaseMs: 50 },
      });

    beforeAll(async () => {
      await push.start();
      database = await openTestDatabase(engine);
      setClock(lastWednesdayAt('10:00:00'));
      app = await start();
      await app.ready();
      const user = await createUser(database.db, { role: 'owner' });
      owner = await signInUser(database.db, user, SESSIONS_OUTLIVE_CLOCK);
    });
    afterAll(async () => {
      await twin?.close();
      await app?.close();
      await database?.close();
      await push.stop();
    });

    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown, on = app) =>
      on.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

    async function agentWithDevice(): Promise<{ id: number; cookie: string; device: TestSubscription }> {
      const agent = await createAgent(database.db);
      const { cookie } = await signInAgent(database.db, agent, SESSIONS_OUTLIVE_CLOCK);
      const device = push.subscribe();
      const saved = await call('POST', '/api/push-subscriptions', cookie, device.json);
      expect(saved.statusCode, saved.body).toBe(201);
      return { id: agent.id, cookie, device };
    }

    const record = (agentId: number, amount: string) => call('POST', '/api/income-entries', owner.cookie, { agentId, amount });
    const subscriptionRows = (endpoint: string) =>
      queryRows<{ agent_id: number | null; user_id: number | null }>(database.db, sql`select agent_id, user_id from push_subscriptions where endpoint = ${endpoint}`);
    const outbox = (device: TestSubscription) =>
      queryRows<{ status: string; attempts: number; title: string }>(
        database.db,
        sql`select o.status, o.attempts, o.title from push_outbox o join push_subscriptions s on s.id = o.subscription_id where s.endpoint = ${device.json.endpoint} order by o.id`,
      );
    const arrived = (device: TestSubscription, count: number) =>
      until(`${count} pushes to the device`, async () => (push.receivedBy(device).length >= count ? push.receivedBy(device) : undefined));

    it('gives the app’s VAPID public key to people signed in, and the same key signs every push', async () => {
      const agent = await agentWithDevice();
      const key = await call('GET', '/api/push-subscriptions/key', agent.cookie);
      expect(key.statusCode).toBe(200);
      const { publicKey } = key.json() as { publicKey: string };
      expect(publicKey).toBe((await vapidKeys(database.db)).publicKey);
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect((await app.inject({ method: 'GET', url: '/api/push-subscriptions/key' })).statusCode).toBe(401);
      // The private half is never in an answer.
      expect(key.body).not.toContain((await vapidKeys(database.db)).privateKey);
    });

    it('refuses a subscription that is not a browser’s with a clear message and keeps nothing', async () => {
      const agent = await createAgent(database.db);
      const { cookie } = await signInAgent(database.db, agent, SESSIONS_OUTLIVE_CLOCK);
      const good = push.subscribe().json;
      const cases: [unknown, RegExp][] = [
        [{ ...good, endpoint: 'http://push.example.com/x' }, /endpoint must be an https URL \(http only on this machine/],
        [{ ...good, endpoint: 'not a url' }, /endpoint must be the push service’s https URL/],
        [{ ...good, endpoint: 'https://user:pw@push.example.com/x' }, /must not carry a user name or password/],
        [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, /keys\.p256dh must be a P-256 public key: 65 bytes in base64url/],
        [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, /keys\.p256dh is not a P-256 public key/],
        [{ ...good, keys: { ...good.keys, auth: 'short' } }, /keys\.auth must be the 16-byte auth secret in base64url/],
        [{ endpoint: good.endpoint }, /keys/],
        [{ ...good, extra: 1 }, /A PushSubscription has no field extra/],
        [[], /Send the browser’s PushSubscription/],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/push-subscriptions', cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect((res.json() as { message: string; code: string }).code).toBe('VALIDATION_FAILED');
        expect(res.body).toMatch(message);
      }
      const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from push_subscriptions where agent_id = ${agent.id}`);
      expect(count!.n).toBe(0);
      // http is accepted on loopback when PUSH_SERVICE_HOSTS names it (a push service on this machine), https on an allowed host.
      expect((await call('POST', '/api/push-subscriptions', cookie, good)).statusCode).toBe(201);
      expect((await call('POST', '/api/push-subscriptions', cookie, { ...good, endpoint: `https://eu.push.test/${randomBytes(6).toString('hex')}` })).statusCode).toBe(201);
    });

    it('refuses an endpoint on a host that is not an allowed push service, and changes nothing', async () => {
      const agent = await agentWithDevice();
      // A device kept before PUSH_SERVICE_HOSTS changed (saved here as the route saved it then), on a host refused now.
      const earlier = { endpoint: `https://push.example.com/${randomBytes(6).toString('hex')}`, ...push.subscribe().json.keys };
      const other = await createAgent(database.db);
      await savePushSubscription(database.db, { kind: 'agent', id: other.id }, earlier, now());
      const everything = () => queryRows(database.db, sql`select id, agent_id, user_id, endpoint, p256dh, auth, created_at from push_subscriptions order by id`);
      const before = await everything();
      const keys = push.subscribe().json.keys;
      const port = new URL(push.origin).port;
      const cases: [string, RegExp][] = [
        ['https://internal.example.com/push', /internal\.example\.com is not a push service this server sends to/],
        ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is not a push service/],
        ['https://push.test/x', /push\.test is not a push service/],
        ['https://eu.push.test.evil.example/x', /eu\.push\.test\.evil\.example is not a push service/],
        ['https://eu.push.test:8443/x', /is reached on the https port/],
        [`http://localhost:${port}/push/x`, /localhost \(this machine\) is not a push service/],
        [`http://[::1]:${port}/push/x`, /\[::1\] \(this machine\) is not a push service/],
        [earlier.endpoint, /push\.example\.com is not a push service/],
      ];
      for (const [endpoint, message] of cases) {
        const res = await call('POST', '/api/push-subscriptions', agent.cookie, { endpoint, expirationTime: null, keys });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json(), endpoint).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/^endpoint must be a browser push service’s URL: /) });
        expect(res.body, endpoint).toMatch(message);
      }
      // No row added, and the earlier device is still the other agent's with its keys.
      expect(await everything()).toEqual(before);
    });

    it('posts nothing to a device whose host is no longer allowed, gives its pushes up and keeps the device', async () => {
      const agent = await createAgent(database.db);
      const { cookie } = await signInAgent(database.db, agent, SESSIONS_OUTLIVE_CLOCK);
      // The push service here under a name PUSH_SERVICE_HOSTS does not have (localhost): kept before the setting changed.
      const device = push.subscribe();
      const endpoint = device.json.endpoint.replace('127.0.0.1', 'localhost');
      await savePushSubscription(database.db, { kind: 'agent', id: agent.id }, { endpoint, ...device.json.keys }, now());
      expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
      const rows = () =>
        queryRows<{ status: string; last_error: string | null }>(
          database.db,
          sql`select o.status, o.last_error from push_outbox o join push_subscriptions s on s.id = o.subscription_id where s.endpoint = ${endpoint}`,
        );
      const [row] = await until('the push given up', async () => ((await rows())[0]?.status === 'failed' ? await rows() : undefined));
      expect(row!.last_error).toBe('not sent: localhost (this machine) is not a push service this server sends to (PUSH_SERVICE_HOSTS)');
      await app.pushes.idle();
      expect(push.attempts.get(device.id) ?? 0).toBe(0);
      expect(await subscriptionRows(endpoint)).toEqual([{ agent_id: agent.id, user_id: null }]);
      // Its person may still remove it.
      expect((await call('DELETE', '/api/push-subscriptions', cookie, { endpoint })).statusCode).toBe(204);
    });

    it('keeps each person’s devices their own: another cannot remove them; owners and managers subscribe too', async () => {
      const a = await agentWithDevice();
      const other = await createAgent(database.db);
      const { cookie: otherCookie } = await signInAgent(database.db, other, SESSIONS_OUTLIVE_CLOCK);
      const refused = await call('DELETE', '/api/push-subscriptions', otherCookie, { endpoint: a.device.json.endpoint });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'You have no push subscription with this endpoint', code: 'NOT_FOUND' });
      expect(await subscriptionRows(a.device.json.endpoint)).toEqual([{ agent_id: a.id, user_id: null }]);
      // A second subscribe of the same device by its owner keeps one row.
      expect((await call('POST', '/api/push-subscriptions', a.cookie, a.device.json)).statusCode).toBe(201);
      expect(await subscriptionRows(a.device.json.endpoint)).toHaveLength(1);
      expect((await call('DELETE', '/api/push-subscriptions', a.cookie, { endpoint: a.device.json.endpoint })).statusCode).toBe(204);
      expect(await subscriptionRows(a.device.json.endpoint)).toEqual([]);
      expect((await call('DELETE', '/api/push-subscriptions', a.cookie, { endpoint: a.device.json.endpoint })).statusCode).toBe(404);
      const manager = await createUser(database.db, { role: 'manager' });
      const { cookie } = await signInUser(database.db, manager, SESSIONS_OUTLIVE_CLOCK);
      const device = push.subscribe();
      expect((await call('POST', '/api/push-subscriptions', cookie, device.json)).statusCode).toBe(201);
      expect(await subscriptionRows(device.json.endpoint)).toEqual([{ agent_id: null, user_id: manager.id }]);
      // The same browser, then signed in as an agent who turns push on: the device is the agent's now.
      expect((await call('POST', '/api/push-subscriptions', otherCookie, device.json)).statusCode).toBe(201);
      expect(await subscriptionRows(device.json.endpoint)).toEqual([{ agent_id: other.id, user_id: null }]);
    });

    it('pushes a claim shipped and a goal reached to the agent’s device, encrypted for it and signed with the app’s key', async () => {
      const agent = await agentWithDevice();
      const { publicKey } = await vapidKeys(database.db);
      // A claim of the Starter reward, processed and then shipped.
      const [tier] = await queryRows<{ id: number }>(database.db, sql`select id from tier_settings where tier_order = 1`);
      const option = await createRewardOption(database.db, { tierId: tier!.id, title: 'Swag pack' });
      const claim = await createPendingClaim(database.db, { agentId: agent.id, tierId: tier!.id, rewardOptionId: option.id, rewardTitle: 'Swag pack' });
      expect((await call('PATCH', `/api/reward-claims/${claim.id}/process`, owner.cookie)).statusCode).toBe(200);
      await arrived(agent.device, 1);
      const shipped = await call('PATCH', `/api/reward-claims/${claim.id}`, owner.cookie, { status: 'shipped', note: 'Tracking 123' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const pushes = await arrived(agent.device, 2);
      expect(pushes[1]!.payload).toEqual({
        title: 'Your Starter reward has shipped',
        body: 'Your claim of “Swag pack” has shipped.',
        url: '/agents',
        tag: expect.stringMatching(/^tiertrack-claim_status-\d+$/),
      });
      expect(pushes[1]!.vapid.publicKey).toBe(publicKey);
      expect(pushes[1]!.vapid.claims).toMatchObject({ aud: push.origin, sub: 'mailto:tiertrack@tiertrack.test' });
      expect(pushes[1]!.headers.urgency).toBe('normal');

      // A monthly profit goal of $1,000, reached.
      const goal = await call('POST', '/api/goals', owner.cookie, { agentId: agent.id, metric: 'profit', period: 'month', target: '1000.00' });
      expect(goal.statusCode, goal.body).toBe(201);
      expect((await record(agent.id, '1200.00')).statusCode).toBe(201);
      const reached = await until('the goal reached push', async () => push.receivedBy(agent.device).find((p) => /goal/.test(p.payload.title)));
      expect(reached.payload).toMatchObject({ title: 'You reached your monthly Profit goal!', url: '/agent/dashboard', tag: expect.stringMatching(/^tiertrack-goal_progress-\d+$/) });
      expect(push.refused).toEqual([]);
    });

    it('pushes nothing of a kind the person switched push off for, and still shows it in the bell', async () => {
      const agent = await agentWithDevice();
      const off = await call('PUT', '/api/notification-preferences', agent.cookie, { preferences: [{ kind: 'tier_reached', inApp: true, email: true, push: false }] });
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as { preferences: { kind: string; push: boolean }[] }).preferences.find((p) => p.kind === 'tier_reached')).toMatchObject({ push: false });
      // Sent without push, a choice keeps push as it was.
      const again = await call('PUT', '/api/notification-preferences', agent.cookie, { preferences: [{ kind: 'tier_reached', inApp: true, email: false }] });
      expect((again.json() as { preferences: { kind: string; push: boolean }[] }).preferences.find((p) => p.kind === 'tier_reached')).toMatchObject({ push: false, email: false });
      expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
      await until('the bell’s notification', async () => {
        const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from notifications where agent_id = ${agent.id} and kind = 'tier_reached'`);
        return row!.n === 1 ? true : undefined;
      });
      await app.pushes.idle();
      expect(await outbox(agent.device)).toEqual([]);
      expect(push.attempts.get(agent.device.id) ?? 0).toBe(0);
    });

    it('holds pushes through quiet hours and sends the unread ones as one when work starts', async () => {
      const agent = await agentWithDevice();
      // Wednesday 20:00: after the working day (09:00-18:00 by default).
      setClock(lastWednesdayAt('20:00:00'));
      try {
        for (const amount of ['5000.00', '5000.00', '10000.00']) expect((await record(agent.id, amount)).statusCode).toBe(201);
        await until('three pushes waiting', async () => ((await outbox(agent.device)).length === 3 ? true : undefined));
        app.pushes.kick();
        await app.pushes.idle();
        expect((await outbox(agent.device)).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
        expect(push.attempts.get(agent.device.id) ?? 0).toBe(0);
        // The agent reads the first in the app meanwhile.
        const [first] = await queryRows<{ id: number }>(database.db, sql`select id::float8 as id from notifications where agent_id = ${agent.id} order by id limit 1`);
        expect((await call('POST', '/api/notifications/read', agent.cookie, { ids: [first!.id] })).statusCode).toBe(200);
        // Thursday 09:00: work starts; the two unread go as one push.
        setClock(lastWednesdayAt('20:00:00') + 13 * 60 * 60 * 1000);
        app.pushes.kick();
        const [held] = await arrived(agent.device, 1);
        expect(held!.payload).toEqual({ title: '2 new notifications', body: 'You reached Silver! · You reached Bronze!', url: '/agent/dashboard', tag: 'tiertrack-waiting' });
        await until('the outbox recorded', async () => ((await outbox(agent.device)).every((row) => row.status !== 'pending') ? true : undefined));
        expect((await outbox(agent.device)).map((row) => row.status)).toEqual(['skipped', 'sent', 'sent']);
        expect(push.receivedBy(agent.device)).toHaveLength(1);
      } finally {
        setClock(lastWednesdayAt('10:00:00'));
      }
    });

    it('holds pushes on a holiday and outside the working hours the owner sets', async () => {
      const day = new Date(lastWednesdayAt('10:00:00')).toISOString().slice(0, 10);
      const saved = await call('PATCH', '/api/settings', owner.cookie, { holidays: [day] });
      expect(saved.statusCode, saved.body).toBe(200);
      const agent = await agentWithDevice();
      try {
        expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
        await until('a push waiting', async () => ((await outbox(agent.device)).length === 1 ? true : undefined));
        app.pushes.kick();
        await app.pushes.idle();
        expect(push.attempts.get(agent.device.id) ?? 0).toBe(0);
        // Hours that end at 10:00 keep it waiting once the holiday is gone; hours to 10:30 let it go.
        const hours = await call('PATCH', '/api/settings', owner.cookie, { holidays: [], workStartMinute: 480, workEndMinute: 600 });
        expect(hours.json()).toMatchObject({ workStartMinute: 480, workEndMinute: 600 });
        app.pushes.kick();
        await app.pushes.idle();
        expect(push.attempts.get(agent.device.id) ?? 0).toBe(0);
        expect((await call('PATCH', '/api/settings', owner.cookie, { workEndMinute: 630 })).statusCode).toBe(200);
        await arrived(agent.device, 1);
      } finally {
        await call('PATCH', '/api/settings', owner.cookie, { holidays: [], workStartMinute: 540, workEndMinute: 1080 });
      }
    });

    it('refuses working hours that end before they start, and changes nothing', async () => {
      const before = (await call('GET', '/api/settings', owner.cookie)).json() as { workStartMinute: number; workEndMinute: number };
      const both = await call('PATCH', '/api/settings', owner.cookie, { workStartMinute: 600, workEndMinute: 600 });
      expect(both.statusCode).toBe(400);
      expect(both.json()).toMatchObject({ message: 'The working day must end after it starts' });
      const one = await call('PATCH', '/api/settings', owner.cookie, { workStartMinute: 1200 });
      expect(one.statusCode).toBe(400);
      expect(one.json()).toMatchObject({ message: 'The working day must end after it starts' });
      expect((await call('PATCH', '/api/settings', owner.cookie, { workEndMinute: 1441 })).json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/workEndMinute must be whole minutes/) });
      expect((await call('GET', '/api/settings', owner.cookie)).json()).toMatchObject(before);
    });

    it('removes a device the push service no longer knows (410 and 404)', async () => {
      for (const status of [410, 404]) {
        const agent = await agentWithDevice();
        push.answer(agent.device, status);
        expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
        await until(`the device removed after ${status}`, async () => ((await subscriptionRows(agent.device.json.endpoint)).length === 0 ? true : undefined));
        expect(push.attempts.get(agent.device.id)).toBe(1);
        expect(await outbox(agent.device)).toEqual([]);
      }
    });

    it('tries a push again after a 500 and sends it once the push service accepts', async () => {
      const agent = await agentWithDevice();
      push.answer(agent.device, 500, 503);
      expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
      const [received] = await arrived(agent.device, 1);
      expect(received!.payload.title).toBe('You reached Starter!');
      await until('the push recorded as sent', async () => ((await outbox(agent.device))[0]?.status === 'sent' ? true : undefined));
      expect(await outbox(agent.device)).toEqual([{ status: 'sent', attempts: 3, title: 'You reached Starter!' }]);
      expect(push.attempts.get(agent.device.id)).toBe(3);
    });

    it('sends each push once with two instances on one database', async () => {
      twin = await start();
      await twin.ready();
      const agents = await Promise.all(Array.from({ length: 6 }, () => agentWithDevice()));
      for (const agent of agents) expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
      for (const agent of agents) await arrived(agent.device, 1);
      await Promise.all([app.pushes.idle(), twin.pushes.idle()]);
      for (const agent of agents) {
        expect(push.attempts.get(agent.device.id)).toBe(1);
        expect(await outbox(agent.device)).toEqual([{ status: 'sent', attempts: 1, title: 'You reached Starter!' }]);
      }
    });
  });
}
