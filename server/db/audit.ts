import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditActorKind } from '../../contract/audit';
import { queryRows, writesOneAtATime, type Db } from './client';
import { auditInbox, auditLog } from './schema';

/**
 * Who made a change, as the audit trail records it (docs/product.md §12.12): a person (`user`, with the name then), an
 * agent (no name: agents' names are erased with them, the trail never is), an API token (its name) or the system; and
 * where the request came from.
 */
export interface AuditActor {
  kind: AuditActorKind;
  id: number | null;
  name: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Changes nobody asked for over HTTP: the maintenance jobs, the demo data, db:check --repair. */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', id: null, name: null, ip: null, userAgent: null };

/** One change: what was done to what, with the parts of it before and after that matter (never personal data). */
export interface AuditChange {
  action: AuditAction;
  targetType: string | null;
  targetId: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const json = (value: Record<string, unknown> | null | undefined) => (value ? sql`${JSON.stringify(value)}::jsonb` : sql`null::jsonb`);

function actorValues(actor: AuditActor, at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz, ${actor.kind}, ${actor.id}::int, ${actor.name}::text`;
}

/** The columns an audit row is written with, in `audit_inbox` and `audit_log` alike. */
const AUDIT_COLUMNS = sql.raw('at, actor_kind, actor_id, actor_name, action, target_type, target_id, before, after, ip, user_agent');

/**
 * The common table expression (named `name`, to follow others in a WITH) that adds the rows of `rows` (a query with
 * AUDIT_COLUMNS) to the trail of the transaction `tx`: on PostgreSQL to the audit inbox, without a lock, and the
 * sequencer numbers and chains them into `audit_log` in the order of their transactions once those are final
 * (server/db/sequencer.ts, docs/decisions/0042-event-order-without-a-global-lock.md); where transactions run one at a
 * time (writesOneAtATime: PGlite) straight into `audit_log`, chained by its trigger
 * (docs/decisions/0071-pglite-writes-place-their-events.md). Data-modifying: it runs whether or not the statement
 * selects from it.
 */
function addingAuditRows(tx: Db, name: string, rows: SQL): SQL {
  const table = writesOneAtATime(tx) ? auditLog : auditInbox;
  return sql`${sql.raw(name)} as (
      insert into ${table} (${AUDIT_COLUMNS})
      select * from (${rows}) as r
      returning 1
    )`;
}

/** Appends the rows of `changes` to the trail, inside the transaction `tx` of the change (addingAuditRows). */
export async function appendAudit(tx: Db, actor: AuditActor, changes: AuditChange | readonly AuditChange[], at: Date): Promise<void> {
  const list = Array.isArray(changes) ? (changes as readonly AuditChange[]) : [changes as AuditChange];
  if (list.length === 0) return;
  const rows = list.map(
    (change) =>
      sql`(${actorValues(actor, at)}, ${change.action}, ${change.targetType}::text, ${change.targetId === null ? null : String(change.targetId)}::text,
        ${json(change.before)}, ${json(change.after)}, ${actor.ip}::text, ${actor.userAgent}::text)`,
  );
  await queryRows(tx, sql`with ${addingAuditRows(tx, 'added', sql`values ${sql.join(rows, sql`, `)}`)} select 1`);
}

/**
 * The common table expression (named `audited`, to follow others in a WITH) that adds one row per row of `source`
 * (columns action, target_type, target_id, before, after) to the trail of `tx` (addingAuditRows): for a change made in
 * one statement (an income entry), so that its row commits with it. The statement is to add events too
 * (appendingEvents): on PostgreSQL the hub's pass for them chains this row.
 */
export function appendingAudit(tx: Db, actor: AuditActor, at: Date, source: SQL): SQL {
  return addingAuditRows(
    tx,
    'audited',
    sql`select ${actorValues(actor, at)}, s.action, s.target_type, s.target_id, s.before, s.after, ${actor.ip}::text, ${actor.userAgent}::text
      from (${source}) as s`,
  );
}

/**
 * Runs `work` in a transaction and appends what `describe` says it changed (nothing when it returns null), so the
 * change and its audit row commit together or not at all. For writes that are not already an operation taking the
 * actor itself.
 */
export async function audited<T>(
  db: Db,
  actor: AuditActor,
  at: Date,
  work: (tx: Db) => Promise<T>,
  describe: (result: T) => AuditChange | readonly AuditChange[] | null,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    const changes = describe(result);
    if (changes) await appendAudit(tx, actor, changes, at);
    return result;
  });
}
