import { sql } from 'drizzle-orm';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { agents, sessions, users } from '../schema';
import { voidUnusedResets } from './password-resets';

export type AccountKind = 'agent' | 'user';

/**
 * A password change by the account holder (docs/product.md §12.14): sets the new hash and, in the same transaction,
 * ends every other session of the account (the one `keepTokenHash` names stays) and every unused one-time password
 * link, with an audit row. Returns the token hashes of the sessions ended, for their live streams.
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
    const updated = await queryRows<{ id: number }>(tx, sql`update ${table} set password_hash = ${passwordHash} where id = ${account.id}::int returning id`);
    if (updated.length === 0) throw notFound(account.kind === 'agent' ? 'Agent' : 'User');
    const ended = await queryRows<{ token_hash: string }>(
      tx,
      sql`delete from ${sessions} where ${owner} = ${account.id}::int and token_hash <> ${keepTokenHash} returning token_hash`,
    );
    await voidUnusedResets(tx, account.kind, account.id, now);
    await appendAudit(tx, actor, { action: 'password.changed', targetType: account.kind, targetId: account.id, after: { otherSessionsEnded: ended.length } }, now);
    return ended.map((row) => row.token_hash);
  });
}
