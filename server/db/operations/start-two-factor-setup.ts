import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { users } from '../schema';

/**
 * Keeps a new secret for a user whose two-factor sign-in is off (replacing one set up before and never confirmed).
 * False when it is on.
 */
export async function storePendingSecret(db: Db, userId: number, secret: string, actor: AuditActor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${users} set totp_secret = ${secret}, totp_last_step = null
        where id = ${userId}::int and totp_enabled_at is null returning id`,
    );
    if (rows.length === 0) return false;
    await appendAudit(tx, actor, { action: 'two_factor.setup_started', targetType: 'user', targetId: userId }, now);
    return true;
  });
}
