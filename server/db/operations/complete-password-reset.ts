import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { voidUnusedResets } from '../queries/password-resets';
import { agents, passwordResets, sessions, twoFactorChallenges, users } from '../schema';

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
