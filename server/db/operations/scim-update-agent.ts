import { notFound } from '../../domain/errors';
import { uniqueness } from '../../domain/scim/errors';
import { provisionedAgentOf, scimUserFieldsOf, type ScimUserFields } from '../../domain/scim/users';
import type { AuditActor } from '../audit';
import type { Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { lockAgent, setScimActive, USER_TAKEN, writeAgentFields } from './scim-agent-changes';

/**
 * PUT and PATCH /scim/v2/Users/{id} (docs/decisions/0091-scim-provisioning.md): `change` turns the user's attributes
 * as they are into those wanted (a PUT's replacement, a PATCH's operations: server/domain/scim/users.ts), with the
 * agent locked, so that two directory requests at once apply one after the other. The columns are written
 * (writeAgentFields) and then `active` (setScimActive): made inactive, the agent's sessions and links end in this
 * transaction. A user the directory deleted is not found. Returns the hashes of the sessions ended, for their streams.
 */
export async function updateScimAgent(
  db: Db,
  id: number,
  change: (current: ScimUserFields) => ScimUserFields,
  actor: AuditActor,
  now: Date,
): Promise<{ endedSessions: string[] }> {
  return refusedAs(UNIQUE_VIOLATION, () => uniqueness(USER_TAKEN), () =>
    db.transaction(async (tx) => {
      const agent = await lockAgent(tx, id);
      if (!agent || agent.scimDeleted) throw notFound('User');
      const wanted = change(scimUserFieldsOf(agent));
      await writeAgentFields(tx, agent, provisionedAgentOf(wanted), actor, now);
      const activeNow = agent.status === 'active';
      const endedSessions = wanted.active === activeNow ? [] : await setScimActive(tx, agent, wanted.active, actor, now);
      return { endedSessions };
    }),
  );
}
