// Online backups of the embedded database (docs/decisions/0007-backups.md): taken from the files on disk between
// pg_backup_start and pg_backup_stop while the app keeps writing, restored by PostgreSQL's recovery from
// backup_label, and encrypted with a passphrase when one is given. Real data directories and the real commands.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCRYPTED_BACKUP_MAGIC, takeEmbeddedBackup } from '../../server/db/backup';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { loadReferenceData } from '../../scripts/bench/bulk-load';
import { FACTORY_PASSWORD_HASH } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { killStartedProcesses, runToExit } from '../support/app-process';

const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-backup-online-'));
const dir = (name: string) => path.join(root, name);
const PASSPHRASE = 'correct horse battery staple';
let database: Database;
let closed = false;
const agentIds: number[] = [];

beforeAll(async () => {
  database = await openDatabase({ engine: 'pglite', dataDir: dir('app') });
  await database.migrate();
  // A few thousand entries with their totals, roll-ups and achievements, loaded in one transaction.
  await loadReferenceData(database.db, { agents: 40, entries: 4_000, months: 6, activities: 2_000, now: new Date(), timeZone: 'UTC', passwordHash: FACTORY_PASSWORD_HASH });
  agentIds.push(...(await queryRows<{ id: number }>(database.db, sql`select id from agents order by id limit 2`)).map((row) => row.id));
}, 120_000);

