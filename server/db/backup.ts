// Backups of the embedded database (docs/decisions/0007-backups.md): PostgreSQL's online backup, read from the data
// directory on disk and streamed as a gzipped tar, optionally encrypted with a passphrase.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { open, readdir, lstat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { BACKUP_PASSPHRASE_MAX, BACKUP_PASSPHRASE_MIN } from '../../contract/admin';
import { queryRows, type Db } from './client';
import { PgliteThread } from './pglite-thread';

/** The gzip magic number: every unencrypted backup file starts with it. */
export const BACKUP_MAGIC = Buffer.from([0x1f, 0x8b]);

// ---------------------------------------------------------------------------------------------------------------
// Encryption: MAGIC (8) | version (1) | scrypt salt (16) | GCM iv (12) | AES-256-GCM ciphertext of the .tar.gz | tag (16)
// The header is the cipher's additional data, so that changing any byte of the file fails the tag.

/** Every encrypted backup file starts with these bytes. */
export const ENCRYPTED_BACKUP_MAGIC = Buffer.from('TTBACKUP', 'latin1');
const ENCRYPTION_VERSION = 1;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = ENCRYPTED_BACKUP_MAGIC.length + 1 + SALT_BYTES + IV_BYTES;
// Version 1's key derivation: scrypt N=2^17, r=8, p=1 (128 MiB, a few hundred milliseconds), a 32-byte key.
const SCRYPT: ScryptOptions = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

/** A wrong passphrase, a changed or truncated file, or a passphrase that is not acceptable. */
export class BackupPassphraseError extends Error {}

export function assertBackupPassphrase(passphrase: string): void {
  if (passphrase.length < BACKUP_PASSPHRASE_MIN) {
    throw new BackupPassphraseError(`The backup passphrase must be at least ${BACKUP_PASSPHRASE_MIN} characters.`);
  }
  if (passphrase.length > BACKUP_PASSPHRASE_MAX) {
    throw new BackupPassphraseError(`The backup passphrase must be at most ${BACKUP_PASSPHRASE_MAX} characters.`);
  }
}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** True when the file (or its first bytes) is an encrypted backup. */
export function isEncryptedBackup(file: Buffer): boolean {
  return file.subarray(0, ENCRYPTED_BACKUP_MAGIC.length).equals(ENCRYPTED_BACKUP_MAGIC);
}

/** A stream that encrypts what goes through it, header first and tag last. */
async function encryptingStream(passphrase: string): Promise<Transform> {
  assertBackupPassphrase(passphrase);
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([ENCRYPTED_BACKUP_MAGIC, Buffer.from([ENCRYPTION_VERSION]), salt, iv]);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  cipher.setAAD(header);
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      start(this);
      callback(null, cipher.update(chunk));
    },
    flush(callback) {
      start(this);
      this.push(cipher.final());
      callback(null, cipher.getAuthTag());
    },
  });
}

/**
 * The .tar.gz inside an encrypted backup, checked whole before any of it is returned: a wrong passphrase and a
 * changed, truncated or extended file all fail the same way (BackupPassphraseError).
 */
