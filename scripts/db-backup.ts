// npm run db:backup -- <file> [--url http://127.0.0.1:3000] [--email owner@example.com] [--passphrase-file F] [--force]
// Writes a consistent backup of the embedded database (DATA_DIR) to <file>, a .tar.gz of the data directory
// (encrypted with AES-256-GCM when a passphrase is given: --passphrase-file or BACKUP_PASSPHRASE).
// When the app is not running, the backup is read from the data directory directly. While it runs, the app holds
// the data directory (a second process would corrupt it), so the backup is asked of the app itself: the command
// signs in as an owner and downloads POST /api/admin/backup (docs/decisions/0007-backups.md).
// On PostgreSQL (DATABASE_URL) use pg_dump; see Backups in the README.
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import os from 'node:os';
import type { AppConfig } from '../server/config';
import { appendAudit, SYSTEM_ACTOR } from '../server/db/audit';
import { assertBackupPassphrase, BackupPassphraseError, takeEmbeddedBackup } from '../server/db/backup';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { givenPassphrase, openUnlessLocked, parseBackupCommand } from './support/backup-command';
import { ask, CommandError, runCli } from './support/cli';

const usage = `Usage: npm run db:backup -- <file> [--url URL] [--email EMAIL] [--passphrase-file FILE] [--force]

Backs up the embedded database in DATA_DIR (default ./data) to <file> (a .tar.gz; restore it with npm run db:restore).
While the app runs, the backup is taken by the app: the command signs in at --url (default http://HOST:PORT from the
environment) as the owner --email (default BACKUP_EMAIL or OWNER_EMAIL), with the password from BACKUP_PASSWORD
or OWNER_PASSWORD, or a prompt. The file holds personal data and password hashes: it is created readable by its
owner only. With a passphrase (the first line of --passphrase-file, or BACKUP_PASSPHRASE; at least 12 characters)
the file is encrypted (AES-256-GCM); npm run db:restore asks for it.
On PostgreSQL (DATABASE_URL set) use pg_dump instead; see Backups in the README.`;

/** Writes through a temporary file, so that a failed backup never leaves a truncated file under the name asked for. */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
  const temporary = `${file}.partial-${process.pid}`;
  try {
    await write(temporary);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

async function backUpDirectly(config: AppConfig, file: string, passphrase: string | undefined): Promise<boolean> {
  const database = await openUnlessLocked(config);
  if (database instanceof DataDirLockedError) return false;
  try {
    // Taken from a shell with the app stopped: the trail names the command and the account that ran it.
    const after = { encrypted: passphrase !== undefined, via: 'npm run db:backup', osUser: os.userInfo().username };
    await appendAudit(database.db, SYSTEM_ACTOR, { action: 'backup.taken', targetType: 'database', targetId: null, after }, new Date());
    const backup = await takeEmbeddedBackup(database.db, passphrase === undefined ? {} : { passphrase });
    await writeAtomically(file, (temporary) => pipeline(backup.stream, createWriteStream(temporary, { mode: 0o600 })));
  } finally {
    await database.close();
  }
  return true;
}

function defaultUrl(config: AppConfig): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new CommandError(`Could not reach the app at ${new URL(url).origin} (${(error as Error).cause ?? (error as Error).message}). Pass --url with the address it runs at.`);
  }
}

async function messageOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text || res.statusText;
  }
}

async function backUpThroughApp(config: AppConfig, file: string, options: { url?: string; email?: string }, passphrase: string | undefined) {
  const base = (options.url ?? defaultUrl(config)).replace(/\/+$/, '');
  const email = options.email ?? process.env.BACKUP_EMAIL ?? config.owner?.email;
  if (!email) throw new CommandError('The app is running on this data directory: pass --email (or set OWNER_EMAIL) of an owner account to take the backup through it.');
  const password = process.env.BACKUP_PASSWORD || config.owner?.password || (await ask(`Password of ${email}: `, true));
  if (!password) throw new CommandError(`No password for ${email}: set BACKUP_PASSWORD (or OWNER_PASSWORD), or run this command in a terminal.`);

  const login = await call(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new CommandError(`Signing in as ${email} at ${base} failed: ${login.status} ${await messageOf(login)}`);
  const cookie = (login.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
  try {
    // The app encrypts it: the backup never leaves the app unencrypted.
    const res = await call(`${base}/api/admin/backup`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(passphrase === undefined ? {} : { passphrase }),
    });
    if (!res.ok || !res.body) throw new CommandError(`The app refused the backup: ${res.status} ${await messageOf(res)}`);
    await writeAtomically(file, (temporary) =>
      pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(temporary, { mode: 0o600 })),
    );
  } finally {
    await call(`${base}/api/logout`, { headers: { cookie }, redirect: 'manual' }).catch(() => undefined);
  }
  return base;
}

/** The passphrase to encrypt with: the first line of --passphrase-file, else BACKUP_PASSPHRASE, else none. */
function backupPassphrase(passphraseFile: string | undefined): string | undefined {
  const passphrase = givenPassphrase(passphraseFile);
  if (passphrase !== undefined) assertBackupPassphrase(passphrase);
  return passphrase;
}

async function main(): Promise<number> {
  const command = parseBackupCommand(
    { url: { type: 'string' }, email: { type: 'string' }, 'passphrase-file': { type: 'string' }, force: { type: 'boolean' } },
    usage,
    (given) => `back it up with pg_dump, for example\n  pg_dump --format=custom --file=${given} "$DATABASE_URL"`,
  );
  if (typeof command === 'number') return command;
  const { values, file, config, dataDir } = command;
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    console.error(`There is no database in ${dataDir} (set DATA_DIR).`);
    return 2;
  }
  if (existsSync(file) && !values.force) {
    console.error(`${file} exists already: choose another name, or pass --force to replace it.`);
    return 2;
  }

  try {
    const passphrase = backupPassphrase(values['passphrase-file']);
    const encrypted = passphrase === undefined ? '' : ', encrypted';
    if (await backUpDirectly(config, file, passphrase)) {
      console.log(`Backed up the embedded database in ${dataDir} to ${file} (the app was not running${encrypted}).`);
    } else {
      const base = await backUpThroughApp(config, file, values, passphrase);
      console.log(`Backed up the embedded database in ${dataDir} to ${file} (taken by the app running at ${base}${encrypted}).`);
    }
  } catch (error) {
    if (error instanceof BackupPassphraseError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  return 0;
}

runCli(main, usage, 2);
