import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { uniqueness } from '../../domain/scim/errors';
import type { ProvisionedAgent } from '../../domain/scim/users';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { appendEvents } from '../events';
import { agentCreatedEvent } from '../rule-sql';
import { agents } from '../schema';
import { assertAgentFree, lockAgentByEmail, setScimActive, USER_NAME_TAKEN, USER_TAKEN, writeAgentFields } from './scim-agent-changes';

/**
 * The stored "hash" of an agent the directory made: no password verifies against it (it is not an Argon2 hash), and it
 * is random, so no two accounts share it. The agent signs in with company sign-in, or sets a password with a link.
 */
const unusablePasswordHash = () => `!scim-${randomBytes(24).toString('base64url')}`;

/**
 * POST /scim/v2/Users (docs/decisions/0091-scim-provisioning.md): a new agent, active unless the directory says
 * otherwise, with an agent.created event and an `agent.created` audit row by the token; or, when the userName is that
 * of an agent the directory deleted, that agent brought back (its history was kept), its attributes as sent and active
 * as asked, audited `agent.reprovisioned`. An email or externalId another agent has is a 409 uniqueness (also under
 * concurrent requests: the unique indexes). Returns the agent's id and the sessions its status change ended.
 */
export async function provisionScimAgent(
  db: Db,
  agent: ProvisionedAgent,
  active: boolean,
  actor: AuditActor,
  now: Date,
): Promise<{ id: number; created: boolean; endedSessions: string[] }> {
  return refusedAs(UNIQUE_VIOLATION, () => uniqueness(USER_TAKEN), () =>
    db.transaction(async (tx) => {
      const existing = await lockAgentByEmail(tx, agent.email);
      if (existing && !existing.scimDeleted) throw uniqueness(USER_NAME_TAKEN);
      if (existing) {
        await tx.execute(sql`update ${agents} set scim_deleted_at = null where id = ${existing.id}::int`);
        await writeAgentFields(tx, existing, agent, actor, now);
        await appendAudit(tx, actor, { action: 'agent.reprovisioned', targetType: 'agent', targetId: existing.id, before: { status: existing.status }, after: { active } }, now);
        return { id: existing.id, created: false, endedSessions: await setScimActive(tx, existing, active, actor, now) };
      }
      await assertAgentFree(tx, null, agent);
      const [made] = await queryRows<{ id: number }>(
        tx,
        sql`insert into ${agents} (email, name, first_name, last_name, position, external_id, password_hash, status, created_at)
          values (${agent.email}, ${agent.name}, ${agent.firstName}, ${agent.lastName}, ${agent.position}, ${agent.externalId},
            ${unusablePasswordHash()}, 'active', ${now.toISOString()}::timestamptz)
          returning id`,
      );
      const id = made!.id;
      await appendEvents(tx, [agentCreatedEvent(id, { agentId: id, agentName: agent.name, status: 'active' })]);
      await appendAudit(tx, actor, { action: 'agent.created', targetType: 'agent', targetId: id, after: { position: agent.position, status: 'active', via: 'scim' } }, now);
      // Made inactive at once when the directory asks (rare): as the owner would, so the event and trail say so.
      const endedSessions = active ? [] : await setScimActive(tx, { id, status: 'active' }, false, actor, now);
      return { id, created: true, endedSessions };
    }),
  );
}
