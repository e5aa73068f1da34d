import { sql, type SQL } from 'drizzle-orm';
import type { IncomeEntryExportQuery } from '../../../contract/income-entries';
import type { ActivityExportQuery, MetricUnit } from '../../../contract/metrics';
import type { ClaimContact } from '../../../contract/rewards';
import { queryRows, type Db } from '../client';
import type { TeamScope } from '../../domain/team-scope';
import { scopeWhere } from '../scope-sql';
import { csvTextSql } from '../csv-sql';
import { epochMs, isoText } from '../time-sql';
import { claimTierLabel } from './reward-claims';

/**
 * Rows for the CSV exports, read in batches by keyset (the last row's sort key, never an OFFSET), so an export of
 * millions of rows holds one batch in memory at a time and each batch costs the same. Not one snapshot: a row
 * written during an export shows when it sorts after the batches already read (docs/decisions/0062).
 *
 * 1,000 rows: a batch is written out before V8 moves it to the old generation. With 5,000 the rows outlived two young
 * collections while they waited, were promoted, and the old generation grew by the size of the file before a full
 * collection came: +141 MB for 1,000,000 entries against +15 MB now (docs/performance.md, imports and exports).
 */
export const EXPORT_BATCH_ROWS = 1_000;

/**
 * The batches of a keyset read: `read(after)` reads the batch after a cursor, `cursorOf` gives the cursor of a batch's
 * last row. The next batch is asked for as soon as a batch arrives, so that the database reads it while the caller
 * writes this one out (two batches in memory at most).
 */
