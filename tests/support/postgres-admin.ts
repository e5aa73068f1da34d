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
