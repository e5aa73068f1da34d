import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { recoveryCodes, sessions, users } from '../schema';

/**
 * Turns two-factor sign-in on with the secret that was set up and confirmed by a code of `step`, and keeps the hashes
 * of new recovery codes (earlier ones go). The account gets a new credential version: its other sessions (made with
 * the password alone) end, the one `keepTokenHash` names moves to the new version and stays
 * (docs/decisions/0034-sessions-follow-the-account.md). Returns the token hashes of the sessions ended, for their live
 * streams; undefined when the secret changed meanwhile or it is already on.
 */
export async function enableTwoFactor(
  db: Db,
  user: { id: number; secret: string; step: number },
  recoveryCodeHashes: string[],
  keepTokenHash: string,
  actor: AuditActor,
  now: Date,
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const [enabled] = await queryRows<{ credential_version: number }>(
      tx,
      sql`update ${users} set totp_enabled_at = ${now.toISOString()}::timestamptz, totp_last_step = ${user.step},
          credential_version = credential_version + 1
        where id = ${user.id}::int and totp_enabled_at is null and totp_secret = ${user.secret} returning credential_version`,
    );
    if (!enabled) return undefined;
    await tx.execute(sql`update ${sessions} set credential_version = ${enabled.credential_version}::int where token_hash = ${keepTokenHash} and user_id = ${user.id}::int`);
    const ended = await queryRows<{ token_hash: string }>(
      tx,
      sql`delete from ${sessions} where user_id = ${user.id}::int and token_hash <> ${keepTokenHash} returning token_hash`,
    );
    await tx.delete(recoveryCodes).where(sql`${recoveryCodes.userId} = ${user.id}`);
    await tx.insert(recoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId: user.id, codeHash })));
    await appendAudit(
      tx,
      actor,
      { action: 'two_factor.enabled', targetType: 'user', targetId: user.id, after: { recoveryCodes: recoveryCodeHashes.length, otherSessionsEnded: ended.length } },
      now,
    );
    return ended.map((row) => row.token_hash);
  });
}
