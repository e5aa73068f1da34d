// The app outlives its database (issue 39): losing a connection, even one inside a transaction, fails the request
// that used it with a clear 503 and leaves the process up and its pool healing; every acknowledged write is kept.
// Real parts: the server process as `npm start` runs it, on its own database of the test PostgreSQL server, whose
// backends the test terminates with pg_terminate_backend while keyed writes stream in.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { incomeEntry, type IncomeEntry } from '../../contract/income-entries';
import { openDatabase, queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { healthStatus, liveness } from '../../contract/health';
import { killStartedProcesses, runToExit, startAppProcess } from '../support/app-process';
import { freePort, TcpProxy } from '../support/tcp-proxy';
import { startTestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';
import { adminPool, createOwnDatabase, postgresTestUrl, withOwnDatabase } from '../support/postgres-admin';
import { signInOverHttp } from '../support/sign-in';

const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };
const WRITERS = 10;
const ROUNDS = 12;

afterAll(() => killStartedProcesses());

interface Writes {
  acknowledged: Map<string, IncomeEntry>;
  unavailable: number;
  /** Answers other than 201, 200 (a replay) and 503, and failures to reach the server: each a defect. */
  failures: string[];
  stop(): Promise<void>;
}

/** WRITERS loops of keyed POST /api/income-entries; a 503 is retried with the same Idempotency-Key. */
function writeKeyed(url: string, cookie: string, agentIds: number[]): Writes {
  const writes: Writes = { acknowledged: new Map(), unavailable: 0, failures: [], stop: async () => undefined };
  let stopping = false;
  const writer = async (w: number) => {
    for (let i = 0; !stopping; i++) {
      const key = randomUUID();
      const body = JSON.stringify({ agentId: agentIds[(w + i) % agentIds.length], amount: `${(w + 1) * 100 + (i % 97)}.25`, description: `w${w} #${i}` });
      for (let attempt = 0; attempt < 50; attempt++) {
        let res: Response;
        try {
          res = await fetch(`${url}/api/income-entries`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key }, body });
        } catch (error) {
          writes.failures.push(`no answer: ${String(error)}`);
          return;
        }
        const text = await res.text();
        if (res.status === 201 || res.status === 200) {
          writes.acknowledged.set(key, incomeEntry.parse(JSON.parse(text)));
          break;
        }
        if (res.status === 503) {
          writes.unavailable += 1;
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(JSON.parse(text)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
          // A client that honours Retry-After waits; this one comes back sooner, with the same key.
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        writes.failures.push(`${res.status} ${text}`);
        return;
      }
    }
  };
  const all = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  writes.stop = async () => {
    stopping = true;
    await all;
  };
  return writes;
}

const postgres = postgresTestUrl();
describe('losing database connections under keyed writes', () => {
  if (!postgres) {
    it('needs TEST_DATABASE_URL (a PostgreSQL server whose backends it can terminate)', () => {
      expect(process.env.CI, 'CI runs this file on PostgreSQL').not.toBe('true');
    });
    return;
  }

  it('keeps both instances up, answers 503 for the requests that lost their connection, heals, and loses nothing acknowledged', async () => {
    const database = await createOwnDatabase(postgres, 'faults');
    const { name } = database;
    const url = new URL(database.url);
    // Terminates the app's connections to its database.
    const admin = adminPool(postgres);
    try {
      const app = await startAppProcess({ DATABASE_URL: url.toString(), ...OWNER, DEMO: '0' });
      const other = await startAppProcess({ DATABASE_URL: url.toString(), ...OWNER, DEMO: '0' });
      const cookie = await signInOverHttp(app.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
      const agentIds: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${app.url}/api/agents`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Fault Agent ${i}`, position: 'Sales Agent', email: `fault-${i}@example.test`, password: 'long enough' }),
        });
        expect(res.status).toBe(201);
        agentIds.push(((await res.json()) as { id: number }).id);
      }

      // Two instances on one database, each written to by its own writers.
      const both = [writeKeyed(app.url, cookie, agentIds), writeKeyed(other.url, cookie, agentIds)];
      const writes = {
        get acknowledged() {
          return new Map([...both[0]!.acknowledged, ...both[1]!.acknowledged]);
        },
        get failures() {
          return [...both[0]!.failures, ...both[1]!.failures];
        },
        stop: () => Promise.all(both.map((w) => w.stop())),
      };
      let terminated = 0;
      let inTransaction = 0;
      try {
        for (let round = 0; round < ROUNDS && writes.failures.length === 0; round++) {
          // Wait for writes to flow again, then cut connections: those idle inside a transaction first (the
          // reviewer's reproduction), else every backend of the app's database.
          const before = writes.acknowledged.size;
          await expect.poll(() => writes.acknowledged.size > before || writes.failures.length > 0, { timeout: 30_000, interval: 10 }).toBe(true);
          const idle = await admin.query<{ n: number }>(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
              where datname = $1 and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
            [name],
          );
          inTransaction += idle.rows[0]!.n;
          const any = idle.rows[0]!.n > 0
            ? { rows: [{ n: 0 }] }
            : await admin.query<{ n: number }>(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
          terminated += idle.rows[0]!.n + any.rows[0]!.n;
        }
        // After the last cut, writes go through again: the pool made new connections.
        const settled = writes.acknowledged.size;
        await expect.poll(() => writes.acknowledged.size >= settled + 50 || writes.failures.length > 0, { timeout: 30_000, interval: 20 }).toBe(true);
      } finally {
        await writes.stop();
      }

      expect(writes.failures).toEqual([]);
      expect(terminated).toBeGreaterThanOrEqual(ROUNDS);
      // The reproduction reached its case: connections lost inside a transaction.
      expect(inTransaction).toBeGreaterThan(0);
      // Each process is still the one that was started, and answers.
      for (const instance of [app, other]) {
        expect(instance.child.exitCode).toBeNull();
        expect((await fetch(`${instance.url}/api/app-info`)).status).toBe(200);
        expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
      }

      // Every acknowledged entry is there once, as answered; totals agree with the entries.
      const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        const rows = await queryRows<{ id: number; amount: string }>(database.db, sql`select id::int as id, amount::text as amount from income_entries`);
        const byId = new Map(rows.map((row) => [row.id, row.amount]));
        const acknowledged = [...writes.acknowledged.values()];
        expect(acknowledged.filter((entry) => byId.get(entry.id) !== entry.amount).map((entry) => entry.id)).toEqual([]);
        // Each key recorded one entry: no more entries than keys written (a replay after a 503 made no second).
        expect(rows.length).toBeLessThanOrEqual(writes.acknowledged.size + 2 * WRITERS);
        expect(await checkConsistency(database.db, 'UTC')).toEqual([]);
      } finally {
        await database.close();
      }
      for (const instance of [app, other]) {
        instance.child.kill('SIGTERM');
        expect(await instance.exited).toBe(0);
      }
    } finally {
      await admin.end();
      await database.drop();
    }
  }, 180_000);
});

