// PostgreSQL server administration for the benchmark's databases (scripts/bench/data-set.ts): each run works on a
// copy of the reference data set's database, made and dropped on the server that holds it.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';

/** The same server URL, naming another database. */
export function withDatabaseName(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Whether a database of that name exists on the PostgreSQL server `db` is connected to. */
export async function databaseExists(db: Db, name: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from pg_database where datname = ${name}`);
  return rows.length > 0;
}

/** CREATE DATABASE, optionally as a file-level copy of a template (which nobody may be connected to). */
export async function createDatabase(db: Db, name: string, template?: string): Promise<void> {
  await db.execute(
    template ? sql`create database ${sql.identifier(name)} template ${sql.identifier(template)}` : sql`create database ${sql.identifier(name)}`,
  );
}

/** DROP DATABASE when it exists, disconnecting whoever is still connected to it. */
export async function dropDatabase(db: Db, name: string): Promise<void> {
  await db.execute(sql`drop database if exists ${sql.identifier(name)} with (force)`);
}

/** The size of a database on disk, in bytes. */
export async function databaseBytes(db: Db, name: string): Promise<number> {
  const [row] = await queryRows<{ bytes: string }>(db, sql`select pg_database_size(${name})::text as bytes`);
  return Number(row!.bytes);
}
