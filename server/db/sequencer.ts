import { sql } from 'drizzle-orm';
import { queryPrepared, type Db } from './client';
import { sequencingEvents } from './events';
import { auditInbox, auditLog, eventInbox } from './schema';

// An arbitrary constant naming the advisory lock below (the audit chain's trigger, migration 0013, takes it too).
const SEQUENCE_LOCK = sql.raw('7406190003');

/** What one pass of the sequencer did. */
export interface SequencePass {
  /**
   * Every transaction below this id (a 64-bit transaction id, here a number) had ended when the pass read the inboxes,
   * and the pass placed all they wrote: their events are in `events` and their audit rows in `audit_log`. 0 when the
   * pass was cut short (`more`).
   */
  horizon: number;
  /** How many events and audit rows the pass moved. */
  moved: number;
  /** The pass moved PASS_ROWS rows of an inbox: more are waiting, and the next pass is due at once. */
  more: boolean;
}

/** The most rows of each inbox one pass moves. */
const PASS_ROWS = 5000;

/**
 * Moves the inboxes' rows of every committed transaction into `events` (ids from the sequence) and `audit_log`
 * (numbered and chained by its trigger), in the order of their transactions, then of their appends
 * (docs/decisions/0042-event-order-without-a-global-lock.md). One pass runs at a time across every instance (an
 * advisory lock, held by this short transaction only, never by a write), and each moves what had committed when it
 * began, so ids follow the order in which the passes commit: a reader that has seen event N has seen every event
 * below N that will ever exist (a transaction that commits later is placed by a later pass, above N). The events go
 * out to every instance in a NOTIFY, as before.
 */
export async function sequenceInboxes(db: Db): Promise<SequencePass> {
  // Most calls find nothing to move (a reader asking for the horizon, a second instance after the first): one read,
  // no lock. Rows moved by a pass that committed after this snapshot would still show here, so "none" is exact. Each
  // inbox is read by its (xid, id) index, first row only: the heap of a queue is mostly dead rows between vacuums.
  const [look] = await queryPrepared<{ horizon: number; held: boolean }>(
    db,
    'sequence_look',
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text::float8 as horizon,
        (select xid from ${eventInbox} order by xid, id limit 1) is not null
          or (select xid from ${auditInbox} order by xid, id limit 1) is not null as held`,
  );
  if (!look!.held) return { horizon: look!.horizon, moved: 0, more: false };
  return db.transaction(async (tx) => {
    await queryPrepared(tx, 'sequence_lock', sql`select pg_advisory_xact_lock(${SEQUENCE_LOCK})`);
    // Taken after the lock: this statement's snapshot sees everything the previous pass moved. At most PASS_ROWS of
    // each inbox, the first in (xid, id) order: a pass after a long stop (or an import) stays a short transaction.
    const [row] = await queryPrepared<{ horizon: number; moved: number; more: boolean }>(
      tx,
      'sequence_pass',
      sql`with audit_next as materialized (
          select id from ${auditInbox} order by xid, id limit ${sql.raw(String(PASS_ROWS))}
        ),
        audit_moved as (
          delete from ${auditInbox} where id in (select id from audit_next)
          returning id, xid, at, actor_kind, actor_id, actor_name, action, target_type, target_id, before, after, ip, user_agent
        ),
        audit_chained as (
          insert into ${auditLog} (at, actor_kind, actor_id, actor_name, action, target_type, target_id, before, after, ip, user_agent)
          select at, actor_kind, actor_id, actor_name, action, target_type, target_id, before, after, ip, user_agent
          from audit_moved order by xid, id
          returning 1
        ),
        events_next as materialized (
          select id from ${eventInbox} order by xid, id limit ${sql.raw(String(PASS_ROWS))}
        ),
        events_moved as (
          delete from ${eventInbox} where id in (select id from events_next)
          returning id, xid, type, agent_id, public_data, private_data
        ),
        ${sequencingEvents(sql`select row_number() over (order by xid, id) as n, type, agent_id, public_data, private_data, xid from events_moved`)},
        cut as materialized (
          select (select count(*) from events_next) = ${sql.raw(String(PASS_ROWS))} or (select count(*) from audit_next) = ${sql.raw(String(PASS_ROWS))} as more
        )
      select case when (select more from cut) then 0 else pg_snapshot_xmin(pg_current_snapshot())::text::float8 end as horizon,
        (select count(*) from audit_chained)::int + (select count(*) from placed)::int as moved,
        -- Named so that the NOTIFY runs (a CTE that is only a SELECT runs when read).
        (select count(*) from announced)::int as announced,
        (select more from cut) as more`,
    );
    return { horizon: row!.horizon, moved: row!.moved, more: row!.more };
  });
}

/**
 * Vacuums the inboxes: a pass deletes every row it moves, so each holds dead rows at the head of its (xid, id) index,
 * which every look and pass reads past until a vacuum removes them. PostgreSQL's autovacuum comes back a minute later
 * at best, when 60,000 rows may have gone through at this machine's write rate, and is off on some servers (and on
 * PGlite); the sequencer does not wait for it (docs/decisions/0070-the-app-vacuums-its-inboxes.md). SKIP_LOCKED: a
 * vacuum already under way (another instance's, autovacuum's) does the same, so this one returns at once.
 */
export async function vacuumInboxes(db: Db): Promise<void> {
  await db.execute(sql`vacuum (skip_locked) ${eventInbox}, ${auditInbox}`);
}

/** How long sequenceAll waits at most for transactions older than its call to end. */
const SEQUENCE_ALL_MAX_MS = 10_000;

/**
 * Sequences until the inboxes hold nothing that committed before this call: for readers of the audit trail or the
 * events table that must see a write that has already answered (audit:verify, the audit screen, the sealer as it
 * stops). A transaction older than the call that is still running after SEQUENCE_ALL_MAX_MS (one left open by hand)
 * is not waited for longer: what it holds back is chained later, and the caller reads what is chained now.
 */
export async function sequenceAll(db: Db): Promise<void> {
  const target = await readEventHorizon(db);
  const deadline = Date.now() + SEQUENCE_ALL_MAX_MS;
  let waitMs = 1;
  for (let pass = await sequenceInboxes(db); pass.horizon < target && Date.now() < deadline; pass = await sequenceInboxes(db)) {
    // An older transaction is still running: writes are short, so its end is near; ask again a little later.
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    waitMs = Math.min(waitMs * 2, 50);
  }
}

/**
 * The event horizon now: a transaction id above every transaction that has ended (pg_snapshot_xmax). Once a pass's
 * horizon reaches it, every change committed before this call has its events in `events` and its audit rows chained.
 */
export async function readEventHorizon(db: Db): Promise<number> {
  const [row] = await queryPrepared<{ xmax: number }>(db, 'event_horizon', sql`select pg_snapshot_xmax(pg_current_snapshot())::text::float8 as xmax`);
  return row!.xmax;
}
