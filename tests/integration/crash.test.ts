// kill -9 of the server process while the owner streams income entries, then a restart on the same data: every
// entry the app acknowledged (201) is there, and every total, roll-up and achievement agrees with the entries.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { agentPage } from '../../contract/agents';
import { incomeEntry, type IncomeEntry } from '../../contract/income-entries';
import { centsToMoneyString, parseMoneyToCents } from '../../contract/money';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { killStartedProcesses, startAppProcess, type AppProcess } from '../support/app-process';
import { signInOverHttp } from '../support/sign-in';
import { postgresTestUrl, withOwnDatabase } from '../support/postgres-admin';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-crash-'));
const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };
const WRITERS = 8;

afterAll(() => {
  killStartedProcesses();
  rmSync(root, { recursive: true, force: true });
});

interface Stream {
  acknowledged: IncomeEntry[];
  /** Resolves once every writer has stopped (the server is gone). */
  stopped: Promise<void>;
}

/** WRITERS concurrent loops of POST /api/income-entries until the server stops answering. */
function streamEntries(url: string, cookie: string, agentIds: number[]): Stream {
  const acknowledged: IncomeEntry[] = [];
  const writer = async (w: number) => {
    for (let i = 0; ; i++) {
      const cents = BigInt(((w * 7919 + i * 104_729) % 900_000) + 1) * (i % 6 === 5 ? -1n : 1n);
      let res: Response;
      try {
        res = await fetch(`${url}/api/income-entries`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ agentId: agentIds[(w + i) % agentIds.length], amount: centsToMoneyString(cents), description: `w${w} #${i}` }),
        });
      } catch {
        return; // the server was killed
      }
      if (res.status !== 201) throw new Error(`entry refused: ${res.status} ${await res.text()}`);
      try {
        acknowledged.push(incomeEntry.parse(await res.json()));
      } catch {
        return; // killed while the answer was on its way: not acknowledged
      }
    }
  };
  return { acknowledged, stopped: Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))).then(() => undefined) };
}

async function createAgents(url: string, cookie: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/agents`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Crash Agent ${i}`, position: 'Sales Agent', email: `crash-${i}@example.test`, password: 'long enough' }),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Starts the app, streams entries, kills it with SIGKILL once enough were acknowledged. */
async function crashWhileWriting(env: Record<string, string>): Promise<{ acknowledged: IncomeEntry[]; killed: AppProcess }> {
  const app = await startAppProcess({ ...env, ...OWNER, DEMO: '0' });
  const cookie = await signInOverHttp(app.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
  const agentIds = await createAgents(app.url, cookie, 4);
  const stream = streamEntries(app.url, cookie, agentIds);
  await expect.poll(() => stream.acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(200);
  app.child.kill('SIGKILL');
  expect(await app.exited).toBe('SIGKILL');
  await stream.stopped;
  return { acknowledged: stream.acknowledged, killed: app };
}

/** After the restart: every acknowledged entry as it was answered, at most the in-flight ones beyond, no drift. */
async function expectEveryAcknowledgedEntry(database: Database, acknowledged: IncomeEntry[]) {
  const rows = await queryRows<{ id: number; agent_id: number; amount: string; new_total: string }>(
    database.db,
    sql`select id::int as id, agent_id, amount::text as amount, new_total::text as new_total from income_entries`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = acknowledged.filter((entry) => !byId.has(entry.id));
  expect(missing.map((entry) => entry.id)).toEqual([]);
  for (const entry of acknowledged) {
    expect(byId.get(entry.id)).toEqual({ id: entry.id, agent_id: entry.agentId, amount: entry.amount, new_total: entry.newTotal });
  }
  // Entries committed while their answers were lost: no more than the requests in flight.
  expect(rows.length - acknowledged.length).toBeLessThanOrEqual(WRITERS);
  expect(await checkConsistency(database.db, 'UTC')).toEqual([]);

  // Each agent's total is the sum of its entries, acknowledged or not.
  const totals = await queryRows<{ id: number; total_income: string }>(database.db, sql`select id, total_income::text as total_income from agents`);
  for (const agent of totals) {
    const sum = rows.filter((row) => row.agent_id === agent.id).reduce((cents, row) => cents + parseMoneyToCents(row.amount)!, 0n);
    expect(agent.total_income).toBe(centsToMoneyString(sum));
  }
}

/** The restarted app serves and takes new entries; answers the entry it took, to be counted as acknowledged. */
async function expectServing(app: AppProcess): Promise<IncomeEntry> {
  const cookie = await signInOverHttp(app.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
  const { agents } = agentPage.parse(await (await fetch(`${app.url}/api/agents`, { headers: { cookie } })).json());
  const res = await fetch(`${app.url}/api/income-entries`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ agentId: agents[0]!.id, amount: '1.00' }),
  });
  expect(res.status).toBe(201);
  return incomeEntry.parse(await res.json());
}

describe('kill -9 during a stream of income entries', () => {
  it('on the embedded database: the restart takes over the lock and keeps every acknowledged entry', async () => {
    const dataDir = path.join(root, 'data');
    const { acknowledged, killed } = await crashWhileWriting({ DATA_DIR: dataDir });
    // The lock of the killed process is left behind...
    expect(readFileSync(path.join(dataDir, 'app.lock'), 'utf8')).toBe(String(killed.child.pid));

    // ...and taken over by the next start, which recovers the database.
    const restarted = await startAppProcess({ DATA_DIR: dataDir, ...OWNER, DEMO: '0' });
    expect(readFileSync(path.join(dataDir, 'app.lock'), 'utf8')).toBe(String(restarted.child.pid));
    acknowledged.push(await expectServing(restarted));
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);

    const database = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await expectEveryAcknowledgedEntry(database, acknowledged);
    } finally {
      await database.close();
    }
  }, 90_000);

  const postgres = postgresTestUrl();
  if (postgres) {
    it('on PostgreSQL: the restarted app finds every acknowledged entry', async () => {
      await withOwnDatabase(postgres, 'crash', async ({ url }) => {
        const env = { DATABASE_URL: url };
        const { acknowledged } = await crashWhileWriting(env);
        const restarted = await startAppProcess({ ...env, ...OWNER, DEMO: '0' });
        acknowledged.push(await expectServing(restarted));
        restarted.child.kill('SIGTERM');
        expect(await restarted.exited).toBe(0);

        const database = await openDatabase({ engine: 'postgres', url, poolSize: 2 });
        try {
          await expectEveryAcknowledgedEntry(database, acknowledged);
        } finally {
          await database.close();
        }
      });
    }, 90_000);
  }
});