afterAll(async () => {
  killStartedProcesses();
  if (!closed) await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const restore = (file: string, dataDir: string, env: Record<string, string> = {}, args: string[] = []) =>
  runToExit(['scripts/db-restore.ts', file, ...args], { DATA_DIR: dataDir, BACKUP_PASSPHRASE: '', ...env });

const entryIds = async (db: Db) =>
  (await queryRows<{ id: number }>(db, sql`select id::int as id from income_entries order by id`)).map((row) => row.id);

async function withDatabase<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const restored = await openDatabase({ engine: 'pglite', dataDir });
  try {
    return await use(restored.db);
  } finally {
    await restored.close();
  }
}

/** Fails if the promise takes longer than `ms`: a write waiting for the backup would wait for ever here. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms))]);
}

/** The names in a tar (PGlite's layout: "/base/5/1259"). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length && tar[offset] !== 0; ) {
    names.push(tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, ''));
    const size = Number.parseInt(tar.toString('latin1', offset + 124, offset + 135), 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

describe('an online backup', () => {
  it('lets the app write while it is taken, and restores to the moment it ended', async () => {
    const before = await entryIds(database.db);
    expect(before.length).toBe(4_000);

    const backup = await takeEmbeddedBackup(database.db);
    const reader = backup.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const first = await reader.next();
    expect(first.done).toBe(false);
    const chunks: Buffer[] = [first.value];

    // The backup is in progress (the stream waits for its reader) and the app records an entry meanwhile: the copy
    // holds no lock, so the write completes at once.
    const during = await within(10_000, addIncome(database.db, { id: agentIds[0]! }, '1234.56', { description: 'during the backup' }), 'a write during the backup');
    expect(backup.stream.readableEnded).toBe(false);
    let settled = false;
    void backup.done.finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);

    for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value);
    const file = Buffer.concat(chunks);
    expect(await backup.done).toBe(file.length);
    // After pg_backup_stop: not in the backup.
    const after = await addIncome(database.db, { id: agentIds[1]! }, '7.00', { description: 'after the backup' });

    // The archive: the data files without the WAL the app keeps, then backup_label and the WAL of the backup.
    const names = tarNames(gunzipSync(file));
    expect(names[0]).toBe('/PG_VERSION');
    expect(names).toContain('/pg_wal');
    expect(names).toContain('/backup_label');
    const wal = names.filter((name) => /^\/pg_wal\/[0-9A-F]{24}$/.test(name));
    expect(wal.length).toBeGreaterThanOrEqual(1);
    expect(names.indexOf('/global/pg_control')).toBeLessThan(names.indexOf('/backup_label'));
    expect(names.indexOf('/backup_label')).toBeLessThan(names.indexOf(wal[0]!));
    for (const name of ['/postmaster.pid', '/pg_subtrans/0000']) expect(names).not.toContain(name);

    writeFileSync(dir('online.tar.gz'), file);
    const restored = await restore(dir('online.tar.gz'), dir('restored'));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Consistency check: no drift.');
    await withDatabase(dir('restored'), async (db) => {
      // Recovery from backup_label replayed the WAL up to pg_backup_stop: the entry written during the copy is
      // there, with its totals; the one written after is not.
      expect(await entryIds(db)).toEqual([...before, during.id]);
      expect(after.id).toBeGreaterThan(during.id);
      expect(await checkConsistency(db, 'UTC')).toEqual([]);
      const [checkpoint] = await queryRows<{ redo: string }>(db, sql`select redo_wal_file as redo from pg_control_checkpoint()`);
      // The restored database checkpointed after the backup's WAL: it was recovered, not just opened.
      expect(checkpoint!.redo > wal.at(-1)!.slice(1 + '/pg_wal'.length)).toBe(true);
    });
  }, 90_000);

  it('takes one backup at a time, and an abandoned one ends the backup so the next can start', async () => {
    const first = await takeEmbeddedBackup(database.db);
    const reader = first.stream[Symbol.asyncIterator]();
    await reader.next();
    let secondStarted = false;
    const second = takeEmbeddedBackup(database.db).then((backup) => {
      secondStarted = true;
      return backup;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondStarted).toBe(false);

    // The reader goes away (a closed connection): pg_backup_stop runs and the next backup starts.
    first.stream.destroy();
    await expect(first.done).rejects.toThrow();
    const next = await within(10_000, second, 'the next backup');
    const file = await buffer(next.stream as Readable);
    expect(await next.done).toBe(file.length);
    expect(tarNames(gunzipSync(file))).toContain('/backup_label');
  }, 60_000);
});

describe('an encrypted backup', () => {
  let encrypted: Buffer;

  beforeAll(async () => {
    const backup = await takeEmbeddedBackup(database.db, { passphrase: PASSPHRASE });
    expect(backup.encrypted).toBe(true);
    encrypted = await buffer(backup.stream);
    writeFileSync(dir('encrypted.bin'), encrypted);
  }, 60_000);

  it('is not readable without its passphrase, and round-trips with it', async () => {
    expect(encrypted.subarray(0, ENCRYPTED_BACKUP_MAGIC.length).equals(ENCRYPTED_BACKUP_MAGIC)).toBe(true);
    // No gzip or tar structure shows through.
    expect(encrypted.includes(Buffer.from('PG_VERSION'))).toBe(false);

    writeFileSync(dir('passphrase.txt'), `${PASSPHRASE}\n`, { mode: 0o600 });
    const restored = await restore(dir('encrypted.bin'), dir('restored-encrypted'), {}, ['--passphrase-file', dir('passphrase.txt')]);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Consistency check: no drift.');
    const original = await entryIds(database.db);
    expect(await withDatabase(dir('restored-encrypted'), entryIds)).toEqual(original);
  }, 60_000);

  it('refuses a wrong passphrase, a changed byte and a missing passphrase, and changes nothing', async () => {
    // A byte of the header (the salt), of the data, and of the tag.
    const offsets = [20, Math.floor(encrypted.length / 2), encrypted.length - 1];
    for (const [i, offset] of offsets.entries()) {
      const tampered = Buffer.from(encrypted);
      tampered[offset]! ^= 0x01;
      writeFileSync(dir(`tampered-${i}.bin`), tampered);
    }
    const [wrong, none, ...tampered] = await Promise.all([
      restore(dir('encrypted.bin'), dir('wrong'), { BACKUP_PASSPHRASE: 'not the passphrase at all' }),
      restore(dir('encrypted.bin'), dir('none')),
      ...offsets.map((_, i) => restore(dir(`tampered-${i}.bin`), dir(`tampered-${i}`), { BACKUP_PASSPHRASE: PASSPHRASE })),
    ]);
    for (const result of [wrong!, ...tampered]) {
      expect(result.code, result.output).toBe(2);
      expect(result.output).toContain('The passphrase is wrong, or the backup file was changed or damaged: nothing was restored');
    }
    expect(none!.code).toBe(2);
    expect(none!.output).toContain('is encrypted: give its passphrase');
    for (const name of ['wrong', 'none', 'tampered-0', 'tampered-1', 'tampered-2']) expect(existsSync(dir(name)), name).toBe(false);
  }, 60_000);

  it('is written by npm run db:backup with --passphrase-file or BACKUP_PASSPHRASE, which must be long enough', async () => {
    await database.close();
    closed = true;
    const env = { DATA_DIR: dir('app') };
    const short = await runToExit(['scripts/db-backup.ts', dir('short.bin')], { ...env, BACKUP_PASSPHRASE: 'too short' });
    expect(short.code).toBe(2);
    expect(short.output).toContain('at least 12 characters');
    expect(existsSync(dir('short.bin'))).toBe(false);

    const made = await runToExit(['scripts/db-backup.ts', dir('script.bin'), '--passphrase-file', dir('passphrase.txt')], env);
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('(the app was not running, encrypted)');
    expect(readFileSync(dir('script.bin')).subarray(0, ENCRYPTED_BACKUP_MAGIC.length).equals(ENCRYPTED_BACKUP_MAGIC)).toBe(true);
    const restored = await restore(dir('script.bin'), dir('restored-script'), { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Consistency check: no drift.');
    const [original, copy] = [await withDatabase(dir('app'), entryIds), await withDatabase(dir('restored-script'), entryIds)];
    expect(copy).toEqual(original);
  }, 90_000);
});
