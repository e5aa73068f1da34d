import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PgliteSession } from 'drizzle-orm/pglite/session';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  /**
   * For the live-update fan-out's reads (new events, the credentials behind open streams): on PostgreSQL a pool of two
   * connections of its own, so that delivering an event never waits behind the requests queued for the main pool;
   * on PGlite the same database (it runs one query at a time anyway).
   */
  liveDb: Db;
  engine: Engine;
  /**
   * The embedded database's own directory (`DATA_DIR/pg`) when it lives on disk; undefined on PostgreSQL and for
   * an in-memory PGlite (tests). Online backups read their files from it (server/db/backup.ts).
   */
  dataDir?: string;
  /**
   * LISTEN on a channel: `onNotify` runs with each notification's payload, and on PostgreSQL without one each time a
   * listening connection is made (again), before any of its notifications (those sent while none listened are gone:
   * the caller catches up from its own cursor). Resolves to what stops listening.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `listener` each time a transaction of this process that appended to the event or audit inbox has committed
   * (or such a statement run on its own), so that the process's hub sequences it at once without a NOTIFY from the
   * write (decision 0069). On PGlite the writes place and announce their events themselves (writesOneAtATime), and
   * this never runs. Returns what stops it.
   */
  onAppended(listener: () => void): () => void;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | { engine: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// numeric stays a string (exact money); int8 ids and count(*) results become numbers (they stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const appended = new Set<() => void>();
    const committed = () => {
      for (const listener of appended) listener();
    };
    const pool = survivingPool(options.url, options.poolSize ?? 10, committed);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const livePool = survivingPool(options.url, 2, committed);
    return {
      db,
      liveDb: drizzlePg(livePool, { schema }) as unknown as Db,
      engine: 'postgres',
      listen: (channel, onNotify) => listenPostgres(options.url, channel, onNotify),
      onAppended: (listener) => {
        const own = () => listener();
        appended.add(own);
        return () => appended.delete(own);
      },
      migrate: () => migrateWithLock(pool),
      close: async () => {
        await Promise.all([endPool(pool), endPool(livePool)]);
      },
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    release = await lockDataDir(options.dataDir);
    dataDir = path.join(options.dataDir, 'pg');
    mkdirSync(dataDir, { recursive: true });
  }
  try {
    // A data dir (the app, the scripts) is served from a worker thread, so that queries never hold the event loop
    // (docs/decisions/0009-performance.md); in-memory databases (tests) run in this thread.
    const thread = dataDir ? await PgliteThread.open(dataDir, options.loadDataDir) : undefined;
    const client = thread
      ? thread.asPglite()
      : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      liveDb: db,
      engine: 'pglite',
      ...(dataDir ? { dataDir } : {}),
      // One process holds an embedded database, so its own notifications are all there is to hear.
      listen: (channel, onNotify) => (thread ?? client).listen(channel, (payload) => onNotify(payload)),
      onAppended: () => () => false,
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A transaction left open this long with nothing sent (its process frozen or partitioned away mid-transaction) is
 * ended by PostgreSQL: it would otherwise hold the sequencer's lock, or the horizon below which events are placed, for
 * every instance (docs/decisions/0042-event-order-without-a-global-lock.md). The app's own transactions send their
 * statements back to back.
 */
const IDLE_IN_TRANSACTION_MS = 10_000;

/**
 * A pool whose connections may be lost at any moment (the server restarts, an operator or a proxy ends a backend)
 * without taking the process down. node-postgres emits a lost connection's 'error' on its client, and the pool
 * listens for it only while the client is idle in the pool: a client checked out for a transaction and waiting
 * between two statements has no listener, and an 'error' event without one ends the process. Every client gets a
 * listener of its own for its whole life; the statement that was using the connection fails (the request answers 503,
 * server/http/errors.ts), and the pool drops the dead client when it is released and connects anew for the next one.
 */
function survivingPool(url: string, max: number, appended: () => void): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options: `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}` });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    watchAppends(client, appended);
  });
  const inUse = new Set<pg.PoolClient>();
  checkedOut.set(pool, inUse);
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_error, client) => inUse.delete(client));
  pool.on('remove', (client) => inUse.delete(client as pg.PoolClient));
  return pool;
}

/**
 * True when `db` (a database or a transaction) is PGlite's, whose one connection runs one transaction at a time with
 * nothing writing beside it (the data-dir lock): there a write places its events in `events` and chains its audit rows
 * itself, announcing its events as it commits, as a sequencer pass would (server/db/events.ts, audit.ts). On PostgreSQL
 * writes append to the inboxes for the sequencer. The SQL builders choose their text by it, so that a PostgreSQL
 * statement never names `events` or `audit_log` (docs/decisions/0071-pglite-writes-place-their-events.md).
 */