for (const engine of testEngines()) {
  describe(`health for load balancers [${engine}]`, () => {
    it('says live and ready while the database answers', async () => {
      const t = await startTestApp(engine);
      try {
        const ready = await t.request({ method: 'GET', url: '/api/health' });
        expect(ready.statusCode).toBe(200);
        expect(healthStatus.parse(ready.json())).toEqual({ status: 'ready', live: true, ready: true, checks: { database: 'up' } });
        expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
        const live = await t.request({ method: 'GET', url: '/api/health/live' });
        expect(liveness.parse(live.json())).toEqual({ status: 'live' });
      } finally {
        await t.close();
      }
    });
  });
}

describe('a database that goes away and comes back', () => {
  if (!postgres) {
    it('needs TEST_DATABASE_URL (a PostgreSQL server to put a proxy in front of)', () => {
      expect(process.env.CI, 'CI runs this file on PostgreSQL').not.toBe('true');
    });
    return;
  }
  const server = new URL(postgres);

  it('answers 503 with Retry-After (app info included) while it is gone, stays live, and serves again once it is back', async () => {
    await withOwnDatabase(postgres, 'outage', async ({ name }) => {
      const proxy = new TcpProxy(server.hostname, Number(server.port || 5432));
      await proxy.open();
      const target = new URL(postgres);
      target.pathname = `/${name}`;
      try {
        const app = await startAppProcess({ DATABASE_URL: proxy.urlFor(target.toString()), ...OWNER, DEMO: '0' });
        const cookie = await signInOverHttp(app.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
        const made = await fetch(`${app.url}/api/agents`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Outage Agent', position: 'Sales Agent', email: 'outage@example.test', password: 'long enough' }),
        });
        expect(made.status).toBe(201);
        const agentId = ((await made.json()) as { id: number }).id;
        const writes = writeKeyed(app.url, cookie, [agentId]);
        try {
          await expect.poll(() => writes.acknowledged.size, { timeout: 30_000 }).toBeGreaterThan(20);
          expect((await fetch(`${app.url}/api/health`)).status).toBe(200);

          // The database goes away: every connection reset, new ones refused, as in a restart.
          await proxy.cut();
          await expect.poll(async () => (await fetch(`${app.url}/api/health`)).status, { timeout: 30_000 }).toBe(503);
          const health = await fetch(`${app.url}/api/health`);
          expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(healthStatus.parse(await health.json())).toEqual({ status: 'unavailable', live: true, ready: false, checks: { database: 'down' } });
          const info = await fetch(`${app.url}/api/app-info`);
          expect(info.status).toBe(503);
          expect(info.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(await info.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable right now. Please try again in a few seconds.' });
          expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
          const during = writes.acknowledged.size;

          // It comes back on the same address: the pool connects anew, writes flow again.
          await proxy.open();
          await expect.poll(async () => (await fetch(`${app.url}/api/health`)).status, { timeout: 30_000 }).toBe(200);
          await expect.poll(() => writes.acknowledged.size > during + 20 || writes.failures.length > 0, { timeout: 30_000 }).toBe(true);
          expect((await fetch(`${app.url}/api/app-info`)).status).toBe(200);
        } finally {
          await writes.stop();
        }
        expect(writes.failures).toEqual([]);
        expect(writes.unavailable).toBeGreaterThan(0);
        expect(app.child.exitCode).toBeNull();
        app.child.kill('SIGTERM');
        expect(await app.exited).toBe(0);
      } finally {
        await proxy.cut();
      }
    });
  }, 180_000);

  it('waits for a database that is not there yet, saying so, and starts once it answers', async () => {
    await withOwnDatabase(postgres, 'late', async ({ name }) => {
      const proxy = new TcpProxy(server.hostname, Number(server.port || 5432));
      proxy.refuse();
      await proxy.open();
      const target = new URL(postgres);
      target.pathname = `/${name}`;
      try {
        const starting = startAppProcess({ DATABASE_URL: proxy.urlFor(target.toString()), ...OWNER, DEMO: '0' }, 120_000);
        // The start tried and was refused twice (it waits between tries): now the database "starts".
        await expect.poll(() => proxy.refused, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
        proxy.forward();
        const app = await starting;
        expect(app.output()).toMatch(new RegExp(`Waiting for the database at 127\\.0\\.0\\.1:${proxy.port}/${name} \\(.+\\); trying again in \\d+ s\\.`));
        expect(app.output()).not.toMatch(/^\s+at /m);
        expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
        app.child.kill('SIGTERM');
        expect(await app.exited).toBe(0);
      } finally {
        await proxy.cut();
      }
    });
  }, 180_000);

  it('gives up after DATABASE_WAIT_SECONDS with a message naming the database, not a stack', async () => {
    const port = await freePort();
    const { code, output } = await runToExit(['server/main.ts'], {
      DATABASE_URL: `postgres://postgres:secret-password@127.0.0.1:${port}/tiertrack`,
      DATABASE_WAIT_SECONDS: '1',
      DEMO: '0',
    });
    expect(code).toBe(1);
    expect(output).toContain(`Waiting for the database at 127.0.0.1:${port}/tiertrack (connect ECONNREFUSED 127.0.0.1:${port}); trying again in 1 s.`);
    expect(output).toContain(`TierTrack could not start. The database at 127.0.0.1:${port}/tiertrack is unavailable: connect ECONNREFUSED 127.0.0.1:${port}.`);
    expect(output).not.toContain('secret-password');
    expect(output).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe('a full disk under DATA_DIR', () => {
  it('stops the start with a message saying which disk is full, not a stack', async () => {
    const mountPoint = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-full-'));
    // A small tmpfs, filled up: the real ENOSPC of a full disk (the tests run as root, as CI does).
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountPoint]);
    try {
      const dataDir = path.join(mountPoint, 'data');
      mkdirSync(dataDir);
      try {
        for (let i = 0; ; i++) writeFileSync(path.join(mountPoint, `filler-${i}`), Buffer.alloc(16 * 1024));
      } catch (error) {
        expect((error as { code?: string }).code).toBe('ENOSPC');
      }
      const { code, output } = await runToExit(['server/main.ts'], { DATA_DIR: dataDir, DEMO: '0' });
      expect(code).toBe(1);
      expect(output).toContain(`TierTrack could not start. The disk that holds the data directory ${dataDir} is full (ENOSPC).`);
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      execFileSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
  }, 60_000);
});
