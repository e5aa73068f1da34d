/**
 * Coalesces lookups by key: while reads are in flight, the keys asked for meanwhile wait and are read together by
 * one query once a read ends, instead of one query each. Under load, many requests arrive while a read is in flight,
 * and each query costs this process about as much as the database (docs/decisions/0015-throughput-under-load.md):
 * reading their sessions together saves all but one of those round trips. When nothing is in flight (a quiet app),
 * a key is read at once, so a lone request waits for nothing. Every read starts after the requests it serves
 * arrived, so each still reads what was committed before it was sent; nothing is kept between reads.
 */
export class Batcher<K, V> {
  private pending = new Map<K, Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>>();
  private inFlight = 0;

  /**
   * @param read reads the rows for up to `max` distinct keys at once and returns them by key (a key without a row is
   * answered undefined); when it fails, every lookup of the read fails with its error.
   * @param concurrency reads in flight at once; keys asked for beyond that wait for the next read.
   */
  constructor(
    private readonly read: (keys: K[]) => Promise<Map<K, V>>,
    private readonly max = 100,
    private readonly concurrency = 2,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.inFlight < this.concurrency) this.flush();
    });
  }

  private flush(): void {
    const keys = [...this.pending.keys()].slice(0, this.max);
    const batch = new Map(keys.map((key) => [key, this.pending.get(key)!]));
    for (const key of keys) this.pending.delete(key);
    this.inFlight++;
    // A read that throws instead of rejecting fails its keys the same way.
    new Promise<Map<K, V>>((resolve) => resolve(this.read(keys)))
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.inFlight--;
        // The keys that arrived meanwhile, together.
        if (this.pending.size > 0 && this.inFlight < this.concurrency) this.flush();
      });
  }
}

/** One Batcher per database handle (tests open many databases in one process). */
export function batcherPer<D extends object, K, V>(make: (db: D) => Batcher<K, V>): (db: D) => Batcher<K, V> {
  const batchers = new WeakMap<D, Batcher<K, V>>();
  return (db) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = make(db);
      batchers.set(db, batcher);
    }
    return batcher;
  };
}
