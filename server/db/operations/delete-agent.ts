import { eq } from 'drizzle-orm';
import { notFound } from '../../domain/errors';
import type { Db } from '../client';
import { appendEvents, eraseAgentEvents } from '../events';
import { eraseAccountResets } from '../queries/password-resets';
import { eraseAgentDeliveries } from '../queries/webhooks';
import { agentDeletedEvent } from '../rule-sql';
import { agents } from '../schema';

/**
 * Deletes an agent. Its income entries, period roll-ups, achievements, sessions and reward claims go with it
 * (foreign keys ON DELETE CASCADE) in the same statement, and what the kept live events and webhook deliveries said
 * about it, in the same
 * transaction as the agent.deleted event. NOT_FOUND when there was none.
 */
export async function deleteAgent(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id });
    if (rows.length === 0) throw notFound('Agent');
    await eraseAgentEvents(tx, id);
    await eraseAgentDeliveries(tx, id);
    await eraseAccountResets(tx, 'agent', id);
    await appendEvents(tx, [agentDeletedEvent(id)]);
  });
}
