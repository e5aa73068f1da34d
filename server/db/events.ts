import { sql, type SQL } from 'drizzle-orm';
import type { EventType } from '../../contract/events';
import { jsonColumn, queryPrepared, queryRows, writesOneAtATime, type Db } from './client';
import { appMeta, eventInbox, events, webhooks } from './schema';

/** app_meta key: every event up to this id has been turned into webhook deliveries (operations/fan-out-webhook-events.ts). */
export const WEBHOOKS_FANNED_THROUGH = 'webhooks_fanned_through';

/** The NOTIFY channel that tells every instance new events are committed (payload: the newest id). */
export const EVENTS_CHANNEL = 'tiertrack_events';

export interface NewEvent {
  type: EventType;
  /** The agent the event is about, when there is one: it decides who may read the private part. */
  agentId: number | null;
  /** What anyone in the organisation, and a TV link, may see. */
  public: Record<string, unknown>;
  /** What only owners, managers and the agent itself may see (merged over the public part for them). */
  private: Record<string, unknown>;
}

export interface StoredEvent extends NewEvent {
  id: number;
  /**
   * The writing transaction's id (a 64-bit id, exact as a number far beyond any real count): a snapshot of the tables
   * holds the event exactly when it sees this transaction (visibleIn).
   */
  xid: number;
}

/** Appends of up to this many events run as prepared statements (appendEvents). */
const PREPARED_APPENDS_MAX = 16;

/** Above this many bytes a notification names its events' ids instead of carrying them (NOTIFY allows 8,000). */
const NOTIFY_EVENTS_MAX = 7000;

/**
 * What a notification on EVENTS_CHANNEL says: the sequenced events themselves, in id order, or, when they would not
 * fit, the range of their ids (to read from the table).
 */
export type EventsNotice = { events: StoredEvent[] } | { from: number; to: number };

/**
 * Reads a notification's payload (`{ids, events}`: the events in the order written, and the ids they were given, in
 * the same order; or `{from, to}`); undefined when it is not one (the listener then reads the table).
 */
export function parseEventsNotice(payload: string | undefined): EventsNotice | undefined {
  if (!payload) return undefined;
  try {
    const notice = JSON.parse(payload) as { ids?: unknown; events?: unknown; from?: unknown; to?: unknown };
    if (Array.isArray(notice.ids) && Array.isArray(notice.events) && notice.ids.length === notice.events.length) {
      const ids = notice.ids as number[];
      return { events: (notice.events as Omit<StoredEvent, 'id'>[]).map((event, index) => ({ ...event, id: ids[index]! })) };
    }
    if (typeof notice.from === 'number' && typeof notice.to === 'number') return { from: notice.from, to: notice.to };
  } catch {
    // Not ours: fall through.
  }
  return undefined;
}

/**
 * The common table expressions (to follow others in a WITH) that add the rows of the query `source` (columns n, type,
 * agent_id, public_data, private_data) to the events of the transaction `tx`, in the order of n. The statement must
 * select from the CTE `notified`, which has one row when something was added and none otherwise, so that it runs.
 *
 * On PostgreSQL to the event inbox, without a lock: many writes append at once, and the sequencer
 * (server/db/sequencer.ts) gives their events ids in the order of their transactions once those are final
 * (docs/decisions/0042-event-order-without-a-global-lock.md). No NOTIFY: it would make commits take turns (decision
 * 0069); the process that wrote hears of its commit itself (Database.onAppended) and the hubs also look now and then.
 *
 * Where transactions run one at a time (writesOneAtATime: PGlite) straight into `events`, with the NOTIFY that carries
 * them, as a pass does (docs/decisions/0071-pglite-writes-place-their-events.md).
 */
export function appendingEvents(tx: Db, source: SQL): SQL {
  if (writesOneAtATime(tx)) {
    return sql`${sequencingEvents(sql`select v.n, v.type, v.agent_id, v.public_data, v.private_data, pg_current_xact_id() as xid from (${source}) as v`)},
    notified as (
      select 1 as added from announced
    )`;
  }
  return sql`added as (
      insert into ${eventInbox} (type, agent_id, public_data, private_data)
      select v.type, v.agent_id, v.public_data, v.private_data from (${source}) as v
      order by v.n
      returning 1
    ),
    notified as (
      select 1 as added where exists (select 1 from added)
    )`;
}

/**
 * The common table expressions that give the rows of `source` (columns n, type, agent_id, public_data, private_data)
 * their places in `events`, ids in the order of n, and NOTIFY every instance of them when the transaction commits:
 * the events themselves when they fit a notification, else the range of their ids. The sequencer's, under its lock:
 * ids then follow the order in which passes commit, so a reader that has seen id N has seen every event below N that will ever exist,
 * which is what makes `id > Last-Event-ID` replay exact, and notifications (delivered in commit order) come in id order.
 */
export function sequencingEvents(source: SQL): SQL {
  const stored = sql`json_build_object('type', type, 'agentId', agent_id, 'public', public_data, 'private', private_data, 'xid', xid::text::float8)`;
  return sql`placed as (
      insert into ${events} (type, agent_id, public_data, private_data, xid)
      select v.type, v.agent_id, v.public_data, v.private_data, v.xid from (${source}) as v
      -- Ids follow n (nextval runs after the sort), so that the notice can pair them with the events it carries.
      order by v.n
      returning id, type, agent_id, public_data, private_data, xid
    ),
    notice as (
      select '{"ids":[' || string_agg(id::text, ',' order by id) || '],"events":' || json_agg(${stored} order by id)::text || '}' as full_text,
        json_build_object('from', min(id), 'to', max(id))::text as range_text,
        max(id)::float8 as newest
      from placed having count(*) > 0
    ),
    announced as (
      select pg_notify(${EVENTS_CHANNEL}, case when octet_length(full_text) <= ${sql.raw(String(NOTIFY_EVENTS_MAX))} then full_text else range_text end)
      from notice
    )`;
}