export async function* keysetBatches<Row, Cursor>(read: (after: Cursor | undefined) => Promise<Row[]>, cursorOf: (row: Row) => Cursor): AsyncGenerator<Row[]> {
  let next: Promise<Row[]> | undefined = read(undefined);
  while (next) {
    const rows: Row[] = await next;
    next = rows.length === EXPORT_BATCH_ROWS ? read(cursorOf(rows[rows.length - 1]!)) : undefined;
    // A read started but not awaited must not reject unobserved if the caller stops early (the client went away).
    next?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}

export interface EntryExportRow {
  id: string;
  /** The exact stored timestamp as text: the next batch starts after it (a Date would lose its microseconds). */
  date_key: string;
  /** Milliseconds since 1970 (formatted by the caller: cheaper in JavaScript than to_char in the database). */
  date_ms: number;
  agent_id: number;
  agent_name: string;
  agent_email: string;
  amount: string;
  transaction_type: string;
  description: string | null;
  external_id: string | null;
  new_total: string;
  created_at_ms: number;
  voids_entry_id: string | null;
  voided_at_ms: number | null;
}


/** The WHERE, ORDER BY and LIMIT of a batch of the entry export (entries `e`): the filter, after the keyset cursor. */
function entryBatchWhere(
  query: IncomeEntryExportQuery & { scope: TeamScope },
  timeZone: string,
  after: { date: string; id: string } | undefined,
  limit: number,
): SQL {
  // The agents of the reader's scope only: docs/decisions/0032-teams.md, 0043-team-scope-required.md.
  const filter: SQL[] = [scopeWhere(query.scope, sql`e.agent_id`)];
  if (query.agentId !== undefined) filter.push(sql`e.agent_id = ${query.agentId}`);
  if (query.from) filter.push(sql`e.date >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) filter.push(sql`e.date < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  if (after) filter.push(sql`(e.date, e.id) > (${after.date}::timestamptz, ${after.id}::bigint)`);
  // NULLS FIRST: the reverse of income_entries_date_idx's order, so the index is read backward, the keyset condition
  // as its bound.
  return sql`where ${sql.join(filter, sql` and `)} order by e.date asc nulls first, e.id asc nulls first limit ${limit}`;
}

/** Every entry of the filter, oldest first (by date, then id), a batch at a time. */
export async function* entryExportBatches(db: Db, query: IncomeEntryExportQuery & { scope: TeamScope }, timeZone: string): AsyncGenerator<EntryExportRow[]> {
  yield* keysetBatches(
    (after: { date: string; id: string } | undefined) =>
      queryRows<EntryExportRow>(
      db,
      sql`select e.id::text as id, e.date::text as date_key, ${epochMs(sql`e.date`)} as date_ms, e.agent_id, a.name as agent_name,
          a.email as agent_email, e.amount::text as amount, e.transaction_type, e.description, e.external_id,
          e.new_total::text as new_total, ${epochMs(sql`e.created_at`)} as created_at_ms,
          e.voids_entry_id::text as voids_entry_id, ${epochMs(sql`e.voided_at`)} as voided_at_ms
        from income_entries e join agents a on a.id = e.agent_id
        ${entryBatchWhere(query, timeZone, after, EXPORT_BATCH_ROWS)}`,
      ),
    (last) => ({ date: last.date_key, id: last.id }),
  );
}

/** Rows of the entry export per read: its text stays small enough for V8's young generation (see EXPORT_BATCH_ROWS). */
const ENTRY_TEXT_ROWS = 500;

/**
 * Every entry of the filter, oldest first (by date, then id), as the CSV text of a batch of rows at a time (CRLF
 * after each), for the embedded database. The database writes the text (server/db/csv-sql.ts): one string per batch
 * crosses from its thread instead of a dozen values per row, which is what lets it export over 50,000 rows a second.
 * On PostgreSQL, entryExportBatches and JavaScript's writer are faster (the formatting runs beside the query, not
 * in the one backend that runs it): docs/performance.md, imports and exports.
 */
export async function* entryExportText(
  db: Db,
  query: IncomeEntryExportQuery & { scope: TeamScope },
  timeZone: string,
  currency: string,
): AsyncGenerator<string> {
  type TextBatch = { text: string | null; date_key: string | null; id: string | null; n: number };
  const read = (after: { date: string; id: string } | undefined) =>
    queryRows<TextBatch>(
      db,
      sql`with batch as (
          select e.id, e.date, e.agent_id, a.name, a.email, e.amount, e.transaction_type, e.description, e.external_id, e.new_total, e.created_at,
            e.voids_entry_id, e.voided_at
          from income_entries e join agents a on a.id = e.agent_id
          ${entryBatchWhere(query, timeZone, after, ENTRY_TEXT_ROWS)}
        ),
        last as (select b.date::text as date_key, b.id::text as id from batch b order by b.date desc, b.id desc limit 1)
        select string_agg(concat_ws(',', b.id, ${isoText(sql`b.date`)}, b.agent_id, ${csvTextSql(sql`b.name`)}, ${csvTextSql(sql`b.email`)},
            b.amount, b.transaction_type, ${csvTextSql(sql`b.description`)}, ${csvTextSql(sql`b.external_id`)}, b.new_total,
            ${isoText(sql`b.created_at`)}, coalesce(b.voids_entry_id::text, ''), coalesce(${isoText(sql`b.voided_at`)}, ''), ${currency}::text) || E'\r\n', ''
            order by b.date, b.id) as text,
          (select date_key from last) as date_key, (select id from last) as id, count(*)::int as n
        from batch b`,
    );
  let next: Promise<TextBatch[]> | undefined = read(undefined);
  while (next) {
    const [batch]: TextBatch[] = await next;
    next = batch && batch.n === ENTRY_TEXT_ROWS ? read({ date: batch.date_key!, id: batch.id! }) : undefined;
    // A read started but not awaited must not reject unobserved if the caller stops early (the client went away).
    next?.catch(() => undefined);
    if (batch?.text) yield batch.text;
  }
}

export interface AgentExportRow {
  id: number;
  name: string;
  email: string;
  position: string;
  status: string;
  total_income: string;
  total_entries: number;
  current_tier: string | null;
  tiers_reached: number;
  created_at: string;
}

/** Every agent (within `scope`) with its totals and the highest tier it reached, by id, a batch at a time. */
export async function* agentExportBatches(db: Db, scope: TeamScope): AsyncGenerator<AgentExportRow[]> {
  yield* keysetBatches(
    (after: number | undefined) =>
      queryRows<AgentExportRow>(
      db,
      sql`select a.id, a.name, a.email, a.position, a.status, a.total_income::text as total_income, a.total_entries,
          reached.current_tier, coalesce(reached.tiers, 0)::int as tiers_reached, ${isoText(sql`a.created_at`)} as created_at
        from agents a
        left join lateral (
          select count(*)::int as tiers, (array_agg(t.name order by t.tier_order desc))[1] as current_tier
          from tier_achievements ta join tier_settings t on t.id = ta.tier_id
          where ta.agent_id = a.id
        ) reached on true
        where a.id > ${after ?? 0} and ${scopeWhere(scope, sql`a.id`)}
        order by a.id
        limit ${EXPORT_BATCH_ROWS}`,
      ),
    (last) => last.id,
  );
}

/** `fullName` as SQL names it, `full_name`. */
type SnakeCase<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${SnakeCase<Rest>}`
  : Name;

/** A claim's contact fields (contract/rewards.ts `claimContact`) by their column names. */
type ClaimContactColumns = { [Field in keyof ClaimContact as SnakeCase<Field>]: ClaimContact[Field] };

export interface ClaimExportRow extends ClaimContactColumns {
  id: number;
  claimed_at: string;
  agent_id: number;
  agent_name: string;
  tier: string;
  reward: string;
  status: string;
  processed_at: string | null;
}

/** Every reward claim (of the scope's agents) with its contact details (erased ones are empty), by id, a batch at a time. */
export async function* claimExportBatches(db: Db, scope: TeamScope): AsyncGenerator<ClaimExportRow[]> {
  yield* keysetBatches(
    (after: number | undefined) =>
      queryRows<ClaimExportRow>(
      db,
      sql`select c.id, ${isoText(sql`c.claimed_at`)} as claimed_at, c.agent_id, a.name as agent_name, ${claimTierLabel} as tier,
          c.reward_title as reward, c.status, ${isoText(sql`c.processed_at`)} as processed_at, c.full_name, c.email, c.phone,
          c.telegram, c.address, c.city, c.zipcode, c.shipping_instructions
        from reward_claims c join agents a on a.id = c.agent_id join tier_settings t on t.id = c.tier_id
        where c.id > ${after ?? 0} and ${scopeWhere(scope, sql`c.agent_id`)}
        order by c.id
        limit ${EXPORT_BATCH_ROWS}`,
      ),
    (last) => last.id,
  );
}

export interface ActivityExportRow {
  id: string;
  date_key: string;
  date_ms: number;
  metric: string;
  unit: MetricUnit;
  agent_id: number;
  agent_name: string;
  agent_email: string;
  value: string;
  note: string | null;
  self_reported: boolean;
  external_id: string | null;
  created_at_ms: number;
  voids_activity_id: string | null;
  voided_at_ms: number | null;
}

/**
 * Every activity of the filter (one metric's, by its id, or every metric's), oldest first (by date, then id), a batch
 * at a time by keyset, as the entry export: the agents of the reader's scope only.
 */
export async function* activityExportBatches(
  db: Db,
  query: Omit<ActivityExportQuery, 'metric'> & { metricId?: number | undefined; scope: TeamScope },
  timeZone: string,
): AsyncGenerator<ActivityExportRow[]> {
  yield* keysetBatches(
    (after: { date: string; id: string } | undefined) => {
      const filter: SQL[] = [scopeWhere(query.scope, sql`x.agent_id`)];
      if (query.metricId !== undefined) filter.push(sql`x.metric_id = ${query.metricId}::int`);
      if (query.agentId !== undefined) filter.push(sql`x.agent_id = ${query.agentId}::int`);
      if (query.from) filter.push(sql`x.date >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
      if (query.to) filter.push(sql`x.date < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
      if (after) filter.push(sql`(x.date, x.id) > (${after.date}::timestamptz, ${after.id}::bigint)`);
      return queryRows<ActivityExportRow>(
        db,
        sql`select x.id::text as id, x.date::text as date_key, ${epochMs(sql`x.date`)} as date_ms, m.key as metric, m.unit,
            x.agent_id, a.name as agent_name, a.email as agent_email, x.value::text as value, x.note, x.self_reported,
            x.external_id, ${epochMs(sql`x.created_at`)} as created_at_ms, x.voids_activity_id::text as voids_activity_id,
            ${epochMs(sql`x.voided_at`)} as voided_at_ms
          from activities x join agents a on a.id = x.agent_id join metrics m on m.id = x.metric_id
          where ${sql.join(filter, sql` and `)} order by x.date, x.id limit ${EXPORT_BATCH_ROWS}`,
      );
    },
    (last) => ({ date: last.date_key, id: last.id }),
  );
}
