import { sql } from 'drizzle-orm';
import { languageOrNull, type Language } from '../../../contract/languages';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { users } from '../schema';

/**
 * PATCH /api/auth/user (docs/product.md §12.22): an owner or manager chooses the language of their screens and emails
 * (null: the organisation's). One transaction with its audit row, written only when the choice changed.
 */
export async function changeUserLanguage(db: Db, userId: number, language: Language | null, actor: AuditActor, now: Date): Promise<Language | null> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<{ language: string | null }>(tx, sql`select language from ${users} where id = ${userId}::int for update`);
    if (!before) throw notFound('Account');
    if (before.language === language) return language;
    await tx.execute(sql`update ${users} set language = ${language} where id = ${userId}::int`);
    await appendAudit(tx, actor, { action: 'language.changed', targetType: 'user', targetId: userId, before: { language: languageOrNull(before.language) }, after: { language } }, now);
    return language;
  });
}
