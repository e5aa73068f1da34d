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

/** What became of one attempt at an email. */
export interface EmailAttemptOutcome {
  email: { id: number; attempts: number };
  status: 'sent' | 'logged' | 'pending' | 'failed';
  nextAttemptAt: Date | null;
  error: string | null;
  at: Date;
}

/**
 * Records attempts' outcomes, any number in one statement (the worker records those that end together at once): an
 * attempt is recorded only while the email is still on that attempt (a later claim after a lost lease wins).
 */
export async function recordEmailAttempts(db: Db, outcomes: readonly EmailAttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const column = <T>(pick: (outcome: EmailAttemptOutcome) => T) => sql.param(outcomes.map(pick));
  const done = (outcome: EmailAttemptOutcome) => outcome.status === 'sent' || outcome.status === 'logged';
  await db.execute(
    sql`update ${emailOutbox} e set status = o.status, next_attempt_at = o.next_attempt_at, sending_until = null, last_error = o.error,
      sent_at = o.sent_at,
      -- Once a password link's email is done with (sent, logged or given up), its words go: they hold the link, which
      -- is otherwise kept only as a hash.
      text_body = case when e.kind = 'password_reset' and o.status <> 'pending' then ${REMOVED_BODY} else e.text_body end,
      html_body = case when e.kind = 'password_reset' and o.status <> 'pending' then ${REMOVED_BODY} else e.html_body end
      from unnest(${column((o) => o.email.id)}::bigint[], ${column((o) => o.email.attempts)}::int[], ${column((o) => o.status)}::text[],
        ${column((o) => o.nextAttemptAt?.toISOString() ?? null)}::timestamptz[], ${column((o) => o.error)}::text[],
        ${column((o) => (done(o) ? o.at.toISOString() : null))}::timestamptz[])
        as o(id, attempts, status, next_attempt_at, error, sent_at)
      where e.id = o.id and e.attempts = o.attempts`,
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
