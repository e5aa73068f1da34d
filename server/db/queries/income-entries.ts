import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CreatedIncomeEntry, IncomeEntry, IncomeEntryListQuery } from '../../../contract/income-entries';
import { everyAgentScope, type TeamScope } from '../../domain/team-scope';
import type { Db } from '../client';
import { scopeWhere } from '../scope-sql';
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
    voidsEntryId: row.voidsEntryId,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidedBy: row.voidedBy,
    voidReason: row.voidReason,
  };
}

/** An entry's columns with its agent's name (joined on agents), as toIncomeEntry reads them. */
const namedEntryColumns = {
  id: incomeEntries.id,
  agentId: incomeEntries.agentId,
  agentName: agents.name,
  amount: incomeEntries.amount,
  description: incomeEntries.description,
  date: incomeEntries.date,
  newTotal: incomeEntries.newTotal,
  transactionType: incomeEntries.transactionType,
  createdAt: incomeEntries.createdAt,
  voidsEntryId: incomeEntries.voidsEntryId,
  voidedAt: incomeEntries.voidedAt,
  voidedBy: incomeEntries.voidedBy,
  voidReason: incomeEntries.voidReason,
};

/** The newest entries of the scope's agents (by when they were recorded), read through income_entries_created_idx. */
export async function listRecentIncomeEntries(db: Db, limit: number, scope: TeamScope): Promise<IncomeEntry[]> {
  const rows = await db
    .select(namedEntryColumns)
    .from(incomeEntries)
    .innerJoin(agents, eq(agents.id, incomeEntries.agentId))
    .where(scopeWhere(scope, sql`${incomeEntries.agentId}`))
    // NULLS LAST as in the index: plain DESC means NULLS FIRST, which the planner cannot serve from it (it would sort
    // every entry instead, although both columns are NOT NULL).
    .orderBy(sql`${incomeEntries.createdAt} desc nulls last`, sql`${incomeEntries.id} desc nulls last`)
    .limit(limit);
  return rows.map(toIncomeEntry);
}

/** Entries of one agent (or all) between two days inclusive in `timeZone`: the conditions of a list and of its count. */
function entryConditions(query: { agentId?: number | undefined; from?: string | undefined; to?: string | undefined }, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (query.agentId !== undefined) conditions.push(eq(incomeEntries.agentId, query.agentId));
  if (query.from) conditions.push(sql`${incomeEntries.date} >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) conditions.push(sql`${incomeEntries.date} < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  return conditions;
}

/** How many entries an agent has between two days inclusive in `timeZone` (the agent's own entries list's total). */
export async function countAgentEntries(db: Db, agentId: number, range: { from?: string | undefined; to?: string | undefined }, timeZone: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(incomeEntries)
    .where(and(...entryConditions({ agentId, ...range }, timeZone)));
  return row?.n ?? 0;
}

/**
 * A page of entries, newest first by date (then by id), of one agent or all, between two days inclusive in
 * `timeZone`; one more row than asked is read to tell whether a next page exists. Read along
 * income_entries_date_idx (or income_entries_agent_date_idx for one agent), never by sorting every entry.
 */
export async function listIncomeEntryPage(
  db: Db,
  query: IncomeEntryListQuery,
  timeZone: string,
  scope: TeamScope,
): Promise<{ entries: CreatedIncomeEntry[]; nextOffset: number | null }> {
  const conditions = entryConditions(query, timeZone);
  conditions.push(scopeWhere(scope, sql`${incomeEntries.agentId}`));
  const rows = await db
    .select({ ...namedEntryColumns, externalId: incomeEntries.externalId })
    .from(incomeEntries)
    .innerJoin(agents, eq(agents.id, incomeEntries.agentId))
    .where(and(...conditions))
    // NULLS LAST as in the index (see listRecentIncomeEntries).
    .orderBy(sql`${incomeEntries.date} desc nulls last`, sql`${incomeEntries.id} desc nulls last`)
    .limit(query.limit + 1)
    .offset(query.offset);
  const more = rows.length > query.limit;
  return {
    entries: rows.slice(0, query.limit).map((row) => ({ ...toIncomeEntry(row), externalId: row.externalId })),
    nextOffset: more ? query.offset + query.limit : null,
  };
}

/** A page of one agent's own entries (GET /api/agents/me/entries: the signed-in agent reads itself, whatever its team). */
export function listOwnIncomeEntryPage(
  db: Db,
  agentId: number,
  query: Omit<IncomeEntryListQuery, 'agentId'>,
  timeZone: string,
): Promise<{ entries: CreatedIncomeEntry[]; nextOffset: number | null }> {
  return listIncomeEntryPage(db, { ...query, agentId }, timeZone, everyAgentScope());
}
