import { sql } from 'drizzle-orm';
import type { ScimGroupChange } from '../../domain/scim/groups';
import { uniqueness } from '../../domain/scim/errors';
import type { AuditActor } from '../audit';
import type { Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { teams } from '../schema';
import { createTeam } from './create-team';
import { assertGroupFree, assertScimUsers, GROUP_TAKEN } from './scim-group-changes';

/**
 * POST /scim/v2/Groups (docs/decisions/0091-scim-provisioning.md): a team of the members named (agents in another team
 * move to it), no managers, made as the owner makes one (createTeam: its audit row and team.changed events), with the
 * directory's externalId. A name another team has (without regard to case) or an externalId another group has is a
 * 409 uniqueness; a member that is not a SCIM user a 400. Returns the team's id.
 */
export async function createScimGroup(db: Db, group: Required<ScimGroupChange>, actor: AuditActor, now: Date): Promise<number> {
  const agentIds = group.members.kind === 'whole' ? group.members.ids : group.members.add;
  return refusedAs(UNIQUE_VIOLATION, () => uniqueness(GROUP_TAKEN), () =>
    db.transaction(async (tx) => {
      await assertScimUsers(tx, agentIds);
      await assertGroupFree(tx, null, group);
      const team = await createTeam(tx, { name: group.name, managerIds: [], agentIds }, actor, now);
      if (group.externalId !== null) await tx.execute(sql`update ${teams} set external_id = ${group.externalId} where id = ${team.id}::int`);
      return team.id;
    }),
  );
}
