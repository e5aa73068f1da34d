import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { voidUnusedResets } from '../queries/password-resets';
import { agents, emailOutbox, passwordResets, users } from '../schema';

/** Links emailed to one account in an hour, at most: a stranger cannot fill someone's inbox with them. */
export const RESET_EMAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** The link and the email made for one account found by its address. */
export interface EmailedReset {
  tokenHash: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A request for a password link by email (docs/product.md §12.9): in one transaction, for each account that uses the
 * address (an agent's, an owner's or manager's), unless it was sent RESET_EMAILS_PER_HOUR links in the last hour, its
 * earlier unused emailed links end (links the owner made or an import made stay), a new link is stored (its hash) and its email queued in the outbox, with an audit row
 * (the system acting for an address: nobody is signed in). Returns how many emails were queued (0 for an unknown
 * address: the caller answers the same either way).
 */
export async function requestEmailedResets(
  db: Db,
  email: string,
  now: Date,
  expiresAt: Date,
  /** The account's language is its own choice (null: the organisation's). */
  make: (account: { kind: 'agent' | 'user'; language: string | null }) => EmailedReset,
  origin: Pick<AuditActor, 'ip' | 'userAgent'>,
  /** Company sign-in is required: only an owner's account is sent a link (nobody else signs in with a password). */
  ownersOnly = false,
): Promise<number> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // The accounts are locked first: requests at the same moment count each other's emails against the hour's limit.
    await tx.execute(sql`select id from ${agents} where email = ${address} for update`);
    await tx.execute(sql`select id from ${users} where email = ${address} for update`);
    const accounts = await queryRows<{ kind: 'agent' | 'user'; id: number; email: string; language: string | null; recent: number }>(
      tx,
      sql`select a.kind, a.id, a.email, a.language,
          (select count(*)::int from ${emailOutbox} e
            where e.kind = 'password_reset' and (case when a.kind = 'agent' then e.agent_id else e.user_id end) = a.id
              and e.created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz) as recent
        from (select 'agent'::text as kind, id, email, language from ${agents} where email = ${address} and status = 'active' and not ${ownersOnly}::boolean
              union all select 'user'::text, id, email, language from ${users} where email = ${address} and (role = 'owner' or not ${ownersOnly}::boolean)) a
        order by a.kind, a.id`,
    );
    let queued = 0;
    for (const account of accounts) {
      if (account.recent >= RESET_EMAILS_PER_HOUR) continue;
      const reset = make(account);
      // Whoever knows the address may ask: their request replaces earlier emailed links, not one the owner handed over.
      await voidUnusedResets(tx, account.kind, account.id, now, { emailedOnly: true });
      await tx.insert(passwordResets).values({ kind: account.kind, accountId: account.id, tokenHash: reset.tokenHash, source: 'email', createdBy: null, createdAt: now, expiresAt });
      await tx.insert(emailOutbox).values({
        agentId: account.kind === 'agent' ? account.id : null,
        userId: account.kind === 'user' ? account.id : null,
        kind: 'password_reset',
        toAddress: account.email,
        subject: reset.subject,
        textBody: reset.text,
        htmlBody: reset.html,
        status: 'pending',
        createdAt: now,
        nextAttemptAt: now,
        // Tried for as long as the link works.
        deliverUntil: expiresAt,
      });
      await appendAudit(
        tx,
        { kind: 'system', id: null, name: null, ...origin },
        { action: 'password.reset_requested', targetType: account.kind, targetId: account.id, after: { expiresAt: expiresAt.toISOString() } },
        now,
      );
      queued++;
    }
    return queued;
  });
}
