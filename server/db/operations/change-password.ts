import { sql } from 'drizzle-orm';
import { SESSION_ENDED } from '../../../contract/auth';
import { unauthenticated } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { voidUnusedResets } from '../queries/password-resets';
import { agents, sessions, twoFactorChallenges, users } from '../schema';

export type AccountKind = 'agent' | 'user';

/**
 * A password change by the account holder (docs/product.md §12.14): sets the new hash and a new credential version
 * and, in the same transaction, ends every other session of the account and its sign-ins in progress (a session or a
 * two-factor challenge made with the old version, also one that commits after this, is refused when read:
 * docs/decisions/0034-sessions-follow-the-account.md), moves the session `keepTokenHash` names to the new version, and
 * ends every unused one-time password link, with an audit row. An agent that is no longer active changes nothing
 * (401). Returns the token hashes of the sessions ended, for their live streams.
 */
export async function changePassword(
  db: Db,
  account: { kind: AccountKind; id: number },
  passwordHash: string,
  keepTokenHash: string,
  actor: AuditActor,
  now: Date,
): Promise<string[]> {
  const table = account.kind === 'agent' ? agents : users;
  const owner = account.kind === 'agent' ? sql`agent_id` : sql`user_id`;
  return db.transaction(async (tx) => {
    const [updated] = await queryRows<{ credential_version: number }>(
      tx,
      sql`update ${table} set password_hash = ${passwordHash}, credential_version = credential_version + 1
        where id = ${account.id}::int ${account.kind === 'agent' ? sql`and status = 'active'` : sql``} returning credential_version`,
    );
    if (!updated) throw unauthenticated(SESSION_ENDED);
    await tx.execute(sql`update ${sessions} set credential_version = ${updated.credential_version}::int where token_hash = ${keepTokenHash} and ${owner} = ${account.id}::int`);
    const ended = await queryRows<{ token_hash: string }>(
      tx,
      sql`delete from ${sessions} where ${owner} = ${account.id}::int and token_hash <> ${keepTokenHash} returning token_hash`,
    );
    if (account.kind === 'user') await tx.delete(twoFactorChallenges).where(sql`${twoFactorChallenges.userId} = ${account.id}`);
    await voidUnusedResets(tx, account.kind, account.id, now);
    await appendAudit(tx, actor, { action: 'password.changed', targetType: account.kind, targetId: account.id, after: { otherSessionsEnded: ended.length } }, now);
    return ended.map((row) => row.token_hash);
  });
}
