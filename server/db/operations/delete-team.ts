import { sql } from 'drizzle-orm';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { findTeam } from '../queries/teams';
import { teams } from '../schema';
import { announce, membership } from './team-changes';

/** DELETE /api/teams/{id}: its agents are in no team any more (their history stays), its managers lead it no more. */
export async function deleteTeam(db: Db, id: number, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(tx, sql`select id from ${teams} where id = ${id}::int for update`);
    if (!locked) throw notFound('Team');
    const before = (await findTeam(tx, id))!;
    await tx.execute(sql`delete from ${teams} where id = ${id}::int`);
    await appendAudit(tx, actor, { action: 'team.deleted', targetType: 'team', targetId: id, before: membership(before) }, now);
    await announce(tx, before, { deleted: true, before });
  });
}
