import { sql } from 'drizzle-orm';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { agents } from '../schema';
import { lockAgent, setScimActive } from './scim-agent-changes';

/**
 * DELETE /scim/v2/Users/{id} (docs/decisions/0091-scim-provisioning.md): the directory no longer has the person. The
 * agent is made inactive as the owner would make it (its sessions and unused password links end in this transaction;
 * the hashes returned end its live streams) and marked deleted by the directory, so that SCIM answers 404 for it from
 * now on; nothing of its history (entries, tiers, claims, badges) is erased. Audited `agent.deprovisioned`. A second
 * DELETE finds nothing.
 */
export async function deprovisionScimAgent(db: Db, id: number, actor: AuditActor, now: Date): Promise<{ endedSessions: string[] }> {
  return db.transaction(async (tx) => {
    const agent = await lockAgent(tx, id);
    if (!agent || agent.scimDeleted) throw notFound('User');
    const endedSessions = agent.status === 'active' ? await setScimActive(tx, agent, false, actor, now) : [];
    await tx.execute(sql`update ${agents} set scim_deleted_at = ${now.toISOString()}::timestamptz where id = ${id}::int`);
    await appendAudit(
      tx,
      actor,
      { action: 'agent.deprovisioned', targetType: 'agent', targetId: id, before: { status: agent.status }, after: { status: agent.status === 'active' ? 'inactive' : agent.status } },
      now,
    );
    return { endedSessions };
  });
}
