import { asc, inArray } from 'drizzle-orm';
import type { CalculatorPercentage } from '../../../contract/calculator-percentages';
import type { Db } from '../client';
import { calculatorPercentages } from '../schema';

type CalculatorPercentageRow = typeof calculatorPercentages.$inferSelect;

export const toCalculatorPercentage = (row: Pick<CalculatorPercentageRow, 'agentId' | 'percentage' | 'updatedAt'>): CalculatorPercentage => ({
  agentId: row.agentId,
  percentage: row.percentage,
  updatedAt: row.updatedAt.toISOString(),
});

/** The saved calculator percentages of these agents (those without one are left out), by agent id. */
export async function listCalculatorPercentages(db: Db, agentIds: readonly number[]): Promise<CalculatorPercentage[]> {
  if (agentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(calculatorPercentages)
    .where(inArray(calculatorPercentages.agentId, [...agentIds]))
    .orderBy(asc(calculatorPercentages.agentId));
  return rows.map(toCalculatorPercentage);
}
