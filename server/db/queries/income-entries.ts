import { eq, sql } from 'drizzle-orm';
import type { IncomeEntry } from '../../../contract/income-entries';
import { periodStartsOf } from '../../domain/periods';
import type { Db } from '../client';
import { NUMERIC_OUT_OF_RANGE, pgErrorCode } from '../errors';
import { agentPeriodTotals, agents, incomeEntries, tierAchievements, tierSettings } from '../schema';
import { lockTierThresholds } from './tier-settings';

export interface NewIncomeEntry {
  agentId: number;
  /** Exact decimal string with two decimals, not zero. */
  amount: string;
  date: Date;
  description: string | null;
}

export type IncomeEntryRow = typeof incomeEntries.$inferSelect;
/** An entry with the name of its agent, as the dashboard lists it. */
export type NamedIncomeEntryRow = IncomeEntryRow & { agentName: string };

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
): Promise<NamedIncomeEntryRow | undefined> {
  const periods = periodStartsOf(entry.date, options.timeZone);
  try {
    return await db.transaction(async (tx) => {
      // Thresholds cannot change while this entry decides which tiers the new total reaches.
      await lockTierThresholds(tx, 'shared');
      // The row lock taken here serialises concurrent entries of one agent, so new totals are exact.
      const [agent] = await tx
        .update(agents)
        .set({
          totalIncome: sql`${agents.totalIncome} + ${entry.amount}::numeric`,
          totalEntries: sql`${agents.totalEntries} + 1`,
          // SET reads the row as it was, so this is the larger of the old peak and the new total.
          peakTotal: sql`greatest(${agents.peakTotal}, ${agents.totalIncome} + ${entry.amount}::numeric)`,
        })
        .where(eq(agents.id, entry.agentId))
        .returning({ totalIncome: agents.totalIncome, name: agents.name });
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

      return { ...row!, agentName: agent.name };
    });
  } catch (error) {
    if (pgErrorCode(error) === NUMERIC_OUT_OF_RANGE) throw new TotalOutOfRangeError();
    throw error;
  }
}

export function toIncomeEntry(row: NamedIncomeEntryRow): IncomeEntry {
  return {
    id: row.id,
    agentId: row.agentId,
    agentName: row.agentName,
    amount: row.amount,
    transactionType: row.transactionType,
    description: row.description,
    newTotal: row.newTotal,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest entries of all agents (by when they were recorded), read through income_entries_created_idx. */
export async function listRecentIncomeEntries(db: Db, limit: number): Promise<IncomeEntry[]> {
  const rows = await db
    .select({
      id: incomeEntries.id,
      agentId: incomeEntries.agentId,
      agentName: agents.name,
      amount: incomeEntries.amount,
      description: incomeEntries.description,
      date: incomeEntries.date,
      newTotal: incomeEntries.newTotal,
      transactionType: incomeEntries.transactionType,
      createdAt: incomeEntries.createdAt,
    })
    .from(incomeEntries)
    .innerJoin(agents, eq(agents.id, incomeEntries.agentId))
    // NULLS LAST as in the index: plain DESC means NULLS FIRST, which the planner cannot serve from it (it would sort
    // every entry instead, although both columns are NOT NULL).
    .orderBy(sql`${incomeEntries.createdAt} desc nulls last`, sql`${incomeEntries.id} desc nulls last`)
    .limit(limit);
  return rows.map(toIncomeEntry);
}
