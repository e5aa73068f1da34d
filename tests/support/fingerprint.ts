// A fingerprint of the database's contents, to show that a request (or a tool) changed nothing.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { sequenceAll } from '../../server/db/sequencer';

/**
 * Tables a request may change without changing any business data: sign-in creates and slides sessions and counts
 * attempts, including sign-ins that fail. Nothing else may change when a request is refused.
 */
const SESSION_TABLES = ['sessions', 'sign_in_attempts'] as const;
/** Columns a request may change in other tables in the same way: an API token notes when it was used. */
const USE_COLUMNS: Record<string, string[]> = { api_tokens: ['last_used_at'] };
/**
 * Rows kept whatever requests come: the webhook worker's cursor over the events, the audit sealer's seals (written in
 * the background after any audit row), the deliveries a connector refused, and the audit rows of reads that are recorded because of what they hand out
 * (a backup, claims with contact details): those reads change nothing else.
 */
const WORKER_ROWS: Record<string, ReturnType<typeof sql>> = {
  app_meta: sql`t.key <> 'webhooks_fanned_through'`,
  audit_seals: sql`false`,
  audit_log: sql`t.action not in ('backup.taken', 'claims.exported')`,
  audit_inbox: sql`t.action not in ('backup.taken', 'claims.exported')`,
  // A connector logs the deliveries it refuses (a bad signature, a malformed body), as sign-in counts failed attempts.
  connector_deliveries: sql`t.status <> 'rejected'`,
};

export type Fingerprint = Record<string, { rows: number; md5: string }>;

async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * Row count and md5 of every row of every table in the public schema (each table's rows in the order of their text,
 * so the order they are stored in does not matter), in one query. Tables named in `exclude` are left out; without
 * `exclude`, the session tables, the USE_COLUMNS and the WORKER_ROWS are.
 */
export async function databaseFingerprint(db: Db, options: { exclude?: readonly string[] } = {}): Promise<Fingerprint> {
  // Events and audit rows that earlier changes left in the inboxes are given their places first: a pass made between
  // two fingerprints would otherwise look like a change (server/db/sequencer.ts).
  await sequenceAll(db);
  const exclude = new Set(options.exclude ?? SESSION_TABLES);
  const tables = (await tableNames(db)).filter((name) => !exclude.has(name));
  if (tables.length === 0) return {};
  const parts = tables.map((name) => {
    const ignored = options.exclude ? undefined : USE_COLUMNS[name];
    const row = ignored ? sql`(to_jsonb(t) - ${sql.param(ignored)}::text[])::text` : sql`t::text`;
    const kept = options.exclude ? undefined : WORKER_ROWS[name];
    return sql`select ${name}::text as name, count(*)::int as rows,
        md5(coalesce(string_agg(${row}, E'\n' order by ${row}), '')) as md5
      from ${sql.identifier(name)} t ${kept ? sql`where ${kept}` : sql``}`;
  });
  const rows = await queryRows<{ name: string; rows: number; md5: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, { rows: row.rows, md5: row.md5 }]));
}
