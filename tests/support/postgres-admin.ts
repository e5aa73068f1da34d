import pg from 'pg';

/** The PostgreSQL server the integration tests also run on, when TEST_DATABASE_URL is set. */
export function postgresTestUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** A small pool on the server's maintenance database, for creating and dropping test databases. */
export function adminPool(url: string): pg.Pool {
  return new pg.Pool({ connectionString: url, max: 1 });
}

/** A new, empty database of its own on the test server: its name and URL, and how to drop it. */
export interface OwnDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The address of the database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates an empty database named after `prefix` (unique to this process and moment) on the server at `serverUrl`. */
export async function createOwnDatabase(serverUrl: string, prefix: string): Promise<OwnDatabase> {
  const name = `tt_${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = adminPool(serverUrl);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { name, url: databaseUrl(serverUrl, name), drop: () => dropDatabases(serverUrl, [name]) };
}

/** Drops these databases, ending their connections first. */
export async function dropDatabases(serverUrl: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const admin = adminPool(serverUrl);
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Runs `use` with a database of its own, dropped afterwards whatever happens. */
export async function withOwnDatabase<T>(serverUrl: string, prefix: string, use: (database: OwnDatabase) => Promise<T>): Promise<T> {
  const database = await createOwnDatabase(serverUrl, prefix);
  try {
    return await use(database);
  } finally {
    await database.drop();
  }
}
