import { sql } from 'drizzle-orm';
import { NO_LINK_FOR_INACTIVE_TEXT } from '../../../contract/agents';
import { conflict, notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { voidUnusedResets } from '../queries/password-resets';
import { agents, passwordResets, users } from '../schema';

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
    if (account.status !== 'active') throw conflict(NO_LINK_FOR_INACTIVE_TEXT);
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
