// The webhook outbox across processes (docs/decisions/0018-webhooks.md): a delivery survives the app being killed
// between an attempt and its retry, and being killed during an attempt (at least once: it is sent again after a
// restart); and two instances on one PostgreSQL never send one delivery twice at the same time. Real server
// processes, a real receiver on 127.0.0.1, the embedded database and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killStartedProcesses, startAppProcess, type AppProcess } from '../support/app-process';
import { createOwnDatabase, dropDatabases, postgresTestUrl } from '../support/postgres-admin';
import { signInOverHttp } from '../support/sign-in';
import { postJson, receiverForSuite, registerWebhook, webhookDeliveries } from '../support/webhook-api';
import { signatureIsValid, type Receiver } from '../support/webhook-receiver';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-outbox-'));
const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };
/** Short timeouts and retries, so that the test waits seconds, not minutes. */
const FAST = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_RETRY_BASE_MS: '1000' };
const postgres = postgresTestUrl();
/** A server's first start (initdb, migrations) can take over a minute on a loaded machine. */
const START_MS = 120_000;
const databases: string[] = [];

let receiver: Receiver;
receiverForSuite((started) => (receiver = started));
afterAll(async () => {
  killStartedProcesses();
  rmSync(root, { recursive: true, force: true });
  if (postgres) await dropDatabases(postgres, databases);
});

/** The environment of a fresh database of the engine: a data directory, or a new PostgreSQL database. */
async function freshDatabase(engine: 'pglite' | 'postgres', label: string): Promise<Record<string, string>> {
  if (engine === 'pglite') return { DATA_DIR: mkdtempSync(path.join(root, `${label}-`)) };
  const database = await createOwnDatabase(postgres!, `outbox_${label}`);
  databases.push(database.name);
  return { DATABASE_URL: database.url };
}

const send = postJson;
const register = (app: AppProcess, cookie: string, events: string[]) => registerWebhook(app, cookie, receiver.url, events);
const deliveries = webhookDeliveries;

async function kill(app: AppProcess) {
  app.child.kill('SIGKILL');
  await app.exited;
}

const engines = postgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

