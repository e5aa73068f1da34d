import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { claimDuePushes, recordPushAttempt, type ClaimedDevice } from '../db/queries/push-outbox';
import { vapidKeys, type VapidKeys } from '../db/queries/push-keys';
import { forgetPushSubscription } from '../db/queries/push-subscriptions';
import { readOrganisationSettings } from '../db/queries/settings';
import { isQuietTime, pushEndpointRefusal, pushPayloadOf } from '../domain/push';
import { retryDelayMs } from '../domain/webhook-messages';
import { drainOutbox, PassLoop } from './pass-loop';

export interface PushWorkerOptions {
  pollMs: number;
  /** Devices this instance sends to at once. */
  concurrency: number;
  /** The wait before the first retry; it doubles up to an hour. */
  retryBaseMs: number;
  /** Attempts before a push is given up. */
  maxAttempts: number;
  /** An attempt without the push service's answer in this time fails (and is tried again). */
  timeoutMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's push worker: tests wake it and wait for its pass. */
    pushes: PushWorker;
  }
}

export const DEFAULT_PUSH_WORKER_OPTIONS: PushWorkerOptions = { pollMs: 2_000, concurrency: 4, retryBaseMs: 30_000, maxAttempts: 10, timeoutMs: 10_000 };

/** How long a push service keeps a push for a device that is offline (RFC 8030 TTL): half a working day. */
const PUSH_TTL_SECONDS = 4 * 60 * 60;

/**
 * Sends the push outbox (docs/product.md §12.21; docs/decisions/0092-installable-app-and-push.md), as the email worker
 * sends emails: claims a few devices' due pushes with a lease (FOR UPDATE SKIP LOCKED, so instances never send one
 * twice), encrypts each device's payload for it (RFC 8291, aes128gcm) and signs the request with the app's VAPID key
 * (RFC 8292) with web-push, posts it to the push service, and records the outcome. Outside the organisation's working
 * days and hours nothing is sent: the pushes wait, and a device with several waiting gets them as one when work
 * starts. A push service's 404 or 410 means the device is gone: its subscription is removed. Other failures (5xx,
 * 429, no answer) are tried again with backoff, at most `maxAttempts` times.
 */
export class PushWorker {
  private readonly loop: PassLoop;
  private keys: VapidKeys | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: PushWorkerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly timeZone: string,
    /** Who the pushes come from (RFC 8292 `sub`): an https URL or a mailto: address. */
    private readonly subject: () => string,
    /** The push services' hosts posted to (PUSH_SERVICE_HOSTS): checked again before each post. */
    private readonly serviceHosts: readonly string[],
  ) {
    this.loop = new PassLoop(() => this.pass(), log, 'push pass failed');
  }

  start(): void {
    this.loop.start(this.options.pollMs);
  }

  /** Pushes were queued: send them soon. */
  kick(): void {
    this.loop.kick();
  }

  /** Resolves once no pass is under way (tests). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  private async pass(): Promise<void> {
    const settings = await readOrganisationSettings(this.db);
    if (isQuietTime(this.now(), settings, this.timeZone)) return;
    this.keys ??= await vapidKeys(this.db);
    const keys = this.keys;
    await drainOutbox(
      this.loop,
      this.options.concurrency,
      () => {
        const now = this.now();
        return claimDuePushes(this.db, now, new Date(now.getTime() + 2 * this.options.timeoutMs + 5_000), this.options.concurrency);
      },
      (device) => this.attempt(device, keys),
    );
  }

  /** Posts one push to one device; never throws (a failure to record lets the lease end and the push go again). */
  private async attempt(device: ClaimedDevice, keys: VapidKeys): Promise<void> {
    // A device kept before PUSH_SERVICE_HOSTS changed may name a host no longer allowed: nothing is posted to it, its
    // pushes are given up, and the device is kept (allowed again, it receives the next ones; its person may remove it).
    const refusal = pushEndpointRefusal(device.endpoint, this.serviceHosts);
    if (refusal) {
      try {
        await recordPushAttempt(this.db, device.pushes, { status: 'failed', nextAttemptAt: null, error: `not sent: ${refusal} (PUSH_SERVICE_HOSTS)`, at: this.now() });
        this.log.warn({ subscriptionId: device.subscriptionId, refusal }, 'push not sent: the device’s push service is not in PUSH_SERVICE_HOSTS');
      } catch (failure) {
        this.log.error({ err: failure, subscriptionId: device.subscriptionId }, 'recording a push attempt failed');
      }
      return;
    }
    let status: number | undefined;
    let error: string | null = null;
    try {
      const payload = JSON.stringify(pushPayloadOf(device.pushes, device.recipient));
      const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
        vapidDetails: { subject: this.subject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
      });
      // fetch sets Content-Length from the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const answer = await fetch(device.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = answer.status;
      await answer.body?.cancel();
      if (status < 200 || status > 299) error = `the push service answered ${status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message.slice(0, 500) : 'the push could not be sent';
    }
    try {
      if (status === 404 || status === 410) {
        // The device unsubscribed or its subscription expired: it goes, with what waited for it.
        await forgetPushSubscription(this.db, device.subscriptionId);
        this.log.info({ subscriptionId: device.subscriptionId, status }, 'push subscription removed: the push service no longer knows it');
        return;
      }
      const now = this.now();
      // A refusal that another attempt cannot change (400, 401, 403, 413): given up at once.
      const final = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
      const attempts = Math.max(...device.pushes.map((push) => push.attempts));
      const again = error !== null && !final && attempts < this.options.maxAttempts;
      const nextAttemptAt = again ? new Date(now.getTime() + retryDelayMs(attempts, this.options.retryBaseMs, Math.random())) : null;
      await recordPushAttempt(this.db, device.pushes, { status: error === null ? 'sent' : again ? 'pending' : 'failed', nextAttemptAt, error, at: now });
      if (error !== null) this.log.warn({ subscriptionId: device.subscriptionId, attempts, error }, again ? 'push not sent yet: will try again' : 'push given up');
    } catch (failure) {
      this.log.error({ err: failure, subscriptionId: device.subscriptionId }, 'recording a push attempt failed');
    }
  }
}
