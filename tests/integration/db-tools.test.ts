// npm run db:backup, db:restore and db:check, run as commands against real data directories and databases.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { agentPage } from '../../contract/agents';
import { incomeEntry, type IncomeEntry } from '../../contract/income-entries';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { killStartedProcesses, runToExit, startAppProcess } from '../support/app-process';
import { signInOverHttp } from '../support/sign-in';
import { databaseFingerprint } from '../support/fingerprint';
import { adminPool, postgresTestUrl } from '../support/postgres-admin';
import { sequenceAll } from '../../server/db/sequencer';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-db-tools-'));
const dir = (name: string) => path.join(root, name);
const OWNER = { OWNER_EMAIL: 'boss@example.test', OWNER_PASSWORD: 'boss password 1' };
// The backup taken through the app is encrypted by the app (the passphrase travels in the request's JSON body).
const PASSPHRASE = { BACKUP_PASSPHRASE: 'a long backup passphrase' };

afterAll(() => {
  killStartedProcesses();
  rmSync(root, { recursive: true, force: true });
});

const script = (name: string, args: string[], env: Record<string, string>) => runToExit([`scripts/${name}.ts`, ...args], env);

async function withDatabase<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ engine: 'pglite', dataDir });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

const entryRows = (db: Db) =>
  queryRows<{ id: number; agent_id: number; amount: string; new_total: string }>(
    db,
    sql`select id::int as id, agent_id, amount::text as amount, new_total::text as new_total from income_entries order by id`,
  );

/** Corrupts one of each kept figure, as a bug or a hand-made SQL edit would. Returns the agent whose total moved. */
async function corruptFigures(db: Db): Promise<number> {
  const [agent] = await queryRows<{ id: number }>(db, sql`select agent_id as id from income_entries order by id limit 1`);
  await db.execute(sql`update agents set total_income = total_income + 1.50 where id = ${agent!.id}`);
  await db.execute(sql`update income_entries set new_total = new_total - 1 where id = (select max(id) from income_entries)`);
  await db.execute(sql`update agent_period_totals set income = income + 7 where (agent_id, period_kind, period_start) =
    (select agent_id, period_kind, period_start from agent_period_totals order by 1, 2, 3 limit 1)`);
  await db.execute(sql`delete from tier_achievements where (agent_id, tier_id) =
    (select agent_id, tier_id from tier_achievements order by 1, 2 limit 1)`);
  return agent!.id;
}

