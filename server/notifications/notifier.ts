import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { notifyEvents } from '../db/queries/notifications';

/** Events read per transaction. */
const BATCH = 500;

/**
 * Makes notifications from committed events (docs/product.md §12.13). Each instance runs one; the cursor's row lock
 * lets one instance at a time do the work (notifyEvents). It wakes when this instance hears of new events and every
 * `pollMs` (events committed by other instances, a pass that failed). Nothing is kept in memory: a restarted instance
 * goes on from the cursor.
 */
export class Notifier {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly pollMs: number,
    /** The address the app is opened at: emails link to it and to their unsubscribe page. */
    private readonly appUrl: string,
    /** Called after each pass (the email worker sends what it queued). */
    private readonly afterPass: () => void = () => undefined,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Events were committed: make their notifications soon. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.log.error({ err: error }, 'notification pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pass(): Promise<void> {
    while (!this.closed && (await notifyEvents(this.db, BATCH, this.now(), { appUrl: this.appUrl })) === BATCH);
    this.afterPass();
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
