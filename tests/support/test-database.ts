import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database, type Engine } from '../../server/db/client';
import { adminPool, databaseUrl, postgresTestUrl } from './postgres-admin';

/** The engines the integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testEngines(): Engine[] {
  return postgresTestUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

let counter = 0;

/** A fresh, migrated database of the given engine, copied from the run's template. */
export async function openTestDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const tar = readFileSync(inject('pgliteTemplatePath'));
    return openDatabase({ engine: 'pglite', loadDataDir: new Blob([tar]) });
  }
  const { url: target, drop } = await createPostgresTestDatabase();
  const database = await openDatabase({ engine: 'postgres', url: target, poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/**
 * A fresh, migrated PostgreSQL database copied from the run's template, for tests that connect to it more than once
 * (several app instances): its URL, and what drops it.
 */
export async function createPostgresTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const url = postgresTestUrl();
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('TEST_DATABASE_URL is not set; PostgreSQL tests cannot run');
  const name = `tt_${inject('runId')}_${process.pid}_${++counter}`;
  const admin = adminPool(url);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: databaseUrl(url, name),
    drop: async () => {
      const cleanup = adminPool(url);
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
