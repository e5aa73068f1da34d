// The app outlives its database (issue 39): losing a connection, even one inside a transaction, fails the request
// that used it with a clear 503 and leaves the process up and its pool healing; every acknowledged write is kept.
// Real parts: the server process as `npm start` runs it, on its own database of the test PostgreSQL server, whose
// backends the test terminates with pg_terminate_backend while keyed writes stream in.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { incomeEntry, type IncomeEntry } from '../../contract/income-entries';
import { openDatabase, queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { killStartedProcesses, startAppProcess } from '../support/app-process';
import { adminPool, postgresTestUrl } from '../support/postgres-admin';
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

  it('keeps the process up, answers 503 for the requests that lost their connection, heals, and loses nothing acknowledged', async () => {
    const name = `tt_faults_${process.pid}_${Date.now().toString(36)}`;
    const admin = adminPool(postgres);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    try {
      const app = await startAppProcess({ DATABASE_URL: url.toString(), ...OWNER, DEMO: '0' });
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

      const writes = writeKeyed(app.url, cookie, agentIds);
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
      // The process is still the one that was started, and answers.
      expect(app.child.exitCode).toBeNull();
      expect((await fetch(`${app.url}/api/app-info`)).status).toBe(200);

      // Every acknowledged entry is there once, as answered; totals agree with the entries.
      const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        const rows = await queryRows<{ id: number; amount: string }>(database.db, sql`select id::int as id, amount::text as amount from income_entries`);
        const byId = new Map(rows.map((row) => [row.id, row.amount]));
        const acknowledged = [...writes.acknowledged.values()];
        expect(acknowledged.filter((entry) => byId.get(entry.id) !== entry.amount).map((entry) => entry.id)).toEqual([]);
        // Each key recorded one entry: no more entries than keys written (a replay after a 503 made no second).
        expect(rows.length).toBeLessThanOrEqual(writes.acknowledged.size + WRITERS);
        expect(await checkConsistency(database.db, 'UTC')).toEqual([]);
      } finally {
        await database.close();
      }
      app.child.kill('SIGTERM');
      expect(await app.exited).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000);
});
