import { eq, sql } from 'drizzle-orm';
import type { IncomeEntry } from '../../../contract/income-entries';
import type { Db } from '../client';
import { agents, incomeEntries } from '../schema';

export interface NewIncomeEntry {
  agentId: number;
  /** Exact decimal string with two decimals, not zero. */
  amount: string;
  date: Date;
  description: string | null;
  /** The deal's id in the system it came from; unique among entries. */
  externalId?: string | null;
}

export type IncomeEntryRow = typeof incomeEntries.$inferSelect;
/** An entry with the name of its agent, as the dashboard lists it. */
export type NamedIncomeEntryRow = Omit<IncomeEntryRow, 'externalId'> & { agentName: string };
/** An entry just recorded: with its external id, which the answer to its write carries. */
export type RecordedIncomeEntryRow = NamedIncomeEntryRow & { externalId: string | null };

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
