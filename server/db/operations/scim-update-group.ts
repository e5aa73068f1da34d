import { sql } from 'drizzle-orm';
import type { UpdateTeamInput } from '../../../contract/teams';
import { notFound } from '../../domain/errors';
import type { ScimGroupChange } from '../../domain/scim/groups';
import { uniqueness } from '../../domain/scim/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { findTeam } from '../queries/teams';
import { teams } from '../schema';
import { assertGroupFree, assertScimUsers, GROUP_TAKEN } from './scim-group-changes';
import { updateTeam } from './update-team';

/**
 * PUT and PATCH /scim/v2/Groups/{id} (docs/decisions/0091-scim-provisioning.md): the team renamed, its agents set to
 * a whole list or moved in and out (agents added leave their other team), through updateTeam (its audit row and
 * team.changed events), and its externalId changed (audited `team.updated`). Only what differs from the team as it
 * is is written: a directory repeating a change writes nothing. Its managers are never touched.
 */
export async function updateScimGroup(db: Db, id: number, change: ScimGroupChange, actor: AuditActor, now: Date): Promise<void> {
  await refusedAs(UNIQUE_VIOLATION, () => uniqueness(GROUP_TAKEN), () =>
    db.transaction(async (tx) => {
      const [locked] = await queryRows<{ external_id: string | null }>(tx, sql`select external_id from ${teams} where id = ${id}::int for update`);
      if (!locked) throw notFound('Group');
      const before = (await findTeam(tx, id))!;
      const inTeam = new Set(before.agents.map((agent) => agent.id));
      const update: UpdateTeamInput = {};
      if (change.name !== undefined && change.name !== before.name) {
        await assertGroupFree(tx, id, { name: change.name });
        update.name = change.name;
      }
      const members = change.members;
      if (members?.kind === 'whole') {
        await assertScimUsers(tx, members.ids);
        if (members.ids.length !== inTeam.size || members.ids.some((agentId) => !inTeam.has(agentId))) update.agentIds = members.ids;
      } else if (members) {
        // Every agent named must be a SCIM user, even one still in the team that the directory has deleted.
        await assertScimUsers(tx, members.add);
        const add = members.add.filter((agentId) => !inTeam.has(agentId));
        // Those not in the team are not members to remove: a directory removing one twice changes nothing.
        const remove = members.remove.filter((agentId) => inTeam.has(agentId));
        if (add.length > 0) update.addAgentIds = add;
        if (remove.length > 0) update.removeAgentIds = remove;
      }
      if (Object.keys(update).length > 0) await updateTeam(tx, id, update, actor, now);
      if (change.externalId !== undefined && change.externalId !== locked.external_id) {
        await assertGroupFree(tx, id, { externalId: change.externalId });
        await tx.execute(sql`update ${teams} set external_id = ${change.externalId} where id = ${id}::int`);
        await appendAudit(tx, actor, { action: 'team.updated', targetType: 'team', targetId: id, before: { externalId: locked.external_id }, after: { externalId: change.externalId } }, now);
      }
    }),
  );
}