describe('backups of the embedded database', () => {
  it('are taken while the app runs and writes, restored only into an empty directory, and round-trip the data', async () => {
    const app = await startAppProcess({ DATA_DIR: dir('app'), DEMO: '1', ...OWNER });
    const cookie = await signInOverHttp(app.url, OWNER.OWNER_EMAIL, OWNER.OWNER_PASSWORD);
    const { agents } = agentPage.parse(await (await fetch(`${app.url}/api/agents`, { headers: { cookie } })).json());
    expect(agents.length).toBeGreaterThan(0);

    // The owner keeps recording entries while the backup is taken.
    const acknowledged: IncomeEntry[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await fetch(`${app.url}/api/income-entries`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ agentId: agents[i % agents.length]!.id, amount: `${(i % 7) + 1}${i % 3 === 0 ? '.25' : ''}`, description: `During backup ${i}` }),
        });
        expect(res.status).toBe(201);
        acknowledged.push(incomeEntry.parse(await res.json()));
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    const beforeBackup = acknowledged.map((entry) => entry.id);

    const online = await script('db-backup', [dir('online.tar.gz.enc'), '--url', app.url], { DATA_DIR: dir('app'), ...OWNER, ...PASSPHRASE });
    writing = false;
    await writer;
    expect(online.code, online.output).toBe(0);
    expect(online.output).toContain(`taken by the app running at ${app.url}, encrypted`);
    expect(statSync(dir('online.tar.gz.enc')).mode & 0o777).toBe(0o600);
    expect(acknowledged.length).toBeGreaterThan(beforeBackup.length);

    // The check cannot open a data directory the app holds.
    const refused = await script('db-check', [], { DATA_DIR: dir('app') });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(`The data directory ${dir('app')} is in use by another process`);
    expect(refused.output).toContain('stop the app, then run this command again');

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);

    const offline = await script('db-backup', [dir('offline.tar.gz')], { DATA_DIR: dir('app') });
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain('(the app was not running)');
    const twice = await script('db-backup', [dir('offline.tar.gz')], { DATA_DIR: dir('app') });
    expect(twice.code).toBe(2);
    expect(twice.output).toContain('exists already');

    writeFileSync(dir('not-a-backup.tar.gz'), 'hello');
    const [overData, notBackup, restoredOnline, restoredOffline] = await Promise.all([
      script('db-restore', [dir('offline.tar.gz')], { DATA_DIR: dir('app') }),
      script('db-restore', [dir('not-a-backup.tar.gz')], { DATA_DIR: dir('never') }),
      script('db-restore', [dir('online.tar.gz.enc')], { DATA_DIR: dir('restored-online'), ...PASSPHRASE }),
      script('db-restore', [dir('offline.tar.gz')], { DATA_DIR: dir('restored-offline') }),
    ]);
    expect(overData.code).toBe(2);
    expect(overData.output).toContain(`${dir('app')} is not empty: a restore never overwrites data`);
    expect(notBackup.code).toBe(2);
    expect(notBackup.output).toContain('is not a backup made by npm run db:backup');
    expect(readdirSync(root)).not.toContain('never');
    for (const restored of [restoredOnline, restoredOffline]) {
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain('Consistency check: no drift.');
    }

    // Both backups are in the trail: who took the one through the app (from where), and the command run from a shell.
    const backups = await withDatabase(dir('app'), async (db) =>
      (await sequenceAll(db), queryRows)<{ actor_kind: string; actor_name: string | null; ip: string | null; target_type: string; after: Record<string, unknown> }>(
        db,
        sql`select actor_kind, actor_name, ip, target_type, after from audit_log where action = 'backup.taken' order by id`,
      ),
    );
    expect(backups).toEqual([
      { actor_kind: 'user', actor_name: expect.any(String), ip: '127.0.0.1', target_type: 'database', after: { encrypted: true } },
      { actor_kind: 'system', actor_name: null, ip: null, target_type: 'database', after: { encrypted: false, via: 'npm run db:backup', osUser: os.userInfo().username } },
    ]);

    const original = await withDatabase(dir('app'), async (db) => ({
      fingerprint: await databaseFingerprint(db, { exclude: [] }),
      entries: await entryRows(db),
    }));
    // Taken with the app stopped: every table equal, row for row.
    const copy = await withDatabase(dir('restored-offline'), (db) => databaseFingerprint(db, { exclude: [] }));
    expect(copy).toEqual(original.fingerprint);
    expect(copy.agents!.rows).toBe(6);
    expect(copy.income_entries!.rows).toBeGreaterThan(acknowledged.length);

    // Taken while entries were written: a moment between two of them, consistent, with every entry acknowledged
    // before the backup began, and only entries the original has.
    const duringWrites = await withDatabase(dir('restored-online'), async (db) => ({
      drifts: await checkConsistency(db, 'UTC'),
      entries: await entryRows(db),
    }));
    expect(duringWrites.drifts).toEqual([]);
    const backedUp = new Set(duringWrites.entries.map((entry) => entry.id));
    expect(beforeBackup.filter((id) => !backedUp.has(id))).toEqual([]);
    const originalById = new Map(original.entries.map((entry) => [entry.id, entry]));
    for (const entry of duringWrites.entries) expect(entry).toEqual(originalById.get(entry.id));
    // Entries are kept in id order: the backup holds a prefix of the original's.
    expect(duringWrites.entries).toEqual(original.entries.slice(0, duringWrites.entries.length));
  }, 180_000);
});

