import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { notFound } from '../../domain/errors';
import { agents, passwordResets, sessions, users } from '../schema';

/**
 * Uses a one-time password link (docs/product.md §12.9): in one transaction, marks it used, sets the account's new
 * password hash and ends every session of the account. False when the token is unknown, used or expired (nothing
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
    const updated = await queryRows<{ id: number }>(tx, sql`update ${table} set password_hash = ${passwordHash} where id = ${link.account_id} returning id`);
    if (updated.length === 0) return undefined;
    await tx.execute(
      link.kind === 'agent'
        ? sql`delete from ${sessions} where agent_id = ${link.account_id}`
        : sql`delete from ${sessions} where user_id = ${link.account_id}`,
    );
    // Every other link of the account stops working too: the password is set.
    await voidUnusedResets(tx, link.kind, link.account_id, now);
    // The account holder sets it (whoever holds the link): they are the actor; a user's name is read when shown.
    await appendAudit(tx, { kind: link.kind, id: link.account_id, name: null, ...origin }, { action: 'password.reset', targetType: link.kind, targetId: link.account_id }, now);
    return { kind: link.kind, accountId: link.account_id };
  });
}

/** Ends every unused one-time link of an account (marked used now): its password was set, or a newer link replaces them. */
export async function voidUnusedResets(tx: Db, kind: 'agent' | 'user', accountId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update ${passwordResets} set used_at = ${now.toISOString()}::timestamptz
      where kind = ${kind} and account_id = ${accountId}::int and used_at is null`,
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
    const [account] = await queryRows<{ id: number }>(tx, sql`select id from ${table} where id = ${link.accountId}::int for update`);
    if (!account) throw notFound(link.kind === 'agent' ? 'Agent' : 'User');
    await voidUnusedResets(tx, link.kind, link.accountId, now);
    await tx.insert(passwordResets).values({
      kind: link.kind,
      accountId: link.accountId,
      tokenHash: link.tokenHash,
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

/** Erases an account's links: part of deleting it. */
export async function eraseAccountResets(tx: Db, kind: 'agent' | 'user', accountId: number): Promise<void> {
  await tx.execute(sql`delete from ${passwordResets} where kind = ${kind} and account_id = ${accountId}`);
}
