// What npm run db:backup and npm run db:restore share: one backup file as their argument, the embedded database only
// (PostgreSQL has pg_dump and pg_restore), where a passphrase comes from, and opening DATA_DIR unless the app holds it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { DataDirLockedError } from '../../server/db/data-dir-lock';
import { CommandError } from './cli';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses `<file> [options]` and --help. Answers the exit code when the command ends there: after the help, on a
 * missing or extra argument, or when the app uses PostgreSQL (`onPostgres` names the tool to use instead, such as
 * "back it up with pg_dump, for example\n  pg_dump ..."). Else the options, the file (resolved) and the configuration.
 */
export function parseBackupCommand<const O extends Options>(options: O, usage: string, onPostgres: (given: string) => string) {
  const help = { help: { type: 'boolean', short: 'h' } } as const;
  const { values, positionals } = parseArgs({ options: { ...options, ...help }, allowPositionals: true, strict: true } as const);
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(`The app uses a PostgreSQL server (DATABASE_URL): ${onPostgres(positionals[0]!)}\nSee Backups in the README.`);
    return 2;
  }
  return { values, file: path.resolve(positionals[0]!), config, dataDir: path.resolve(config.dataDir) };
}

/** The first line of --passphrase-file when given, else BACKUP_PASSPHRASE (undefined when neither is). */
export function givenPassphrase(passphraseFile: string | undefined): string | undefined {
  if (passphraseFile === undefined) return process.env.BACKUP_PASSPHRASE || undefined;
  try {
    return readFileSync(passphraseFile, 'utf8').split(/\r?\n/)[0];
  } catch (error) {
    throw new CommandError(`Could not read the passphrase file ${passphraseFile}: ${(error as Error).message}`);
  }
}

/**
 * Opens the embedded database in DATA_DIR (from `loadDataDir`, a backup's archive, when given), or answers the
 * lock's error when another process (the app) holds the directory.
 */
export async function openUnlessLocked(config: AppConfig, loadDataDir?: Blob): Promise<Database | DataDirLockedError> {
  try {
    return await openDatabase({ engine: 'pglite', dataDir: config.dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
}
