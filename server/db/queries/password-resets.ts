import { sql } from 'drizzle-orm';
import { type Db } from '../client';
import { passwordResets } from '../schema';

/**
 * Ends unused one-time links of an account (marked used now): every one when its password was set or the owner makes
 * a new one; with `emailedOnly`, only those that were emailed (a request by address replaces the links it sent before,
 * never one the owner handed over: docs/decisions/0048-links-and-agent-addresses.md).
 */
export async function voidUnusedResets(tx: Db, kind: 'agent' | 'user', accountId: number, now: Date, { emailedOnly = false } = {}): Promise<void> {
  await tx.execute(
    sql`update ${passwordResets} set used_at = ${now.toISOString()}::timestamptz
      where kind = ${kind} and account_id = ${accountId}::int and used_at is null${emailedOnly ? sql` and source = 'email'` : sql``}`,
  );
}

/** Erases an account's links: part of deleting it. */
export async function eraseAccountResets(tx: Db, kind: 'agent' | 'user', accountId: number): Promise<void> {
  await tx.execute(sql`delete from ${passwordResets} where kind = ${kind} and account_id = ${accountId}`);
}