export async function decryptBackup(file: Buffer, passphrase: string): Promise<Buffer<ArrayBuffer>> {
  if (!isEncryptedBackup(file)) throw new BackupPassphraseError('This is not an encrypted backup.');
  const version = file[ENCRYPTED_BACKUP_MAGIC.length];
  if (version !== ENCRYPTION_VERSION) {
    throw new BackupPassphraseError(`This backup is encrypted with format version ${version}, which this version of the app cannot read.`);
  }
  if (file.length < HEADER_BYTES + TAG_BYTES) throw new BackupPassphraseError('The encrypted backup is truncated.');
  const header = file.subarray(0, HEADER_BYTES);
  const salt = header.subarray(ENCRYPTED_BACKUP_MAGIC.length + 1, ENCRYPTED_BACKUP_MAGIC.length + 1 + SALT_BYTES);
  const iv = header.subarray(HEADER_BYTES - IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  decipher.setAAD(header);
  decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
  const plain = decipher.update(file.subarray(HEADER_BYTES, file.length - TAG_BYTES));
  try {
    return Buffer.concat([plain, decipher.final()]);
  } catch (error) {
    plain.fill(0);
    throw new BackupPassphraseError('The passphrase is wrong, or the backup file was changed or damaged: nothing was restored.', { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A tar in PGlite's own layout (what dumpDataDir writes and loadDataDir reads): ustar headers, names relative to
// the data directory with a leading slash ("/base/5/1259"), a directory entry before its contents.

const BLOCK = 512;
const CHUNK = 256 * 1024;
const ZEROS = Buffer.alloc(BLOCK * 2);

function octal(header: Buffer, offset: number, length: number, value: number) {
  const digits = Math.trunc(value).toString(8);
  if (digits.length > length - 1) throw new Error(`${value} does not fit a tar header field`);
  header.write(`${digits.padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

function tarHeader(name: string, type: 'file' | 'directory', size: number, mode: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  // PGlite's reader ignores the ustar prefix field: every name must fit the 100-byte name field (with its NUL).
  if (Buffer.byteLength(name) > 99) throw new Error(`${name}: the name is too long for the backup archive`);
  header.write(name, 0, 'utf8');
  octal(header, 100, 8, mode & 0o777);
  octal(header, 108, 8, 0);
  octal(header, 116, 8, 0);
  octal(header, 124, 12, size);
  octal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(0x20, 148, 156);
  header.write(type === 'directory' ? '5' : '0', 156, 'latin1');
  header.write('ustar\u000000', 257, 8, 'latin1');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return header;
}

const padding = (size: number) => ZEROS.subarray(0, (BLOCK - (size % BLOCK)) % BLOCK);

function* contentEntry(name: string, content: Buffer, mode = 0o600): Generator<Buffer> {
  yield tarHeader(name, 'file', content.length, mode, new Date());
  yield content;
  yield padding(content.length);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * One file as it is on disk: its size when opened is the size in its header; then it is read up to that size, and
 * if it shrank meanwhile the rest is zeros (recovery rewrites every page changed during the backup from the WAL).
 * A file that vanished before it was opened (a dropped table) is left out, unless `required`.
 */
async function* fileEntry(fullPath: string, name: string, required = false): AsyncGenerator<Buffer> {
  let handle;
  try {
    handle = await open(fullPath, 'r');
  } catch (error) {
    if (isMissing(error) && !required) return;
    throw error;
  }
  try {
    const stats = await handle.stat();
    yield tarHeader(name, 'file', stats.size, stats.mode, stats.mtime);
    let left = stats.size;
    let ended = false;
    while (left > 0) {
      const chunk = Buffer.alloc(Math.min(CHUNK, left));
      let filled = 0;
      while (!ended && filled < chunk.length) {
        const { bytesRead } = await handle.read(chunk, filled, chunk.length - filled, null);
        if (bytesRead === 0) ended = true;
        filled += bytesRead;
      }
      left -= chunk.length;
      yield chunk;
    }
    yield padding(stats.size);
  } finally {
    await handle.close();
  }
}

/** What pg_basebackup leaves out: directories copied empty, and files never copied (docs/decisions/0007). */
const EMPTY_DIRECTORIES = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
const skippedFile = (name: string) => SKIPPED_FILES.has(name) || name.startsWith('pg_internal.init') || name.startsWith('pgsql_tmp');
const CONTROL_FILE = 'global/pg_control';

/** The data directory's tree, in name order, a directory before its contents; pg_control is left for the end. */
async function* treeEntries(dataDir: string, relative = ''): AsyncGenerator<Buffer> {
  let names: string[];
  try {
    names = (await readdir(path.join(dataDir, relative))).sort();
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const name of names) {
    const rel = relative ? `${relative}/${name}` : name;
    const full = path.join(dataDir, rel);
    let stats;
    try {
      stats = await lstat(full);
    } catch (error) {
      if (isMissing(error)) continue;
      throw error;
    }
    if (stats.isDirectory()) {
      yield tarHeader(`/${rel}`, 'directory', 0, stats.mode, stats.mtime);
      if (!relative && EMPTY_DIRECTORIES.has(name)) {
        // pg_wal keeps its subdirectories (archive_status, summaries), empty; its segments are added at the end.
        if (name === 'pg_wal') yield* walSubdirectories(full, rel);
        continue;
      }
      yield* treeEntries(dataDir, rel);
    } else if (stats.isFile() && rel !== CONTROL_FILE && !skippedFile(name)) {
      yield* fileEntry(full, `/${rel}`);
    }
  }
}

async function* walSubdirectories(full: string, rel: string): AsyncGenerator<Buffer> {
  for (const entry of (await readdir(full, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isDirectory()) continue;
    const stats = await lstat(path.join(full, entry.name));
    yield tarHeader(`/${rel}/${entry.name}`, 'directory', 0, stats.mode, stats.mtime);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// WAL positions

const parseLsn = (lsn: string): bigint => {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn.trim());
  if (!match) throw new Error(`Unexpected WAL location ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
};

const hex8 = (value: bigint | number) => value.toString(16).toUpperCase().padStart(8, '0');

/** The names of the WAL segments from the one holding `start` to the one holding the byte before `stop`. */
export function walSegments(timeline: number, start: bigint, stop: bigint, segmentSize: number): string[] {
  const size = BigInt(segmentSize);
  const perId = 0x1_0000_0000n / size;
  const names: string[] = [];
  for (let segment = start / size; segment <= (stop - 1n) / size; segment++) {
    names.push(`${hex8(timeline)}${hex8(segment / perId)}${hex8(segment % perId)}`);
  }
  return names;
}

function labelField(label: string, field: string): string {
  const line = label.split('\n').find((text) => text.startsWith(`${field}: `));
  if (!line) throw new Error(`backup_label has no ${field}`);
  return line.slice(field.length + 2);
}

// ---------------------------------------------------------------------------------------------------------------
// Online backup

/** One backup at a time per database: PostgreSQL allows one per session, and PGlite has one session. */
const turns = new WeakMap<object, Promise<void>>();

async function takeTurn(key: object): Promise<() => void> {
  const previous = turns.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  turns.set(key, previous.then(() => mine));
  await previous;
  return release;
}

/**
 * The tar of a data dir on disk, taken with PostgreSQL's online backup: pg_backup_start (a checkpoint, then the
 * backup is in progress), the files copied from disk while the app keeps reading and writing, pg_backup_stop, and
 * then its backup_label and the WAL written from start to stop, which a restore replays (PostgreSQL starts with
 * crash recovery from backup_label and ends at a consistent point, the moment of pg_backup_stop). Only the two
 * SQL calls run in the database thread; everything else runs here, outside PGlite's lock. pg_backup_stop is always
 * called: when the tar is finished, or when it fails or is abandoned (the stream is destroyed).
 */
async function onlineTar(db: Db, dataDir: string): Promise<Readable> {
  const lockKey = db as object;
  const release = await takeTurn(lockKey);
  let stopping = false;
  const stop = async () => {
    stopping = true;
    const [result] = await queryRows<{ lsn: string; labelfile: string }>(
      db,
      sql`select lsn::text as lsn, labelfile from pg_backup_stop(false)`,
    );
    return result!;
  };
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      try {
        if (!stopping) await stop().catch(() => undefined);
      } finally {
        release();
      }
    })());

  let segmentSize: number;
  try {
    const [setting] = await queryRows<{ bytes: number }>(db, sql`select setting::int as bytes from pg_settings where name = 'wal_segment_size'`);
    segmentSize = Number(setting!.bytes);
    const label = `tiertrack ${new Date().toISOString()}`;
    // fast: an immediate checkpoint, so that the copy starts at once.
    await queryRows(db, sql`select pg_backup_start(${label}, true)`);
  } catch (error) {
    release();
    throw error;
  }

  async function* entries(): AsyncGenerator<Buffer> {
    try {
      yield* treeEntries(dataDir);
      // pg_control last, as pg_basebackup sends it.
      yield* fileEntry(path.join(dataDir, CONTROL_FILE), `/${CONTROL_FILE}`, true);
      const { lsn, labelfile } = await stop();
      yield* contentEntry('/backup_label', Buffer.from(labelfile, 'utf8'));
      const start = parseLsn(labelField(labelfile, 'START WAL LOCATION').split(' ')[0]!);
      const timeline = Number(labelField(labelfile, 'START TIMELINE'));
      for (const segment of walSegments(timeline, start, parseLsn(lsn), segmentSize)) {
        try {
          yield* fileEntry(path.join(dataDir, 'pg_wal', segment), `/pg_wal/${segment}`, true);
        } catch (error) {
          if (!isMissing(error)) throw error;
          // Only a checkpoint removes WAL, and PGlite (single-user) checkpoints only when told to.
          throw new Error(`The WAL segment ${segment} was removed while the backup was taken (a CHECKPOINT ran meanwhile); take the backup again`, { cause: error });
        }
      }
      yield ZEROS;
    } finally {
      await cleanUp();
    }
  }
  const tar = Readable.from(entries(), { objectMode: false, highWaterMark: 4 * CHUNK });
  // Destroyed before its first read, the generator never ran: its finally cannot stop the backup.
  tar.once('close', () => void cleanUp());
  return tar;
}

/** An in-memory database (tests) has no files to copy: PGlite's own dump, taken between two transactions. */
async function memoryTar(client: PGlite): Promise<Readable> {
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return Readable.from(Buffer.from(await dump.arrayBuffer()));
}

// The fastest level: on the reference data set 7% larger than the default (6) and 2.7 times faster (0007).
const GZIP_LEVEL = 1;

export interface EmbeddedBackup {
  /** The backup file: a .tar.gz of the data directory, or that encrypted when a passphrase was given. */
  stream: Readable;
  encrypted: boolean;
  /** The size of the file once the stream has ended; rejects if it failed or was abandoned. */
  done: Promise<number>;
}

/**
 * A backup of the embedded database while the app serves requests, as a stream: memory stays the same whatever
 * the size of the database, and reads and writes go on while it is taken. Resolves once the backup has started
 * (after pg_backup_start: it waits for any backup already running), so that a failure to start is an error the
 * caller can still answer with.
 */
export async function takeEmbeddedBackup(db: Db, options: { passphrase?: string } = {}): Promise<EmbeddedBackup> {
  const encrypt = options.passphrase !== undefined ? await encryptingStream(options.passphrase) : undefined;
  const client = (db as unknown as { $client: PGlite | PgliteThread }).$client;
  const tar = client instanceof PgliteThread ? await onlineTar(db, client.dataDir) : await memoryTar(client);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // An error in any stage destroys them all, the tar's source included (which stops the backup).
  pipeline([tar, createGzip({ level: GZIP_LEVEL }), ...(encrypt ? [encrypt] : []), counter], () => undefined);
  const done = finished(counter).then(() => bytes);
  done.catch(() => undefined);
  return { stream: counter, encrypted: encrypt !== undefined, done };
}
