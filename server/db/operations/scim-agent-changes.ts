import { sql } from 'drizzle-orm';
import type { ProvisionedAgent } from '../../domain/scim/users';
import { text } from '../../../contract/i18n';
import { uniqueness } from '../../domain/scim/errors';
import { messages } from './messages';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { appendEvents } from '../events';
import { voidUnusedResets } from '../queries/password-resets';
import { agents } from '../schema';
import { approveAgent } from './approve-agent';
import { setAgentActive } from './set-agent-active';

// What the SCIM operations on agents share (docs/decisions/0091-scim-provisioning.md): the agent locked, its columns
// written with one audit row and one agent.updated event, and its status changed through the operations the owner's
// own changes use (deactivation ends its sessions and links; approval lets a pending agent in).

/** An agent as the SCIM writes lock it. */
export interface LockedAgent extends ProvisionedAgent {
  id: number;
  status: 'active' | 'pending' | 'inactive';
  publicProfile: boolean;
  scimDeleted: boolean;
}

const lockedColumns = sql`id, email, name, first_name as "firstName", last_name as "lastName", position, external_id as "externalId",
  status, public_profile as "publicProfile", scim_deleted_at is not null as "scimDeleted"`;

/** The agent with this id, locked for the rest of the transaction; undefined when there is none. */
export async function lockAgent(tx: Db, id: number): Promise<LockedAgent | undefined> {
  const [row] = await queryRows<LockedAgent>(tx, sql`select ${lockedColumns} from ${agents} where id = ${id}::int for update`);
  return row;
}

/** The agent with this email (lower-case), locked; undefined when there is none. */
export async function lockAgentByEmail(tx: Db, email: string): Promise<LockedAgent | undefined> {
  const [row] = await queryRows<LockedAgent>(tx, sql`select ${lockedColumns} from ${agents} where email = ${email} for update`);
  return row;
}

export const USER_NAME_TAKEN = text(messages, 'userNameTaken');
export const EXTERNAL_ID_TAKEN = text(messages, 'userExternalIdTaken');
/** A unique index's refusal of a write made at the same time as another: which of the two it was is not told. */
export const USER_TAKEN = text(messages, 'userTaken');

/**
 * Refuses (409 uniqueness) an email or externalId another agent has, deleted by the directory or not (the unique
 * indexes hold whatever the status; they also refuse a concurrent write the check cannot see).
 */
export async function assertAgentFree(tx: Db, id: number | null, fields: Pick<ProvisionedAgent, 'email' | 'externalId'>): Promise<void> {
  const others = await queryRows<{ email: string; external_id: string | null }>(
    tx,
    sql`select email, external_id from ${agents}
      where (email = ${fields.email} or external_id = ${fields.externalId}::text) and id is distinct from ${id}::int`,
  );
  if (others.some((row) => row.email === fields.email)) throw uniqueness(USER_NAME_TAKEN);
  if (others.length > 0) throw uniqueness(EXTERNAL_ID_TAKEN);
}

const FIELDS = ['email', 'name', 'firstName', 'lastName', 'position', 'externalId'] as const;

/**
 * Writes the agent's columns as the directory sent them, with one `agent.updated` audit row naming the attributes that
 * changed (the position's values: never a name or an email, which the trail must not keep) and one agent.updated
 * event; nothing when nothing changed. A link emailed to the old address stops working, as when the owner edits it.
 */
export async function writeAgentFields(tx: Db, before: LockedAgent, after: ProvisionedAgent, actor: AuditActor, now: Date): Promise<void> {
  const changed = FIELDS.filter((key) => before[key] !== after[key]);
  if (changed.length === 0) return;
  if (changed.includes('email') || changed.includes('externalId')) await assertAgentFree(tx, before.id, after);
  await tx.execute(
    sql`update ${agents} set email = ${after.email}, name = ${after.name}, first_name = ${after.firstName}, last_name = ${after.lastName},
      position = ${after.position}, external_id = ${after.externalId} where id = ${before.id}::int`,
  );
  if (changed.includes('email')) await voidUnusedResets(tx, 'agent', before.id, now, { emailedOnly: true });
  const position = changed.includes('position') ? { position: after.position } : {};
  await appendAudit(
    tx,
    actor,
    { action: 'agent.updated', targetType: 'agent', targetId: before.id, before: changed.includes('position') ? { position: before.position } : null, after: { ...position, attributes: changed, via: 'scim' } },
    now,
  );
  await appendEvents(tx, [
    { type: 'agent.updated', agentId: before.id, public: { agentId: before.id, publicProfile: before.publicProfile }, private: { name: after.name, position: after.position } },
  ]);
}

/**
 * Makes the agent active or not as the directory says: through setAgentActive (deactivation ends its sessions, its
 * unused password links and, through the sessions' hashes returned, its live streams), or for an agent waiting for
 * the owner's approval, approval (the directory vouches for the person); a pending agent made not active stays
 * pending, which SCIM already shows as not active. Returns the hashes of the sessions ended.
 */
export async function setScimActive(tx: Db, agent: Pick<LockedAgent, 'id' | 'status'>, active: boolean, actor: AuditActor, now: Date): Promise<string[]> {
  if (agent.status === 'pending') {
    if (!active) return [];
    await approveAgent(tx, agent.id);
    await appendAudit(tx, actor, { action: 'agent.approved', targetType: 'agent', targetId: agent.id, after: { via: 'scim' } }, now);
    return [];
  }
  const { endedSessions } = await setAgentActive(tx, agent.id, active, actor, now);
  return endedSessions;
}
