// npm run db:restore -- <file> [--passphrase-file F]
// Restores a backup made by `npm run db:backup` into DATA_DIR, which must be empty or not exist yet (a restore
// never overwrites data). Then start the app on that DATA_DIR. On PostgreSQL use pg_restore (README, Backups).
// An encrypted backup needs its passphrase: --passphrase-file, BACKUP_PASSPHRASE, or a prompt.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BACKUP_MAGIC, BackupPassphraseError, decryptBackup, isEncryptedBackup } from '../server/db/backup';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { checkConsistency } from '../server/db/operations/check-consistency';
import { givenPassphrase, openUnlessLocked, parseBackupCommand } from './support/backup-command';
import { ask, runCli } from './support/cli';

const usage = `Usage: npm run db:restore -- <file> [--passphrase-file FILE]

Restores a backup made by npm run db:backup into the embedded database directory DATA_DIR (default ./data), which
must be empty or not exist yet. An encrypted backup is opened with the first line of --passphrase-file, or
BACKUP_PASSPHRASE, or a passphrase typed at the prompt. On PostgreSQL (DATABASE_URL set) use pg_restore; see Backups
in the README.`;

/** The passphrase of an encrypted backup: the first line of --passphrase-file, BACKUP_PASSPHRASE, or a prompt. */
async function passphraseFor(file: string, passphraseFile: string | undefined): Promise<string | undefined> {
  return givenPassphrase(passphraseFile) ?? (await ask(`Passphrase of ${path.basename(file)}: `, true));
}

/** Whether the bytes are a .tar.gz, as npm run db:backup writes (before encryption). */
const isArchive = (data: Buffer) => data.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC);

async function main(): Promise<number> {
  const command = parseBackupCommand(
    { 'passphrase-file': { type: 'string' } },
    usage,
    () => 'restore a pg_dump backup with pg_restore, for example\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" backup.dump',
  );
  if (typeof command === 'number') return command;
  const { values, file, config, dataDir } = command;
  if (!existsSync(file)) {
    console.error(`${file} does not exist.`);
    return 2;
  }
  let archive = readFileSync(file);
  const encrypted = isEncryptedBackup(archive);
  if (!encrypted && !isArchive(archive)) {
    console.error(`${file} is not a backup made by npm run db:backup (a .tar.gz of the data directory).`);
    return 2;
  }

  const existed = existsSync(dataDir);
  if (existed && readdirSync(dataDir).length > 0) {
    console.error(`${dataDir} is not empty: a restore never overwrites data. Restore into a new or empty directory ` +
      '(set DATA_DIR), or move the current one away first (stop the app if it runs on it).');
    return 2;
  }
  if (encrypted) {
    // Checked whole before anything is written: a wrong passphrase or a changed file changes nothing.
    const passphrase = await passphraseFor(file, values['passphrase-file']);
    if (!passphrase) {
      console.error(`${file} is encrypted: give its passphrase with --passphrase-file or BACKUP_PASSPHRASE, or run this command in a terminal.`);
      return 2;
    }
    try {
      archive = await decryptBackup(archive, passphrase);
    } catch (error) {
      if (!(error instanceof BackupPassphraseError)) throw error;
      console.error(`${file}: ${error.message}`);
      return 2;
    }
    if (!isArchive(archive)) {
      console.error(`${file} is not a backup made by npm run db:backup (it decrypts, but not to a .tar.gz).`);
      return 2;
    }
  }

  let database;
  try {
    database = await openUnlessLocked(config, new Blob([archive]));
  } catch (error) {
    // Leave the directory as it was found.
    if (existed) for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    else rmSync(dataDir, { recursive: true, force: true });
    console.error(`${file} could not be restored: ${(error as Error).message}`);
    return 2;
  }
  if (database instanceof DataDirLockedError) {
    console.error(`${database.message}\nSomething started on this directory meanwhile; nothing was restored.`);
    return 2;
  }
  try {
    const drifts = await checkConsistency(database.db, config.orgTimezone);
    console.log(`Restored ${file} into ${dataDir}.`);
    console.log(
      drifts.length === 0
        ? 'Consistency check: no drift.'
        : `Consistency check: ${drifts.length} figure(s) differ from the income entries; run npm run db:check -- --repair.`,
    );
    console.log(`Start the app on it with DATA_DIR=${config.dataDir}.`);
  } finally {
    await database.close();
  }
  return 0;
}

runCli(main, usage, 2);
