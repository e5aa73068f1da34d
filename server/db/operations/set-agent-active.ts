import { sql } from 'drizzle-orm';
import { AGENT_PENDING_APPROVAL_TEXT } from '../../../contract/agents';
import { conflict, notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { appendEvents } from '../events';
import { voidUnusedResets } from '../queries/password-resets';
import { agents, sessions } from '../schema';

interface AgentRow {
  id: number;
  name: string;
  position: string;
  status: 'active' | 'pending' | 'inactive';
  public_profile: boolean;
}

/**
 * Makes an agent inactive (`active` false) or active again, as the owner asks (PATCH /api/agents/{id}). Making it
 * inactive ends its sessions and its unused password links in the same transaction; either way an audit row and an
 * agent.updated event (with `active`) are appended, so boards and screens read again and the event hubs stop (or
 * start again) sending its events to agents and TV links. Its history (entries, tiers, claims) is untouched.
 * Nothing changes when it already is as asked. Returns the token hashes of the sessions ended, for their streams.
 */
export async function setAgentActive(db: Db, id: number, active: boolean, actor: AuditActor, now: Date): Promise<{ endedSessions: string[] }> {
  return db.transaction(async (tx) => {
    const [agent] = await queryRows<AgentRow>(tx, sql`select id, name, position, status, public_profile from ${agents} where id = ${id}::int for update`);
    if (!agent) throw notFound('Agent');
    if (agent.status === 'pending') throw conflict(AGENT_PENDING_APPROVAL_TEXT);
    if ((agent.status === 'active') === active) return { endedSessions: [] };
    // Made inactive, a new credential version: a sign-in whose password check began before this and whose session is
    // made after it stays refused if the agent is made active again (docs/decisions/0034-sessions-follow-the-account.md).
    await tx.execute(
      sql`update ${agents} set status = ${active ? 'active' : 'inactive'}${active ? sql`` : sql`, credential_version = credential_version + 1`} where id = ${id}::int`,
    );
    let endedSessions: string[] = [];
    if (!active) {
      const ended = await queryRows<{ token_hash: string }>(tx, sql`delete from ${sessions} where agent_id = ${id}::int returning token_hash`);
      endedSessions = ended.map((row) => row.token_hash);
      await voidUnusedResets(tx, 'agent', id, now);
    }
    await appendAudit(
      tx,
      actor,
      {
        action: active ? 'agent.reactivated' : 'agent.deactivated',
        targetType: 'agent',
        targetId: id,
        before: { status: agent.status },
        after: { status: active ? 'active' : 'inactive', ...(active ? {} : { sessionsEnded: endedSessions.length }) },
      },
      now,
    );
    await appendEvents(tx, [
      {
        type: 'agent.updated',
        agentId: id,
        public: { agentId: id, publicProfile: agent.public_profile, active },
        private: { name: agent.name, position: agent.position },
      },
    ]);
    return { endedSessions };
  });
}