export function writesOneAtATime(db: Db): boolean {
  return db._.session instanceof PgliteSession;
}

/** A statement that appends to an inbox: every append is an INSERT into one of them (server/db/events.ts, audit.ts). */
const APPENDS = /insert\s+into\s+"?(event|audit)_inbox\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;

/**
 * Follows the statements sent on one connection and calls `committed` once a transaction that appended to an inbox has
 * committed, or right after an appending statement run on its own (it commits as it answers). A transaction that
 * fails or rolls back calls nothing. Every statement of the app's pools passes here: drizzle and node-postgres send
 * the text of BEGIN, COMMIT and ROLLBACK like any other.
 */
function watchAppends(client: pg.PoolClient, committed: () => void): void {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  let appendedInTransaction = false;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null | undefined)?.text;
    if (typeof text !== 'string') return send(...args);
    let then: (() => void) | undefined;
    if (text.includes('_inbox') && APPENDS.test(text)) {
      if (inTransaction) appendedInTransaction = true;
      else then = committed;
    } else if (BEGIN.test(text)) {
      inTransaction = true;
      appendedInTransaction = false;
    } else if (COMMIT.test(text)) {
      if (appendedInTransaction) then = committed;
      inTransaction = false;
      appendedInTransaction = false;
    } else if (ROLLBACK.test(text)) {
      inTransaction = false;
      appendedInTransaction = false;
    }
    if (!then) return send(...args);
    const done = then;
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      // The callback form (pg-pool's own query): after the answer, when it is not an error.
      const callback = last as (error: unknown, result: unknown) => void;
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (!error) done();
        callback(error, result);
      };
      return send(...args);
    }
    const answer = send(...args) as Promise<unknown>;
    answer.then(done, () => undefined);
    return answer;
  };
}

/** How long closing waits for connections still in use before it takes them back. */
const POOL_END_WAIT_MS = 5000;

/**
 * Ends a pool: waits for the connections in use to come back, and after POOL_END_WAIT_MS takes back any that have
 * not (a query whose connection was cut may never settle in the driver), so that closing always ends.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const inUse = checkedOut.get(pool) ?? new Set<pg.PoolClient>();
  const ended = pool.end();
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([ended.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), POOL_END_WAIT_MS)))]);
  clearTimeout(timer);
  if (!late) return;
  for (const client of inUse) client.release(true);
  await ended;
}

/** The connections each pool has handed out and not yet had back (for endPool). */
const checkedOut = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/** How long to wait before making a lost LISTEN connection again. */
const RELISTEN_AFTER_MS = 1000;

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one would be handed to queries), made again a
 * second after it is lost (a database restart, a network cut, the backend terminated).
 *
 * Each time LISTEN has taken effect on a connection, the first one included, `onNotify` runs once without a payload,
 * and only then do that connection's notifications follow: the caller reads the table from its own cursor at that
 * call, so its read covers everything committed before LISTEN answered (notifications sent while no connection
 * listened are lost). Notifications that arrive on a new connection before that call (PostgreSQL delivers those of
 * transactions committed during LISTEN right behind its answer) are dropped: that read brings their events, and a
 * caller handed them first would move past the events it missed (docs/decisions/0038-live-after-reconnect.md).
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean) => {
    // Keep-alive probes find a connection whose server vanished without a word (a network cut), so it is made again.
    const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let lost = false;
    let heard = false;
    const reconnect = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(false), RELISTEN_AFTER_MS);
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (message) => {
      if (heard && !lost) onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (first) {
        lost = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      reconnect();
      return;
    }
    if (lost || stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    heard = true;
    onNotify();
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}

// An arbitrary constant naming the advisory lock below.
const MIGRATIONS_LOCK = 7406190002;

/**
 * Applies the migrations while holding an advisory lock, so that instances starting together on one new database
 * take turns (drizzle's migrator takes none: two at once both try to create its table and one fails).
 */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** A json column of a raw query: node-postgres parses it, PGlite (through its thread) hands over the text. */
export const jsonColumn = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const dialect = new PgDialect();

/**
 * Runs raw SQL as the named prepared statement `name` and returns its rows. On PostgreSQL each connection parses
 * and plans it once, then only binds and executes it: for the short statements every request makes (sessions, tier
 * data, an entry and its events), parsing and planning cost the database more than executing them
 * (docs/decisions/0015-throughput-under-load.md). A name must always stand for the same SQL text (node-postgres
 * refuses another). PGlite has no named statements: there it runs as queryRows does.
 */
export async function queryPrepared<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs raw SQL and returns its rows; both drivers answer with a result that carries `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
