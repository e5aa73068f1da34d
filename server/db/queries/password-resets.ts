import { sql } from 'drizzle-orm';
import { NO_LINK_FOR_INACTIVE } from '../../../contract/agents';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { conflict, notFound } from '../../domain/errors';
import { agents, emailOutbox, passwordResets, sessions, twoFactorChallenges, users } from '../schema';

/**
 * Uses a one-time password link (docs/product.md §12.9): in one transaction, marks it used, sets the account's new
 * password hash and a new credential version, and ends every session of the account and its sign-ins in progress
 * (one whose password check began before, and that commits after, is refused when read:
 * docs/decisions/0034-sessions-follow-the-account.md). False when the token is unknown, used or expired (nothing
 * changes then).
 */
export async function completePasswordReset(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
  origin: Pick<AuditActor, 'ip' | 'userAgent'>,
): Promise<{ kind: 'agent' | 'user'; accountId: number } | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await queryRows<{ kind: 'agent' | 'user'; account_id: number }>(
      tx,
      sql`update ${passwordResets} set used_at = ${now.toISOString()}::timestamptz
        where token_hash = ${tokenHash} and used_at is null and expires_at > ${now.toISOString()}::timestamptz
        returning kind, account_id`,
    );
    if (!link) return undefined;
    const table = link.kind === 'agent' ? agents : users;
    const updated = await queryRows<{ id: number }>(tx, sql`update ${table} set password_hash = ${passwordHash}, credential_version = credential_version + 1 where id = ${link.account_id} returning id`);
    if (updated.length === 0) return undefined;
    await tx.execute(
      link.kind === 'agent'
        ? sql`delete from ${sessions} where agent_id = ${link.account_id}`
        : sql`delete from ${sessions} where user_id = ${link.account_id}`,
    );
    if (link.kind === 'user') await tx.delete(twoFactorChallenges).where(sql`${twoFactorChallenges.userId} = ${link.account_id}`);
    // Every other link of the account stops working too: the password is set.
    await voidUnusedResets(tx, link.kind, link.account_id, now);
    // The account holder sets it (whoever holds the link): they are the actor; a user's name is read when shown.
    await appendAudit(tx, { kind: link.kind, id: link.account_id, name: null, ...origin }, { action: 'password.reset', targetType: link.kind, targetId: link.account_id }, now);
    return { kind: link.kind, accountId: link.account_id };
  });
}

/**
 * Ends unused one-time links of an account (marked used now): every one when its password was set or the owner makes
 * a new one; with `emailedOnly`, only those that were emailed (a request by address replaces the links it sent before,
 * never one the owner handed over: docs/decisions/0048-links-and-agent-addresses.md).
 */
export async function voidUnusedResets(tx: Db, kind: 'agent' | 'user', accountId: number, now: Date, { emailedOnly = false } = {}): Promise<void> {
  await tx.execute(
    sql`update ${passwordResets} set used_at = ${now.toISOString()}::timestamptz
      where kind = ${kind} and account_id = ${accountId}::int and used_at is null${emailedOnly ? sql` and source = 'email'` : sql``}`,
  );
}

/**
 * A one-time password link the owner makes for an account (docs/product.md §12.9): in one transaction, the account is
 * checked (404), its earlier unused links stop working, the new link's hash is stored, and the audit row appended.
 */
export async function createOwnerResetLink(
  db: Db,
  link: { kind: 'agent' | 'user'; accountId: number; tokenHash: string; createdBy: number; expiresAt: Date },
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const table = link.kind === 'agent' ? agents : users;
    const [account] = await queryRows<{ id: number; status: string }>(
      tx,
      sql`select id, ${link.kind === 'agent' ? sql`status` : sql`'active'`} as status from ${table} where id = ${link.accountId}::int for update`,
    );
    if (!account) throw notFound(link.kind === 'agent' ? 'Agent' : 'User');
    if (account.status !== 'active') throw conflict(NO_LINK_FOR_INACTIVE);
    await voidUnusedResets(tx, link.kind, link.accountId, now);
    await tx.insert(passwordResets).values({
      kind: link.kind,
      accountId: link.accountId,
      tokenHash: link.tokenHash,
      source: 'owner',
      createdBy: link.createdBy,
      createdAt: now,
      expiresAt: link.expiresAt,
    });
    await appendAudit(
      tx,
      actor,
      { action: 'password.reset_link_created', targetType: link.kind, targetId: link.accountId, after: { expiresAt: link.expiresAt.toISOString() } },
      now,
    );
  });
}

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
  make: (account: { kind: 'agent' | 'user' }) => EmailedReset,
  origin: Pick<AuditActor, 'ip' | 'userAgent'>,
): Promise<number> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // The accounts are locked first: requests at the same moment count each other's emails against the hour's limit.
    await tx.execute(sql`select id from ${agents} where email = ${address} for update`);
    await tx.execute(sql`select id from ${users} where email = ${address} for update`);
    const accounts = await queryRows<{ kind: 'agent' | 'user'; id: number; email: string; recent: number }>(
      tx,
      sql`select a.kind, a.id, a.email,
          (select count(*)::int from ${emailOutbox} e
            where e.kind = 'password_reset' and (case when a.kind = 'agent' then e.agent_id else e.user_id end) = a.id
              and e.created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz) as recent
        from (select 'agent'::text as kind, id, email from ${agents} where email = ${address} and status = 'active'
              union all select 'user'::text, id, email from ${users} where email = ${address}) a
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

/** Erases an account's links: part of deleting it. */
export async function eraseAccountResets(tx: Db, kind: 'agent' | 'user', accountId: number): Promise<void> {
  await tx.execute(sql`delete from ${passwordResets} where kind = ${kind} and account_id = ${accountId}`);
}
