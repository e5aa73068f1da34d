// Webhook sending with one instance's clock 15 minutes ahead (docs/decisions/0033-webhook-isolation.md): leases,
// due times and retry times are the database's, so the instance with the wrong clock neither takes over a delivery
// another instance is sending (a duplicate send) nor holds a retry back by its skew; and its signatures carry the
// database's time, so receivers that refuse old timestamps take them. Two real server processes on one PostgreSQL
// (the embedded database is one process: no second clock), one of them with a skewed clock
// (tests/support/skewed-clock.ts), and a real receiver on 127.0.0.1.
import { afterAll, describe, expect, it } from 'vitest';
import { killStartedProcesses, startAppProcess, type AppProcess } from '../support/app-process';
import { createOwnDatabase, dropDatabases, postgresTestUrl } from '../support/postgres-admin';
import { signInOverHttp } from '../support/sign-in';
import { postJson, receiverForSuite, registerWebhook, webhookDeliveries } from '../support/webhook-api';
import { signatureIsValid, type Receiver } from '../support/webhook-receiver';

const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };
const AHEAD_MS = 15 * 60 * 1000;
/** A server's start can take a minute and more on a loaded machine. */
const START_MS = 120_000;
const postgres = postgresTestUrl();
const databases: string[] = [];

let receiver: Receiver;
receiverForSuite((started) => (receiver = started));
afterAll(async () => {
  killStartedProcesses();
  if (postgres) await dropDatabases(postgres, databases);
});

async function freshDatabase(label: string): Promise<Record<string, string>> {
  const database = await createOwnDatabase(postgres!, `skew_${label}`);
  databases.push(database.name);
  return { DATABASE_URL: database.url };
}

const post = postJson;
const register = (app: AppProcess, cookie: string) => registerWebhook(app, cookie, receiver.url, ['entry.created']);
const deliveries = webhookDeliveries;

async function addAgent(app: AppProcess, cookie: string): Promise<number> {
  const res = await post(app, '/api/agents', { name: 'Skew Agent', position: 'Sales Agent', email: 'skew@example.test', password: 'agent password 1' }, cookie);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function recordEntry(app: AppProcess, cookie: string, agentId: number, amount: string) {
  const res = await post(app, '/api/income-entries', { agentId, amount }, cookie);
  expect(res.status).toBe(201);
}

const amountOf = (body: string) => (JSON.parse(body) as { data: { amount: string } }).data.amount;

async function kill(app: AppProcess) {
  app.child.kill('SIGKILL');
  await app.exited;
}

describe.skipIf(!postgres)('webhooks with one instance’s clock 15 minutes ahead, on one PostgreSQL', () => {
  it('the instance ahead does not take over a delivery another instance is sending, and signs with the right time', async () => {
    receiver.received.length = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Every request is held until the test opens the gate: the attempts stay under way.
    receiver.answer = () => ({ status: 200, after: gate });
    // A 10 s timeout: a claim's lease is 25 s, longer than this test needs for its first part on a loaded machine.
    const env = { ...(await freshDatabase('takeover')), ...OWNER, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_RETRY_BASE_MS: '1000' };
    const right = await startAppProcess(env, START_MS);
    const ahead = await startAppProcess(env, START_MS, { clockSkewMs: AHEAD_MS });
    const cookie = await signInOverHttp(right.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
    const hook = await register(right, cookie);
    const agentId = await addAgent(right, cookie);

    // While the instance ahead is stopped, the other one fans out and starts sending two deliveries.
    ahead.child.kill('SIGSTOP');
    await recordEntry(right, cookie, agentId, '1.00');
    await recordEntry(right, cookie, agentId, '2.00');
    // An instance stopped mid-transaction holds the events back until PostgreSQL ends its transaction (10 s idle).
    await receiver.waitFor(2, 60_000);
    // Then it dies with both attempts under way; their leases run on.
    await kill(right);
    ahead.child.kill('SIGCONT');

    // The instance ahead fans out a new event and claims what is due: the new delivery, not the two under way.
    const cookieAhead = await signInOverHttp(ahead.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
    await recordEntry(ahead, cookieAhead, agentId, '3.00');
    await expect.poll(() => receiver.received.some((request) => amountOf(request.body) === '3.00'), { timeout: 30_000 }).toBe(true);
    const log = await deliveries(ahead, cookieAhead, hook.id);
    expect(log.map((delivery) => [amountOf(delivery.body), delivery.attempts])).toEqual([
      ['3.00', 1],
      ['2.00', 1],
      ['1.00', 1],
    ]);
    release();
    await expect.poll(async () => (await deliveries(ahead, cookieAhead, hook.id)).find((d) => amountOf(d.body) === '3.00')?.status, { timeout: 30_000 }).toBe('delivered');
    // Every request carries the database's time, which a receiver (on the right clock) accepts.
    for (const request of receiver.received) {
      expect(signatureIsValid(request.headers['tiertrack-signature'] as string, request.body, hook.secret)).toBe(true);
    }
    // The two the dead instance was sending are sent again once their leases end (at least once).
    await expect
      .poll(async () => (await deliveries(ahead, cookieAhead, hook.id)).map((d) => `${amountOf(d.body)} ${d.status}`), { timeout: 60_000 })
      .toEqual(['3.00 delivered', '2.00 delivered', '1.00 delivered']);
    await kill(ahead);
  }, 300_000);

  it('a retry scheduled by the instance ahead is not held back when another instance takes over', async () => {
    receiver.received.length = 0;
    // The first attempt of each delivery fails; later ones succeed.
    const seen = new Set<string>();
    receiver.answer = (request) => {
      const id = String(request.headers['tiertrack-delivery']);
      const first = !seen.has(id);
      seen.add(id);
      return { status: first ? 500 : 200 };
    };
    const env = { ...(await freshDatabase('retry')), ...OWNER, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_RETRY_BASE_MS: '1000' };
    const ahead = await startAppProcess(env, START_MS, { clockSkewMs: AHEAD_MS });
    const cookieAhead = await signInOverHttp(ahead.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
    const hook = await register(ahead, cookieAhead);
    const agentId = await addAgent(ahead, cookieAhead);
    await recordEntry(ahead, cookieAhead, agentId, '10.00');
    await recordEntry(ahead, cookieAhead, agentId, '20.00');
    // Both first attempts failed and are recorded with their retry (about 1 s later) by the instance ahead.
    await expect
      .poll(async () => (await deliveries(ahead, cookieAhead, hook.id)).filter((d) => d.error === 'The receiver answered 500' && d.nextAttemptAt !== null).length, {
        timeout: 30_000,
      })
      .toBe(2);
    await kill(ahead);

    // The instance on the right clock retries them about a second after they failed, not 15 minutes later.
    const right = await startAppProcess(env, START_MS);
    const cookie = await signInOverHttp(right.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
    await expect.poll(async () => (await deliveries(right, cookie, hook.id)).map((d) => d.status), { timeout: 30_000 }).toEqual(['delivered', 'delivered']);
    expect((await deliveries(right, cookie, hook.id)).map((d) => d.attempts)).toEqual([2, 2]);
    expect(receiver.received).toHaveLength(4);
    await kill(right);
  }, 300_000);
});