/** Appends events inside the transaction `tx` of the change they report (to the inbox: appendingEvents). */
export async function appendEvents(tx: Db, list: readonly NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  const values = sql.join(
    list.map((event, index) => sql`(${index}::int, ${event.type}, ${event.agentId}::int, ${JSON.stringify(event.public)}::jsonb, ${JSON.stringify(event.private)}::jsonb)`),
    sql`, `,
  );
  const statement = sql`with ${appendingEvents(tx, sql`select * from (values ${values}) as v(n, type, agent_id, public_data, private_data)`)}
    select 1 from notified`;
  // The statement's text depends only on how many events there are: a prepared statement for each of the usual
  // sizes (a claim, an agent, a batch of a few); a rare large batch is planned each time.
  if (list.length <= PREPARED_APPENDS_MAX) await queryPrepared(tx, `append_events_${list.length}`, statement);
  else await queryRows(tx, statement);
}

/** A claim's event: who claimed which tier's reward and its status; never the contact details. */
export function claimEvent(
  type: 'claim.created' | 'claim.updated',
  claim: { id: number; agentId: number; agentName: string; tierId: number; tierName: string; rewardTitle: string; status: string },
): NewEvent {
  return {
    type,
    agentId: claim.agentId,
    public: { claimId: claim.id, agentId: claim.agentId, agentName: claim.agentName, tierId: claim.tierId, tierName: claim.tierName },
    private: { rewardTitle: claim.rewardTitle, status: claim.status },
  };
}

/** data.changed: much changed at once outside the usual writes; every reader reads again. */
export const dataChangedEvent: NewEvent = { type: 'data.changed', agentId: null, public: {}, private: {} };

interface EventRow {
  id: number;
  xid: number;
  type: EventType;
  agent_id: number | null;
  public_data: Record<string, unknown> | string;
  private_data: Record<string, unknown> | string;
}


/** Events after `afterId`, oldest first, at most `limit`. */
export async function readEventsAfter(db: Db, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await queryPrepared<EventRow>(
    db,
    'events_after',
    // Ordered by the column, e.id: "order by id" would name the float8 alias, which no index holds (a scan of the table).
    sql`select e.id::float8 as id, e.xid::text::float8 as xid, e.type, e.agent_id, e.public_data, e.private_data from ${events} e
      where e.id > ${afterId} order by e.id limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, xid: row.xid, type: row.type, agentId: row.agent_id, public: jsonColumn(row.public_data), private: jsonColumn(row.private_data) }));
}

/** The newest event id (0 when there is none yet). */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await queryPrepared<{ id: number | null }>(db, 'latest_event_id', sql`select max(id)::float8 as id from ${events}`);
  return row?.id ?? 0;
}

const PRUNED_THROUGH = 'events_pruned_through';

/**
 * What the events table can still give a reader: every event after `prunedThrough` is kept, and `newest` is the
 * newest id (0 when there is none). One round trip, for a listener checking that it can catch up from its cursor.
 */
export async function readEventsKept(db: Db): Promise<{ newest: number; prunedThrough: number }> {
  const [row] = await queryPrepared<{ newest: number | null; pruned_through: string | null }>(
    db,
    'events_kept',
    sql`select (select max(id)::float8 from ${events}) as newest,
      (select value from ${appMeta} where key = ${PRUNED_THROUGH}) as pruned_through`,
  );
  return { newest: row?.newest ?? 0, prunedThrough: row?.pruned_through ? Number(row.pruned_through) : 0 };
}

/** The newest event id that pruning has removed: a reader whose Last-Event-ID is below it cannot be replayed. */
export async function eventsPrunedThrough(db: Db): Promise<number> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(sql`${appMeta.key} = ${PRUNED_THROUGH}`);
  return row ? Number(row.value) : 0;
}

/**
 * Removes events created before `before`, remembering the newest id removed. Returns how many went. While webhooks
 * exist, events not yet made into their deliveries stay (docs/decisions/0018-webhooks.md).
 */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ removed: number; newest: number | null }>(
      tx,
      sql`with gone as (
        delete from ${events} where created_at < ${before.toISOString()}::timestamptz
          and (not exists (select 1 from ${webhooks})
            or id <= coalesce((select value::bigint from ${appMeta} where key = ${WEBHOOKS_FANNED_THROUGH}), 0))
        returning id
      )
        select count(*)::int as removed, max(id)::float8 as newest from gone`,
    );
    if (row?.newest) {
      await tx
        .insert(appMeta)
        .values({ key: PRUNED_THROUGH, value: String(row.newest) })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`greatest(${appMeta.value}::bigint, excluded.value::bigint)::text` } });
    }
    return row?.removed ?? 0;
  });
}

/** Erases what the kept events say about an agent (its name, amounts): part of deleting the agent. */
export async function eraseAgentEvents(tx: Db, agentId: number): Promise<void> {
  await tx.execute(sql`delete from ${events} where agent_id = ${agentId}`);
  await tx.execute(sql`delete from ${eventInbox} where agent_id = ${agentId}`);
}
