import { eq, sql } from 'drizzle-orm';
import { periodStartsOf } from '../../domain/periods';
import type { Db } from '../client';
import { NUMERIC_OUT_OF_RANGE, pgErrorCode } from '../errors';
import { agentPeriodTotals, agents, incomeEntries, tierAchievements, tierSettings } from '../schema';

export interface NewIncomeEntry {
  agentId: number;
  /** Exact decimal string with two decimals, not zero. */
  amount: string;
  date: Date;
  description: string | null;
}

export type IncomeEntryRow = typeof incomeEntries.$inferSelect;

export class TotalOutOfRangeError extends Error {
  constructor() {
    super('This entry would take the agent total beyond the largest amount the tracker can hold');
  }
}

/**
 * Records one income entry and, in the same transaction, the agent's running total and entry count, the
 * week, month and year roll-ups of the entry's date, and any tier reached for the first time.
 * Returns undefined when the agent does not exist.
 */
export async function recordIncomeEntry(
  db: Db,
  entry: NewIncomeEntry,
  options: { timeZone: string; now: Date },
): Promise<IncomeEntryRow | undefined> {
  const periods = periodStartsOf(entry.date, options.timeZone);
  try {
    return await db.transaction(async (tx) => {
      // The row lock taken here serialises concurrent entries of one agent, so new totals are exact.
      const [agent] = await tx
        .update(agents)
        .set({
          totalIncome: sql`${agents.totalIncome} + ${entry.amount}::numeric`,
          totalEntries: sql`${agents.totalEntries} + 1`,
        })
        .where(eq(agents.id, entry.agentId))
        .returning({ totalIncome: agents.totalIncome });
      if (!agent) return undefined;

      const [row] = await tx
        .insert(incomeEntries)
        .values({
          agentId: entry.agentId,
          amount: entry.amount,
          description: entry.description,
          date: entry.date,
          newTotal: agent.totalIncome,
          transactionType: entry.amount.startsWith('-') ? 'deduction' : 'addition',
          createdAt: options.now,
        })
        .returning();

      await tx
        .insert(agentPeriodTotals)
        .values(
          (['week', 'month', 'year'] as const).map((periodKind) => ({
            agentId: entry.agentId,
            periodKind,
            periodStart: periods[periodKind],
            income: entry.amount,
          })),
        )
        .onConflictDoUpdate({
          target: [agentPeriodTotals.agentId, agentPeriodTotals.periodKind, agentPeriodTotals.periodStart],
          set: { income: sql`${agentPeriodTotals.income} + excluded.income` },
        });

      await tx
        .insert(tierAchievements)
        .select(
          tx
            .select({
              agentId: sql<number>`${entry.agentId}::int`.as('agent_id'),
              tierId: tierSettings.id,
              achievedAt: sql<Date>`${options.now.toISOString()}::timestamptz`.as('achieved_at'),
            })
            .from(tierSettings)
            .where(sql`${tierSettings.threshold} <= ${agent.totalIncome}::numeric`),
        )
        .onConflictDoNothing();

      return row!;
    });
  } catch (error) {
    if (pgErrorCode(error) === NUMERIC_OUT_OF_RANGE) throw new TotalOutOfRangeError();
    throw error;
  }
}
