import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { countUnusedRecoveryCodes } from '../queries/two-factor';
import { recoveryCodes } from '../schema';

/** Marks an unused recovery code of the user used, with its audit row; false when no unused code has that hash. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, actor: AuditActor, now: Date): Promise<boolean> {
  return db.transaction((tx) => markRecoveryCodeUsed(tx, userId, codeHash, actor, now));
}

/** markRecoveryCodeUsed inside the transaction `tx` (disabling two-factor sign-in with a recovery code). */
export async function markRecoveryCodeUsed(tx: Db, userId: number, codeHash: string, actor: AuditActor, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${recoveryCodes} set used_at = ${now.toISOString()}::timestamptz
      where user_id = ${userId}::int and code_hash = ${codeHash} and used_at is null returning id`,
  );
  if (rows.length === 0) return false;
  const left = await countUnusedRecoveryCodes(tx, userId);
  await appendAudit(tx, actor, { action: 'two_factor.recovery_code_used', targetType: 'user', targetId: userId, after: { recoveryCodesLeft: left } }, now);
  return true;
}
