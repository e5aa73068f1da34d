import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { acceptTotpStep } from '../queries/two-factor';
import { recoveryCodes, twoFactorChallenges, users } from '../schema';
import { markRecoveryCodeUsed } from './use-recovery-code';

/**
 * Turns two-factor sign-in off: the secret, the recovery codes and the sign-ins waiting for a code go. `proof` says
 * what confirmed it: a code of the app (its step, which must still be unused), or a recovery code (its hash, unused).
 * False when that proof is no longer good (used by a request at the same time) or it was off.
 */
export async function disableTwoFactor(
  db: Db,
  userId: number,
  proof: { step: number } | { recoveryCodeHash: string },
  actor: AuditActor,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const proven =
      'step' in proof
        ? await acceptTotpStep(tx, userId, proof.step)
        : await markRecoveryCodeUsed(tx, userId, proof.recoveryCodeHash, actor, now);
    if (!proven) return false;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${users} set totp_secret = null, totp_enabled_at = null, totp_last_step = null
        where id = ${userId}::int and totp_enabled_at is not null returning id`,
    );
    if (rows.length === 0) return false;
    await tx.delete(recoveryCodes).where(sql`${recoveryCodes.userId} = ${userId}`);
    await tx.delete(twoFactorChallenges).where(sql`${twoFactorChallenges.userId} = ${userId}`);
    await appendAudit(tx, actor, { action: 'two_factor.disabled', targetType: 'user', targetId: userId, after: { with: 'step' in proof ? 'code' : 'recovery_code' } }, now);
    return true;
  });
}
