import { eq } from 'drizzle-orm';
import { assertUserDeletable } from '../../domain/accounts';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { users } from '../schema';
import { eraseAccountResets } from '../queries/password-resets';

/**
 * Deletes an owner's or manager's account as `actor` asks, if the rules allow it (server/domain/accounts.ts); its
 * sessions go with it (foreign key cascade). The row is locked while the rules are checked.
 */
export async function deleteUserAccount(db: Db, actor: { id: number }, id: number, audit: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound('User');
    assertUserDeletable(actor, target);
    await tx.delete(users).where(eq(users.id, id));
    await eraseAccountResets(tx, 'user', id);
    await appendAudit(tx, audit, { action: 'user.deleted', targetType: 'user', targetId: id, before: { role: target.role } }, now);
  });
}
