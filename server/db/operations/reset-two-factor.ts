import { sql } from 'drizzle-orm';
import { TWO_FACTOR_NOT_ON } from '../../../contract/two-factor';
import { conflict, notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { recoveryCodes, twoFactorChallenges, users } from '../schema';

/**
 * The owner turns another account's two-factor sign-in off (they lost their authenticator and recovery codes): the
 * secret, recovery codes and waiting sign-ins go, audited as two_factor.reset. 404 for no such account, 409 when it
 * was off.
 */
export async function resetTwoFactor(db: Db, userId: number, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await queryRows<{ enabled: boolean }>(tx, sql`select totp_enabled_at is not null as enabled from ${users} where id = ${userId}::int for update`);
    if (!account) throw notFound('User');
    if (!account.enabled) throw conflict(TWO_FACTOR_NOT_ON);
    await tx.execute(sql`update ${users} set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = ${userId}::int`);
    await tx.delete(recoveryCodes).where(sql`${recoveryCodes.userId} = ${userId}`);
    await tx.delete(twoFactorChallenges).where(sql`${twoFactorChallenges.userId} = ${userId}`);
    await appendAudit(tx, actor, { action: 'two_factor.reset', targetType: 'user', targetId: userId, after: { enabled: false } }, now);
  });
}
