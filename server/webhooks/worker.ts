import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { fanOutWebhookEvents, type FanOutEvent, type FanOutWebhook } from '../db/operations/fan-out-webhook-events';
import { recordWebhookAttempt } from '../db/operations/record-webhook-attempt';
import { anyWebhooks, claimDueDeliveries, type ClaimedDelivery } from '../db/queries/webhooks';
import { retryDelayMs, WEBHOOK_RETRY_MAX_MS, webhookBody } from '../domain/webhook-messages';
import { readOrganisationSettings } from '../db/queries/settings';
import { attemptDelivery } from './sender';

export interface WebhookWorkerOptions {
  /** An attempt without an answer in this time fails. */
  timeoutMs: number;
  /** The wait before the first retry; it doubles up to an hour. */
  retryBaseMs: number;
  allowPrivate: boolean;
  /** Attempts this instance makes at once. */
  concurrency: number;
  /** Attempts this instance makes at once to one webhook: a slow or hanging receiver holds no more of the slots. */
  perWebhook: number;
  /** How often the outbox is looked at without being woken (retries falling due, other instances' events). */
  pollMs: number;
}

export const DEFAULT_WEBHOOK_WORKER_OPTIONS: Pick<WebhookWorkerOptions, 'concurrency' | 'perWebhook' | 'pollMs'> = { concurrency: 8, perWebhook: 2, pollMs: 1_000 };

/** Events read per fan-out transaction. */
const FAN_OUT_BATCH = 500;

/**
 * Sends the webhooks' deliveries (docs/decisions/0018-webhooks.md, 0033-webhook-isolation.md). Each instance runs
 * one: it turns new events into deliveries (one instance at a time, under the cursor's row lock), then claims due
 * deliveries (FOR UPDATE SKIP LOCKED, with a lease) and makes up to `concurrency` attempts at once, at most
 * `perWebhook` of them to one webhook, none to a webhook whose circuit breaker is open. It wakes when events are
 * committed, when asked (a test event, a resend), and every `pollMs`. Nothing is kept only in memory: a killed
 * instance's claims fall due again when their lease ends, so every delivery is attempted at least once more. Every
 * time it gives (due, lease, retry, pause, the signature's) is the database's, never this process's clock.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private recheckAgain = false;
  private inFlight = new Set<Promise<void>>();
  /** Attempts under way here, by webhook id. */
  private sending = new Map<number, number>();
  private closed = false;
  /** Whether webhooks existed when last looked (rechecked every poll, and set when one is made here). */
  private active = false;
  /** Events may have been committed since the last fan-out. */
  private eventsWaiting = true;

  constructor(
    private readonly db: Db,
    private readonly options: WebhookWorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poll(), this.options.pollMs);
    this.timer.unref();
    this.poll();
  }

  /** A webhook was made here: work from now on without waiting for the next poll. */
  webhooksChanged(): void {
    this.active = true;
    this.eventsCommitted();
  }

  /** Events were committed (this instance's event hub heard them). */
  eventsCommitted(): void {
    this.eventsWaiting = true;
    this.kick();
  }

  private poll(): void {
    this.eventsWaiting = true;
    this.kick(true);
  }

  /** Runs a pass soon (a delivery was queued or an attempt ended); `recheck` looks again whether webhooks exist. */
  kick(recheck = false): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      this.recheckAgain ||= recheck;
      return;
    }
    this.running = this.pass(recheck)
      .catch((error: unknown) => this.log.error({ err: error }, 'webhook pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          const recheckNext = this.recheckAgain;
          this.again = false;
          this.recheckAgain = false;
          this.kick(recheckNext);
        }
      });
  }

  /** Resolves once no pass or attempt is under way (closing waits for it). */
  async idle(): Promise<void> {
    while (this.running || this.inFlight.size > 0) {
      await Promise.all([this.running, ...this.inFlight]);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async pass(recheck: boolean): Promise<void> {
    if (recheck) this.active = await anyWebhooks(this.db);
    if (!this.active) return;
    if (this.eventsWaiting) {
      this.eventsWaiting = false;
      // Chat messages write amounts the organisation's way, as of this pass.
      const settings = await readOrganisationSettings(this.db);
      const bodyOf = (event: FanOutEvent, hook: FanOutWebhook) =>
        webhookBody(hook.format, { event: event.type, eventId: event.id, createdAt: event.createdAt, data: event.data }, settings);
      // A long backlog (an import) goes out in batches, each its own short transaction.
      while (!this.closed && (await fanOutWebhookEvents(this.db, FAN_OUT_BATCH, bodyOf)) === FAN_OUT_BATCH);
    }
    await this.fill();
  }

  /** Claims as many due deliveries as there is room for and starts their attempts. */
  private async fill(): Promise<void> {
    while (!this.closed) {
      const room = this.options.concurrency - this.inFlight.size;
      if (room <= 0) return;
      const claimed = await claimDueDeliveries(this.db, {
        limit: room,
        perWebhook: this.options.perWebhook,
        sending: this.sending,
        // Past the attempt's timeout, with room for a slow recording: then another instance may take it over.
        leaseMs: 2 * this.options.timeoutMs + 5_000,
      });
      const claimedAt = performance.now();
      for (const delivery of claimed) {
        this.sending.set(delivery.webhookId, (this.sending.get(delivery.webhookId) ?? 0) + 1);
        const attempt: Promise<void> = this.attempt(delivery, claimedAt).finally(() => {
          this.inFlight.delete(attempt);
          const left = (this.sending.get(delivery.webhookId) ?? 1) - 1;
          if (left > 0) this.sending.set(delivery.webhookId, left);
          else this.sending.delete(delivery.webhookId);
          // Room again: more may be due.
          this.kick();
        });
        this.inFlight.add(attempt);
      }
      if (claimed.length < room) return;
    }
  }

  private async attempt(delivery: ClaimedDelivery, claimedAt: number): Promise<void> {
    // Signed at the database's time (as of the claim, plus the time since): a receiver that refuses old
    // timestamps takes it whatever this machine's clock says.
    const signedAt = new Date(delivery.claimedAtMs + (performance.now() - claimedAt));
    const result = await attemptDelivery(
      { url: delivery.url, secret: delivery.secret, deliveryId: delivery.id, event: delivery.event, body: delivery.body, signedAt },
      { timeoutMs: this.options.timeoutMs, allowPrivate: this.options.allowPrivate },
    );
    let recorded;
    try {
      recorded = await recordWebhookAttempt(
        this.db,
        delivery,
        { ...result, retryDelayMs: retryDelayMs(delivery.attempts, this.options.retryBaseMs, Math.random()) },
        // A receiver's pauses grow like a delivery's retries.
        { pauseBaseMs: this.options.retryBaseMs, pauseMaxMs: WEBHOOK_RETRY_MAX_MS },
      );
    } catch (error) {
      // The lease ends and the delivery is attempted again: at least once, never lost.
      this.log.error({ err: error, deliveryId: delivery.id }, 'recording a webhook attempt failed');
      return;
    }
    if (recorded?.status === 'failed') this.log.warn({ deliveryId: delivery.id, webhookId: delivery.webhookId, error: result.error }, 'webhook delivery failed for good');
    const change = recorded?.breaker;
    if (change && 'opened' in change) {
      this.log.warn({ webhookId: delivery.webhookId, failures: change.opened.failures, until: change.opened.until.toISOString(), error: result.error }, 'webhook paused: its receiver keeps failing');
    } else if (change) {
      this.log.info({ webhookId: delivery.webhookId }, 'webhook resumed: its receiver answered');
    }
  }
}
