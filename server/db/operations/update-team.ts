import { sql } from 'drizzle-orm';
import type { Team, UpdateTeamInput } from '../../../contract/teams';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { findTeam } from '../queries/teams';
import { teams } from '../schema';
import { announce, announceLosers, assertMembers, membership, nameTaken, setMembers, teamsLosingAgents } from './team-changes';

/**
 * PATCH /api/teams/{id}: a new name, member lists, or agents who join or leave; only what the input names changes
 * (docs/decisions/0079-team-membership-edits.md). Audited with before and after.
 */
export async function updateTeam(db: Db, id: number, input: UpdateTeamInput, actor: AuditActor, now: Date): Promise<Team> {
  return refusedAs(UNIQUE_VIOLATION, nameTaken, () =>
    db.transaction(async (tx) => {
      const [locked] = await queryRows<{ id: number }>(tx, sql`select id from ${teams} where id = ${id}::int for update`);
      if (!locked) throw notFound('Team');
      await assertMembers(tx, input);
      const before = (await findTeam(tx, id))!;
      if (input.name !== undefined) await tx.execute(sql`update ${teams} set name = ${input.name} where id = ${id}::int`);
      const losers = await teamsLosingAgents(tx, id, input.agentIds ?? input.addAgentIds);
      await setMembers(tx, id, input);
      const after = (await findTeam(tx, id))!;
      await appendAudit(tx, actor, { action: 'team.updated', targetType: 'team', targetId: id, before: membership(before), after: membership(after) }, now);
      await announce(tx, after, { before });
      await announceLosers(tx, losers);
      return after;
    }),
  );
}
