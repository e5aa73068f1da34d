import { eq } from 'drizzle-orm';
import { notFound } from '../../domain/errors';
import type { Db } from '../client';
import { appendEvents } from '../events';
import { agentCreatedEvent } from '../rule-sql';
import { agents } from '../schema';

/** Approves a pending agent (idempotent for one already active). */
export async function approveAgent(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ status: agents.status }).from(agents).where(eq(agents.id, id)).for('update');
    if (!before) throw notFound('Agent');
    if (before.status === 'active') return;
    const [row] = await tx.update(agents).set({ status: 'active' }).where(eq(agents.id, id)).returning({ id: agents.id, name: agents.name });
    // To everyone but staff the agent appears only now: agent.created again, active this time.
    await appendEvents(tx, [agentCreatedEvent(id, { agentId: id, agentName: row!.name, status: 'active' })]);
  });
}
