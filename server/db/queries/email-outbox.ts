import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { emailOutbox } from '../schema';
import { epochMs } from '../time-sql';

export interface ClaimedEmail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Null for a password link someone asked for (transactional: nothing to unsubscribe from). */
  unsubscribeUrl: string | null;
  attempts: number;
  deliverUntil: Date;
}

/**
 * Claims up to `limit` emails that are due (pending, their time come, no live lease), for this instance until
 * `leaseUntil`, counting the attempt. SKIP LOCKED: instances never claim the same email; a killed instance's claim
 * falls due again when its lease ends.
 */
export async function claimDueEmails(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEmail[]> {
  const at = now.toISOString();
  const rows = await queryRows<{
    id: number;
    kind: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    unsubscribe_url: string | null;
    attempts: number;
    until_ms: number;
  }>(
    db,
    sql`with due as (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= ${at}::timestamptz
          and (sending_until is null or sending_until <= ${at}::timestamptz)
        order by next_attempt_at limit ${limit}::int
        for update skip locked
      )
      update ${emailOutbox} e set sending_until = ${leaseUntil.toISOString()}::timestamptz, attempts = e.attempts + 1
      from due where e.id = due.id
      returning e.id::float8 as id, e.kind, e.to_address, e.subject, e.text_body, e.html_body, e.unsubscribe_url, e.attempts,
        ${epochMs(sql`e.deliver_until`)} as until_ms`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    unsubscribeUrl: row.unsubscribe_url,
    attempts: row.attempts,
    deliverUntil: new Date(row.until_ms),
  }));
}

/** What a password link's email holds once it is done with. */
const REMOVED_BODY = '(removed once sent: it held a one-time password link)';

/**
 * Records how an attempt ended: sent (or logged), due again at `nextAttemptAt`, or failed for good. Only the claim that
 * made attempt number `attempts` may record it.
 */
export async function recordEmailAttempt(
  db: Db,
  email: { id: number; attempts: number },
  outcome: { status: 'sent' | 'logged' | 'pending' | 'failed'; nextAttemptAt: Date | null; error: string | null; at: Date },
): Promise<void> {
  const done = outcome.status === 'sent' || outcome.status === 'logged';
  // Once a password link's email is done with (sent, logged or given up), its words go: they hold the link, which is
  // otherwise kept only as a hash.
  const forget = done || outcome.status === 'failed';
  await db.execute(
    sql`update ${emailOutbox} set status = ${outcome.status}, next_attempt_at = ${outcome.nextAttemptAt?.toISOString() ?? null}::timestamptz,
      sending_until = null, last_error = ${outcome.error}, sent_at = ${done ? outcome.at.toISOString() : null}::timestamptz,
      text_body = case when kind = 'password_reset' and ${forget}::boolean then ${REMOVED_BODY} else text_body end,
      html_body = case when kind = 'password_reset' and ${forget}::boolean then ${REMOVED_BODY} else html_body end
      where id = ${email.id} and attempts = ${email.attempts}`,
  );
}

/** Removes emails made before `before` that are done with (sent, logged or failed); returns how many. */
export async function pruneEmails(db: Db, before: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${emailOutbox} where created_at < ${before.toISOString()}::timestamptz and status <> 'pending' returning id`,
  );
  return rows.length;
}
