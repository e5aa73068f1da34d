// The database a maintenance command works on: DATABASE_URL when set, else the embedded database in DATA_DIR.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { DataDirLockedError } from '../../server/db/data-dir-lock';

/** The database, or why it cannot be opened (no database there, or the app holds the embedded one). */
export async function openMaintenanceDatabase(config: ReturnType<typeof loadConfig>): Promise<Database | string> {
  if (config.databaseUrl) return openDatabase({ engine: 'postgres', url: config.databaseUrl, poolSize: 2 });
  const dataDir = path.resolve(config.dataDir);
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) return `There is no database in ${dataDir} (set DATA_DIR or DATABASE_URL).`;
  try {
    return await openDatabase({ engine: 'pglite', dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return `${error.message}\nThe app is probably running on it: stop the app, then run this command again.`;
    }
    throw error;
  }
}

/** How a command names where it works: "the PostgreSQL database" or "the embedded database in <dir>". */
export const databaseName = (config: ReturnType<typeof loadConfig>) =>
  config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${path.resolve(config.dataDir)}`;
