// What the benchmark reads of its database besides the app's own queries: counts, the agents it writes entries for,
// the server's version, and the naive scan the app's reads are measured against (scripts/bench/server.ts).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { agents, connectorDeals, connectorDeliveries, emailOutbox, events, incomeEntries } from '../../server/db/schema';
import { sequenceAll } from '../../server/db/sequencer';

/** The numbers of agents and entries, so a caller can tell an empty database from a loaded one. */
export async function countAgentsAndEntries(db: Db): Promise<{ agents: number; entries: number }> {
  const [row] = await queryRows<{ agents: number; entries: number }>(
    db,
    sql`select (select count(*)::int from ${agents}) as agents, (select count(*)::int from ${incomeEntries}) as entries`,
  );
  return row!;
}

/**
 * The naive query of docs/product.md §15: every agent with the sum of all its entries in the current week, month and
 * year, straight from income_entries (a scan of every entry). The benchmark measures it beside the real reads,
 * which use the roll-ups instead; nothing in the app runs it.
 */
export async function scanEveryEntryPerAgent(db: Db, starts: { week: string; month: string; year: string }, timeZone: string): Promise<number> {
  const since = (day: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.id,
        coalesce(sum(e.amount) filter (where e.date >= ${since(starts.week)}), 0)::text as weekly,
        coalesce(sum(e.amount) filter (where e.date >= ${since(starts.month)}), 0)::text as monthly,
        coalesce(sum(e.amount) filter (where e.date >= ${since(starts.year)}), 0)::text as yearly
      from ${agents} a left join ${incomeEntries} e on e.agent_id = a.id
      group by a.id
      order by 3 desc`,
  );
  return rows.length;
}

/**
 * The email outbox: rows still pending, the contest-start emails with the span from the first queued to the last out,
 * and the active agents (each is sent one).
 */
export async function readOutbox(db: Db): Promise<{ pending: number; emails: number; seconds: number; agents: number }> {
  const [row] = await queryRows<{ pending: number; emails: number; seconds: number | null; agents: number }>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending,
        (select count(*) from ${agents} where status = 'active')::int as agents,
        count(*) filter (where kind = 'contest_started')::int as emails,
        extract(epoch from max(sent_at) filter (where kind = 'contest_started') - min(created_at) filter (where kind = 'contest_started'))::float8 as seconds
      from ${emailOutbox}`,
  );
  return { pending: row?.pending ?? 0, emails: row?.emails ?? 0, seconds: row?.seconds ?? 0, agents: row?.agents ?? 0 };
}

/** The server's version line, such as "PostgreSQL 15.20 on x86_64-pc-linux-gnu...". */
export async function readServerVersion(db: Db): Promise<string> {
  const [row] = await queryRows<{ version: string }>(db, sql`select version() as version`);
  return row!.version;
}

/** The lowest and highest agent ids (a benchmark writes entries for agents between them). */
export async function readAgentIdRange(db: Db): Promise<{ first: number; last: number }> {
  const [row] = await queryRows<{ first: number; last: number }>(db, sql`select min(id)::int as first, max(id)::int as last from ${agents}`);
  return row!;
}

/** Every event id after `after`, in id order, once everything committed so far has been sequenced. */
export async function readEventIdsAfter(db: Db, after: number): Promise<number[]> {
  await sequenceAll(db);
  const rows = await queryRows<{ id: number }>(db, sql`select id::float8 as id from ${events} where id > ${after} order by id`);
  return rows.map((row) => row.id);
}

/** A connector's deals as the benchmark checks them: deliveries still pending, deals known, deals recorded, and entries. */
export interface ConnectorState {
  pending: number;
  deals: number;
  recorded: number;
  /** Entries whose external id is one of the connector's deals (`generic:<deal id>`, `:2`... for a second recording). */
  entries: number;
  /** Deals recorded more than once (only a changed deal may be; the benchmark's deals never change). */
  rerecorded: number;
}

export async function readConnectorState(db: Db, connectorId: number, dealPrefix: string): Promise<ConnectorState> {
  const [row] = await queryRows<ConnectorState>(
    db,
    sql`select
        (select count(*)::int from ${connectorDeliveries} where connector_id = ${connectorId} and status = 'pending') as pending,
        (select count(*)::int from ${connectorDeals} where connector_id = ${connectorId}) as deals,
        (select count(*)::int from ${connectorDeals} where connector_id = ${connectorId} and record_id is not null) as recorded,
        (select count(*)::int from ${incomeEntries} where external_id like ${`generic:${dealPrefix}%`}) as entries,
        (select count(*)::int from ${connectorDeals} where connector_id = ${connectorId} and revision > 1) as rerecorded`,
  );
  return row!;
}