describe('npm run db:check', () => {
  it('reports drift made with SQL (exit 1), repairs it with --repair, and then finds none (exit 0)', async () => {
    const dataDir = dir('restored-offline');
    const before = await withDatabase(dataDir, (db) => databaseFingerprint(db));
    const agentId = await withDatabase(dataDir, corruptFigures);

    const check = await script('db-check', [], { DATA_DIR: dataDir });
    expect(check.code, check.output).toBe(1);
    expect(check.output).toContain(`Drift found in the embedded database in ${dataDir} (4):`);
    expect(check.output).toMatch(new RegExp(`agent ${agentId}: total income [\\d.]+, its entries add up to [\\d.]+`));
    expect(check.output).toMatch(/entry \d+ of agent \d+: new total [\d.-]+, the running sum is [\d.-]+/);
    expect(check.output).toMatch(/agent \d+, (week|month|year) from \d{4}-\d\d-\d\d: income [\d.-]+, its entries add up to [\d.-]+/);
    expect(check.output).toMatch(/agent \d+: reached tier \d+ but the achievement is not recorded/);
    expect(check.output).toContain('npm run db:check -- --repair');

    const repair = await script('db-check', ['--repair'], { DATA_DIR: dataDir });
    expect(repair.code, repair.output).toBe(0);
    expect(repair.output).toContain('Repaired 4 figure(s)');
    expect(repair.output).toContain('The database is consistent now.');

    const clean = await script('db-check', [], { DATA_DIR: dataDir });
    expect(clean.code, clean.output).toBe(0);
    expect(clean.output).toContain('No drift');
    const after = await withDatabase(dataDir, (db) => databaseFingerprint(db));
    // The figures are back; the achievement is recorded again (dated by the entry that reached it).
    for (const table of ['agents', 'income_entries', 'agent_period_totals', 'users', 'reward_claims']) expect(after[table], table).toEqual(before[table]);
    expect(after.tier_achievements!.rows).toBe(before.tier_achievements!.rows);
  }, 120_000);

  it('says so when there is no database in DATA_DIR', async () => {
    const result = await script('db-check', [], { DATA_DIR: dir('empty') });
    expect(result.code).toBe(2);
    expect(result.output).toContain(`There is no database in ${dir('empty')}`);
  }, 30_000);

  const postgres = postgresTestUrl();
  if (postgres) {
    it('checks and repairs a PostgreSQL database named by DATABASE_URL', async () => {
      const name = `tt_${inject('runId')}_dbcheck_${process.pid}`;
      const admin = adminPool(postgres);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
      const url = new URL(postgres);
      url.pathname = `/${name}`;
      const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        for (let i = 0; i < 3; i++) {
          const agent = await createAgent(database.db);
          for (const amount of ['4000.00', '2500.50', '-120.25', '9000.00']) await addIncome(database.db, agent, amount);
        }
        await corruptFigures(database.db);
        const env = { DATABASE_URL: url.toString() };
        const check = await script('db-check', [], env);
        expect(check.code, check.output).toBe(1);
        expect(check.output).toContain('Drift found in the PostgreSQL database (4):');
        expect((await script('db-check', ['--repair'], env)).code).toBe(0);
        const clean = await script('db-check', [], env);
        expect(clean.code, clean.output).toBe(0);
        expect(await checkConsistency(database.db, 'UTC')).toEqual([]);

        // Backups of PostgreSQL are pg_dump's job.
        const backup = await script('db-backup', [dir('pg.tar.gz')], env);
        expect(backup.code).toBe(2);
        expect(backup.output).toContain('back it up with pg_dump');
        const restore = await script('db-restore', [dir('offline.tar.gz')], env);
        expect(restore.code).toBe(2);
        expect(restore.output).toContain('pg_restore');
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 60_000);
  }
});
