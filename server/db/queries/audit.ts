import { sql, type SQL } from 'drizzle-orm';
import type { AuditActorList, AuditExportQuery, AuditListQuery, AuditRow } from '../../../contract/audit';
import { queryRows, type Db } from '../client';
import { agents, auditLog, users } from '../schema';
import { sequenceAll } from '../sequencer';
import { epochMs } from '../time-sql';
import { EXPORT_BATCH_ROWS, keysetBatches } from './exports';

interface StoredAuditRow {
  id: number;
  at_ms: number;
  actor_kind: AuditRow['actor']['kind'];
  actor_id: number | null;
  actor_name: string | null;
  action: AuditRow['action'];
  target_type: string | null;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  prev_hash: string | null;
  hash: string;
}

/**
 * The filter of the trail's reads (rows `l`): who (`user:3`, `agent:7`, `token:2`, `system`), what, and between two
 * days inclusive in `timeZone`.
 */
function auditWhere(query: AuditExportQuery, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (query.actor === 'system') conditions.push(sql`l.actor_kind = 'system'`);
  else if (query.actor) {
    const [kind, id] = query.actor.split(':');
    conditions.push(sql`l.actor_kind = ${kind} and l.actor_id = ${Number(id)}::int`);
  }
  if (query.action) conditions.push(sql`l.action = ${query.action}`);
  if (query.from) conditions.push(sql`l.at >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) conditions.push(sql`l.at < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  return conditions;
}

/**
 * A row's columns, with the actor's name: the name recorded then (people, tokens), else the account's while it
 * exists (agents, whose names the trail never keeps, and people who set a password with a link).
 */
const columns = sql`l.id::float8 as id, ${epochMs(sql`l.at`)} as at_ms, l.actor_kind, l.actor_id,
  coalesce(l.actor_name, case l.actor_kind when 'agent' then (select a.name from ${agents} a where a.id = l.actor_id)
    when 'user' then (select u.name from ${users} u where u.id = l.actor_id) end) as actor_name,
  l.action, l.target_type, l.target_id, l.before, l.after, l.ip, l.user_agent, l.prev_hash, l.hash`;

const toAuditRow = (row: StoredAuditRow): AuditRow => ({
  id: row.id,
  at: new Date(row.at_ms).toISOString(),
  actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  before: row.before,
  after: row.after,
  ip: row.ip,
  userAgent: row.user_agent,
  hash: row.hash,
});

/** A page of the trail, newest first; one more row than asked is read to tell whether a next page exists. */
export async function listAuditPage(db: Db, query: AuditListQuery, timeZone: string): Promise<{ rows: AuditRow[]; nextOffset: number | null }> {
  // Rows still in the inbox are chained first, so that a change that has answered shows (server/db/sequencer.ts).
  await sequenceAll(db);
  const conditions = auditWhere(query, timeZone);
  const rows = await queryRows<StoredAuditRow>(
    db,
    sql`select ${columns} from ${auditLog} l
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by l.id desc limit ${query.limit + 1} offset ${query.offset}`,
  );
  return {
    rows: rows.slice(0, query.limit).map(toAuditRow),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

/** Everyone who appears in the trail, people first, by name: the choices of the filter by person. */
export async function listAuditActors(db: Db): Promise<AuditActorList> {
  const rows = await queryRows<{ actor_kind: AuditRow['actor']['kind']; actor_id: number | null; actor_name: string | null }>(
    db,
    sql`select d.actor_kind, d.actor_id,
        coalesce(d.actor_name, case d.actor_kind when 'agent' then (select a.name from ${agents} a where a.id = d.actor_id)
          when 'user' then (select u.name from ${users} u where u.id = d.actor_id) end) as actor_name
      from (
        select l.actor_kind, l.actor_id, (array_agg(l.actor_name order by l.id desc) filter (where l.actor_name is not null))[1] as actor_name
        from ${auditLog} l group by l.actor_kind, l.actor_id
      ) d
      order by array_position(array['user', 'token', 'agent', 'system'], d.actor_kind), 3 nulls last, 2`,
  );
  return rows.map((row) => ({
    key: row.actor_kind === 'system' ? 'system' : `${row.actor_kind}:${row.actor_id}`,
    kind: row.actor_kind,
    id: row.actor_id,
    name: row.actor_name,
  }));
}

export type AuditExportRow = StoredAuditRow;

/** Every row of the filter, oldest first, a batch at a time (by keyset on id). */
export async function* auditExportBatches(db: Db, query: AuditExportQuery, timeZone: string): AsyncGenerator<AuditExportRow[]> {
  await sequenceAll(db);
  const conditions = auditWhere(query, timeZone);
  yield* keysetBatches(
    (after: number | undefined) =>
      queryRows<StoredAuditRow>(
        db,
        sql`select ${columns} from ${auditLog} l
          where ${sql.join([...conditions, sql`l.id > ${after ?? 0}`], sql` and `)}
          order by l.id limit ${EXPORT_BATCH_ROWS}`,
      ),
    (last) => last.id,
  );
}

/** What audit:verify reads: each row's links and the text its hash covers (audit_log_content, migration 0013). */
export interface AuditChainRow {
  id: number;
  prev_hash: string | null;
  hash: string;
  content: string;
}

export async function readAuditChain(db: Db, afterId: number, limit: number): Promise<AuditChainRow[]> {
  if (afterId === 0) await sequenceAll(db);
  return queryRows<AuditChainRow>(
    db,
    sql`select l.id::float8 as id, l.prev_hash, l.hash, audit_log_content(l) as content
      from ${auditLog} l where l.id > ${afterId} order by l.id limit ${limit}`,
  );
}
