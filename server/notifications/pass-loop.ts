import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a worker's pass one at a time: when woken (`kick`) and every poll interval. A kick during a pass runs one more
 * pass after it, so nothing committed meanwhile waits for the next poll. A failed pass is logged; the next poll tries
 * again. Closing stops the polls and waits for the pass under way.
 */
export class PassLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  closed = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly failure: string,
  ) {}

  start(pollMs: number): void {
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.log.error({ err: error }, this.failure))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no pass is under way. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.idle();
  }
}

/**
 * One pass over an outbox (emails, pushes): claims up to `batch` due items with a lease, attempts them at once, and
 * goes on while full batches come, until the loop closes. Each attempt records its own outcome.
 */
export async function drainOutbox<T>(loop: PassLoop, batch: number, claim: () => Promise<T[]>, attempt: (item: T) => Promise<void>): Promise<void> {
  while (!loop.closed) {
    const claimed = await claim();
    await Promise.all(claimed.map(attempt));
    if (claimed.length < batch) return;
  }
}

/**
 * Gathers what ends together so that it is written in one statement: each `add` joins the batch of its turn of the
 * event loop, written once that turn's other callbacks have run, and resolves (or rejects) when the batch is written.
 * Attempts that end at once (every email of a pass written to the log) cost one statement instead of one each; one
 * that ends alone (an SMTP answer) is written at once, as before.
 */
export class Coalescer<T> {
  private waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly write: (items: readonly T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ item, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      await this.write(batch.map((entry) => entry.item));
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
