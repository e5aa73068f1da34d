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
