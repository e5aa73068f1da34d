import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CreatedIncomeEntry, IncomeEntry, IncomeEntryListQuery } from '../../../contract/income-entries';
import { everyAgentScope, type TeamScope } from '../../domain/team-scope';
import { queryRows, type Db } from '../client';
import { epochMs } from '../time-sql';
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

/** A row of an entry page: the entry with its running total in the page's order (deal date, then id). */
export type PagedIncomeEntry = CreatedIncomeEntry & { runningTotal: string };

interface EntryPageRow {
  id: string;
  agent_id: number;
  agent_name: string;
  amount: string;
  transaction_type: 'addition' | 'deduction';
  description: string | null;
  new_total: string;
  running_total: string;
  date_ms: number;
  created_at_ms: number;
  external_id: string | null;
  voids_entry_id: string | null;
  voided_at_ms: number | null;
  voided_by: string | null;
  void_reason: string | null;
}

/**
 * A page of entries, newest deal first (by date, then by id), of one agent or all, between two days inclusive in
 * `timeZone`; one more row than asked is read to tell whether a next page exists. Read along income_entries_date_idx
 * (or income_entries_agent_date_idx for one agent), never by sorting every entry.
 *
 * Each row comes with its running total in that same order (docs/decisions/0085-entry-dates-in-lists.md): the agent's
 * total after it, every entry counted (a voided entry and its reversal alike, as the list shows both). It is worked
 * out from the newest end, in the same statement (one snapshot): the agent's total less what its entries after the row
 * add up to, a window over (date, id) descending. So a page reads, per agent on it, only the entries from its oldest row
 * on that page to the newest (for the first page, about the page itself), along income_entries_agent_date_idx
 * (agent_id, date, id) without a sort, whatever the dates or the agent's history.
 */
export async function listIncomeEntryPage(
  db: Db,
  query: IncomeEntryListQuery,
  timeZone: string,
  scope: TeamScope,
): Promise<{ entries: PagedIncomeEntry[]; nextOffset: number | null }> {
  const conditions = entryConditions(query, timeZone);
  conditions.push(scopeWhere(scope, sql`${incomeEntries.agentId}`));
  const rows = await queryRows<EntryPageRow>(
    db,
    sql`with page as (
        select ${incomeEntries.id} as id, ${incomeEntries.agentId} as agent_id, ${incomeEntries.date} as date
        from ${incomeEntries}
        where ${and(...conditions)}
        -- NULLS LAST as in the index (see listRecentIncomeEntries).
        order by ${incomeEntries.date} desc nulls last, ${incomeEntries.id} desc nulls last
        limit ${query.limit + 1} offset ${query.offset}
      ),
      oldest as (
        select distinct on (agent_id) agent_id, date, id from page order by agent_id, date, id
      ),
      later as (
        select x.id, x.agent_id,
          sum(x.amount) over (partition by x.agent_id order by x.date desc nulls last, x.id desc nulls last rows between unbounded preceding and 1 preceding) as after
        from oldest o
        join ${incomeEntries} x on x.agent_id = o.agent_id and (x.date, x.id) >= (o.date, o.id)
      )
      select e.id::text as id, e.agent_id, a.name as agent_name, e.amount::text as amount, e.transaction_type, e.description,
        e.new_total::text as new_total, (a.total_income - coalesce(l.after, 0))::numeric(20,2)::text as running_total,
        ${epochMs(sql`e.date`)} as date_ms, ${epochMs(sql`e.created_at`)} as created_at_ms, e.external_id,
        e.voids_entry_id::text as voids_entry_id, ${epochMs(sql`e.voided_at`)} as voided_at_ms, e.voided_by, e.void_reason
      from page p
      join later l on l.id = p.id
      join ${incomeEntries} e on e.id = p.id
      join ${agents} a on a.id = e.agent_id
      order by p.date desc, p.id desc`,
  );
  const more = rows.length > query.limit;
  return {
    entries: rows.slice(0, query.limit).map(toPagedIncomeEntry),
    nextOffset: more ? query.offset + query.limit : null,
  };
}

function toPagedIncomeEntry(row: EntryPageRow): PagedIncomeEntry {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: Number(row.id),
    agentId: row.agent_id,
    agentName: row.agent_name,
    amount: row.amount,
    transactionType: row.transaction_type,
    description: row.description,
    newTotal: row.new_total,
    runningTotal: row.running_total,
    date: iso(row.date_ms),
    createdAt: iso(row.created_at_ms),
    externalId: row.external_id,
    voidsEntryId: row.voids_entry_id === null ? null : Number(row.voids_entry_id),
    voidedAt: row.voided_at_ms === null ? null : iso(row.voided_at_ms),
    voidedBy: row.voided_by,
    voidReason: row.void_reason,
  };
}

/** A page of one agent's own entries (GET /api/agents/me/entries: the signed-in agent reads itself, whatever its team). */
export function listOwnIncomeEntryPage(
  db: Db,
  agentId: number,
  query: Omit<IncomeEntryListQuery, 'agentId'>,
  timeZone: string,
): Promise<{ entries: PagedIncomeEntry[]; nextOffset: number | null }> {
  return listIncomeEntryPage(db, { ...query, agentId }, timeZone, everyAgentScope());
}
