import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { claimDueEmails, recordEmailAttempts, type ClaimedEmail, type EmailAttemptOutcome } from '../db/queries/email-outbox';
import { retryDelayMs } from '../domain/webhook-messages';
import { Coalescer, drainOutbox, PassLoop } from './pass-loop';

export interface EmailWorkerOptions {
  /** SMTP_URL and MAIL_FROM; undefined: emails are written to the log instead of sent. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** The wait before the first retry; it doubles up to an hour. */
  retryBaseMs: number;
  pollMs: number;
  /** Emails this instance sends at once. */
  concurrency: number;
}

/** The domain of Message-IDs: the app's (from the unsubscribe link), else MAIL_FROM's. */
function messageDomain(email: ClaimedEmail, from: string): string {
  if (email.unsubscribeUrl) return new URL(email.unsubscribeUrl).hostname;
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'tiertrack.invalid';
}

/** Emails a pass claims at once when they are written to the log (no SMTP_URL): nothing to wait for but the database. */
const LOGGED_BATCH = 100;

/** An attempt gives up after this long without the server's answer (then the email is tried again later). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends the email outbox (docs/product.md §12.13; docs/decisions/0023): claims due emails with a lease (FOR UPDATE
 * SKIP LOCKED), sends each over SMTP with nodemailer, and records the outcome; a refusal or an unreachable server
 * leaves the email pending, tried again with backoff for three days, never lost. Closing waits for the attempts under
 * way, so an email sent is recorded as sent before a restart and not sent again; each keeps one Message-ID on every
 * attempt, so that the rare repeat after a crash is recognisable as one message.
 */
export class EmailWorker {
  private readonly loop: PassLoop;
  private readonly transport: Transporter | undefined;
  /** Attempts that end together are recorded in one statement. */
  private readonly outcomes: Coalescer<EmailAttemptOutcome>;

  constructor(
    private readonly db: Db,
    private readonly options: EmailWorkerOptions,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {
    this.transport = options.mail
      ? nodemailer.createTransport({ url: options.mail.smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS })
      : undefined;
    this.outcomes = new Coalescer((outcomes) => recordEmailAttempts(db, outcomes));
    this.loop = new PassLoop(() => this.pass(), log, 'email pass failed');
  }

  start(): void {
    this.loop.start(this.options.pollMs);
  }

  /** Emails were queued: send them soon. */
  kick(): void {
    this.loop.kick();
  }

  async close(): Promise<void> {
    await this.loop.close();
    this.transport?.close();
  }

  private pass(): Promise<void> {
    // Over SMTP, as many at once as the server is asked to take; to the log, many more.
    const batch = this.transport ? this.options.concurrency : LOGGED_BATCH;
    return drainOutbox(
      this.loop,
      batch,
      () => {
        const now = this.now();
        return claimDueEmails(this.db, now, new Date(now.getTime() + 2 * SMTP_TIMEOUT_MS + 5_000), batch);
      },
      (email) => this.attempt(email),
    );
  }

  private async attempt(email: ClaimedEmail): Promise<void> {
    let error: string | null = null;
    if (this.transport && this.options.mail) {
      try {
        await this.transport.sendMail({
          from: this.options.mail.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: `<tiertrack-email-${email.id}@${messageDomain(email, this.options.mail.from)}>`,
          // Notifications carry a one-click unsubscribe; a password link someone asked for has none.
          ...(email.unsubscribeUrl
            ? { headers: { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
            : {}),
        });
      } catch (failure) {
        error = failure instanceof Error ? failure.message.slice(0, 500) : 'the email could not be sent';
      }
    } else {
      // No SMTP_URL: the email is written to the log (without its address or text: they are personal data).
      this.log.info({ emailId: email.id, kind: email.kind, subject: email.subject }, 'email not sent: SMTP_URL is not set');
    }
    const now = this.now();
    let nextAttemptAt: Date | null = null;
    if (error) {
      const next = new Date(now.getTime() + retryDelayMs(email.attempts, this.options.retryBaseMs, Math.random()));
      if (next.getTime() <= email.deliverUntil.getTime()) nextAttemptAt = next;
    }
    const status = error ? (nextAttemptAt ? 'pending' : 'failed') : this.transport ? 'sent' : 'logged';
    try {
      await this.outcomes.add({ email, status, nextAttemptAt, error, at: now });
    } catch (failure) {
      // The lease ends and the email is tried again: at least once, never lost.
      this.log.error({ err: failure, emailId: email.id }, 'recording an email attempt failed');
      return;
    }
    if (status === 'failed') this.log.warn({ emailId: email.id, error }, 'email given up after three days of attempts');
    else if (error) this.log.warn({ emailId: email.id, attempts: email.attempts, error }, 'email not sent yet: will try again');
  }
}