for (const engine of engines) {
  describe(`the webhook outbox across restarts [${engine}]`, () => {
    it('delivers after the app is killed between an attempt and its retry: same delivery id, same body, signed', async () => {
      receiver.received.length = 0;
      receiver.answer = (_request, index) => ({ status: index === 0 ? 500 : 200 });
      const env = { ...(await freshDatabase(engine, 'retry')), ...OWNER, ...FAST };
      const first = await startAppProcess(env, START_MS);
      const cookie = await signInOverHttp(first.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      const hook = await register(first, cookie, ['agent.created']);
      const made = await send(first, '/api/agents', { name: 'Kill Between', position: 'Sales Agent', email: 'between@example.test', password: 'agent password 1' }, cookie);
      expect(made.status).toBe(201);
      await receiver.waitFor(1);
      // The failed attempt is recorded before the kill (the app answers once it is).
      await expect.poll(async () => (await deliveries(first, cookie, hook.id))[0]?.error, { timeout: 5000 }).toBe('The receiver answered 500');
      await kill(first);

      const second = await startAppProcess(env, START_MS);
      const [, retry] = await receiver.waitFor(2, 20_000);
      const [attempt] = receiver.received;
      expect(retry!.headers['tiertrack-delivery']).toBe(attempt!.headers['tiertrack-delivery']);
      expect(retry!.body).toBe(attempt!.body);
      expect(signatureIsValid(retry!.headers['tiertrack-signature'] as string, retry!.body, hook.secret)).toBe(true);
      const cookie2 = await signInOverHttp(second.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      await expect.poll(async () => (await deliveries(second, cookie2, hook.id))[0]?.status, { timeout: 5000 }).toBe('delivered');
      const [delivery] = await deliveries(second, cookie2, hook.id);
      expect(delivery).toMatchObject({ attempts: 2, responseStatus: 200, error: null });
      await kill(second);
    }, 300_000);

    it('sends again, after a restart, a delivery whose attempt was under way when the app was killed', async () => {
      receiver.received.length = 0;
      receiver.answer = (_request, index) => (index === 0 ? 'hang' : { status: 200 });
      const env = { ...(await freshDatabase(engine, 'during')), ...OWNER, ...FAST };
      const first = await startAppProcess(env, START_MS);
      const cookie = await signInOverHttp(first.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      const hook = await register(first, cookie, ['agent.created']);
      const made = await send(first, '/api/agents', { name: 'Kill During', position: 'Sales Agent', email: 'during@example.test', password: 'agent password 1' }, cookie);
      expect(made.status).toBe(201);
      // The attempt has reached the receiver, which holds it: the app dies waiting for the answer.
      await receiver.waitFor(1);
      await kill(first);

      const second = await startAppProcess(env, START_MS);
      // Its claim's lease (2 x 1 s + 5 s) ends, and the delivery is attempted again.
      const [, again] = await receiver.waitFor(2, 30_000);
      expect(again!.headers['tiertrack-delivery']).toBe(receiver.received[0]!.headers['tiertrack-delivery']);
      expect(again!.body).toBe(receiver.received[0]!.body);
      const cookie2 = await signInOverHttp(second.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      await expect.poll(async () => (await deliveries(second, cookie2, hook.id))[0]?.status, { timeout: 5000 }).toBe('delivered');
      // The log keeps both attempts: the one cut short says so.
      expect((await deliveries(second, cookie2, hook.id))[0]).toMatchObject({
        attempts: 2,
        attemptLog: [
          { number: 2, outcome: 'delivered', responseStatus: 200 },
          { number: 1, outcome: 'interrupted', responseStatus: null, durationMs: null },
        ],
      });
      await kill(second);
    }, 300_000);
  });
}

if (postgres) {
  describe('two instances on one PostgreSQL database', () => {
    it('share the outbox and never send one delivery twice at the same time', async () => {
      receiver.received.length = 0;
      // Slow answers keep many attempts under way at once on both instances.
      receiver.answer = () => ({ status: 200, delayMs: 30 });
      const env = { ...(await freshDatabase('postgres', 'pair')), ...OWNER, ...FAST };
      const [a, b] = await Promise.all([startAppProcess(env, START_MS), startAppProcess(env, START_MS)]);
      const cookie = await signInOverHttp(a!.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      const hook = await register(a!, cookie, ['entry.created']);
      const agent = await send(b!, '/api/agents', { name: 'Pair Agent', position: 'Sales Agent', email: 'pair@example.test', password: 'agent password 1' }, cookie);
      const { id: agentId } = (await agent.json()) as { id: number };
      const ENTRIES = 120;
      for (let i = 0; i < ENTRIES; i += 12) {
        await Promise.all(
          Array.from({ length: 12 }, (_, j) => send(j % 2 === 0 ? a! : b!, '/api/income-entries', { agentId, amount: `${i + j + 1}.00` }, cookie)),
        );
      }
      await receiver.waitFor(ENTRIES, 60_000);
      // Time for any second send of a delivery to arrive.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const ids = receiver.received.map((request) => request.headers['tiertrack-delivery']);
      expect(ids).toHaveLength(ENTRIES);
      expect(new Set(ids).size).toBe(ENTRIES);
      const amounts = receiver.received.map((request) => (JSON.parse(request.body) as { data: { amount: string } }).data.amount);
      expect(new Set(amounts).size).toBe(ENTRIES);
      // Both instances fanned out and sent: the attempts overlapped in time (more than one under way at once).
      const overlapping = receiver.received.some((one) => receiver.received.some((other) => other !== one && other.startedAt < one.answeredAt && one.startedAt < other.answeredAt));
      expect(overlapping).toBe(true);
      const log = await deliveries(b!, cookie, hook.id);
      expect(log.filter((d) => d.status === 'delivered' && d.attempts === 1)).toHaveLength(ENTRIES);
    }, 120_000);
  });
}
