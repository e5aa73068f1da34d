import { eq } from 'drizzle-orm';
import type { CalculatorPercentage } from '../../../contract/calculator-percentages';
import { notFound } from '../../domain/errors';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { toCalculatorPercentage } from '../queries/calculator-percentages';
import { agents, calculatorPercentages } from '../schema';

/**
 * Keeps the percentage the owner uses for an agent in the Profit Calculator (PUT /api/owner/calculator-percentages/{id},
 * docs/decisions/0083-calculator-percentages.md). `percentage` is the contract's two-decimal string ("12.50"), 0 to 100.
 * The agent row is held FOR KEY SHARE, so an agent deleted meanwhile is either gone (404) or deleted after this commits
 * (its row goes with it). The same percentage again changes nothing and is not audited; a change appends
 * `calculator_percentage.updated` with the percentage before (null: none saved) and after.
 */
export async function saveCalculatorPercentage(db: Db, agentId: number, percentage: string, actor: AuditActor, now: Date): Promise<CalculatorPercentage> {
  return db.transaction(async (tx) => {
    const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId)).for('key share');
    if (!agent) throw notFound('Agent');
    const [current] = await tx.select().from(calculatorPercentages).where(eq(calculatorPercentages.agentId, agentId)).for('update');
    if (current && current.percentage === percentage) return toCalculatorPercentage(current);

    const values = { percentage, updatedAt: now, updatedBy: actor.kind === 'user' ? actor.id : null };
    // Two first saves at once: the later one's conflict updates the row the earlier one made.
    const [saved] = await tx
      .insert(calculatorPercentages)
      .values({ agentId, ...values })
      .onConflictDoUpdate({ target: calculatorPercentages.agentId, set: values })
      .returning();
    await appendAudit(
      tx,
      actor,
      {
        action: 'calculator_percentage.updated',
        targetType: 'agent',
        targetId: agentId,
        before: { percentage: current?.percentage ?? null },
        after: { percentage: saved!.percentage },
      },
      now,
    );
    return toCalculatorPercentage(saved!);
  });
}
