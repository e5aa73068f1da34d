import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireOptions; txId?: number }
  | { op: 'exec'; sql: string; options?: WireOptions; txId?: number }
  | { op: 'begin'; txId: number }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };

/** Query options that can cross threads: parsers become the list of types whose text is kept as is. */
interface WireOptions {
  rowMode?: QueryOptions['rowMode'];
  rawTypes?: number[];
}

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { id?: undefined; notification: string; payload: string };

function toWire(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  // drizzle asks only that dates, times and intervals stay text: identity parsers. Others could not cross threads.
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), rawTypes: Object.keys(options.parsers ?? {}).map(Number) };
}

function toError(data: Record<string, unknown> & { message: string }): Error {
  const { message, stack: _workerStack, ...fields } = data;
  return Object.assign(new Error(message), fields);
}

/**
 * An embedded database (PGlite) running in a worker thread, with the part of PGlite's interface that drizzle, the
 * migrator and the backup use. PGlite executes SQL on the thread that owns it; on the main thread every query
 * held the event loop for as long as it ran, and a queue of them for as long as the queue lasted. Here the main
 * thread only posts messages: requests keep flowing while a query, a transaction or a backup runs.
 * Backups read the files of `dataDir` from this thread (server/db/backup.ts); the worker only runs their SQL.
 */
export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private nextTransaction = 0;
  private failure: Error | undefined;
  private readonly listeners = new Map<string, (payload: string) => void>();

  private constructor(
    private readonly worker: Worker,
    /** The data dir on disk (PGDATA) the worker serves. */
    readonly dataDir: string,
  ) {
    worker.on('message', (message: Reply) => {
      if ('notification' in message) {
        this.listeners.get(message.notification)?.(message.payload);
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(toError(message.error));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /** Opens (creating it if needed, from a tarball when given) the data dir in a new worker thread. */
  static async open(dataDir: string, loadDataDir?: Blob): Promise<PgliteThread> {
    const archive = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, archive },
      transferList: archive ? [archive] : [],
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The database thread stopped while opening ${dataDir} (exit code ${code})`)));
    });
    return new PgliteThread(worker, dataDir);
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params: params ?? [], options: toWire(options) });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.call({ op: 'exec', sql, options: toWire(options) });
  }

  /**
   * Runs the callback in a transaction: committed when it resolves, rolled back when it throws. The worker runs a
   * transaction's operations in the order they are posted, so its statements are posted without waiting for the
   * BEGIN's answer: the database, which holds every other query while a transaction is open, does not wait for a
   * turn of this thread's event loop between the two.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = ++this.nextTransaction;
    const began = this.call({ op: 'begin', txId });
    // Awaited below, whatever happens: if it failed, its error is the one to report.
    began.catch(() => undefined);
    let closed = false;
    let rolledBack = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.call<Results<R>>({ op: 'query', sql, params: params ?? [], options: toWire(options), txId });
      },
      exec: (sql: string, options?: QueryOptions) => {
        ensureOpen();
        return this.call<Results[]>({ op: 'exec', sql, options: toWire(options), txId });
      },
      rollback: async () => {
        ensureOpen();
        rolledBack = true;
        closed = true;
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      closed = true;
      await this.call({ op: 'end', txId, commit: !rolledBack });
      return result;
    } catch (error) {
      closed = true;
      await this.call({ op: 'end', txId, commit: false }).catch(() => undefined);
      await began;
      throw error;
    }
  }

  /** LISTEN on a channel of the database in the thread (one listener per channel); resolves to what stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    this.listeners.set(channel, callback);
    await this.call({ op: 'listen', channel });
    return async () => {
      this.listeners.delete(channel);
      if (!this.failure) await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  /** For drizzle-orm/pglite, which needs only the methods above. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
