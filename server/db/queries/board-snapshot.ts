import { sql } from 'drizzle-orm';
import type { IncomeEntry } from '../../../contract/income-entries';
import { RECENT_ENTRIES_LIMIT } from '../../../contract/limits';
import type { BoardPeriodKind, PeriodStarts } from '../../domain/periods';
import { everyAgentScope } from '../../domain/team-scope';
import { queryRows, type Db } from '../client';
import { activities, agents, incomeEntries, tierAchievements } from '../schema';
import { currentSnapshotColumn, parseTxSnapshot, type TxSnapshot } from '../tx-snapshot';
import { agentFigureColumns, onBoards, periodIncomeJoins, type AgentFiguresRow } from './agents';
import { rollUpTable, type BoardMetric } from './boards';
import { achievedInMonth } from './dashboard';
import { listRecentIncomeEntries } from './income-entries';

/** One agent as the boards rank and show it. */
export interface BoardAgentRow extends AgentFiguresRow {
  id: number;
  /** Position of (name, id) in the database's own order (its collation), from 1: the leaderboard's tie-break. */
  name_order: number;
  /** The agent's team (null: in none): what a scope limited to teams reads (server/domain/team-scope.ts). */
  team_id: number | null;
}

/** Everything the owner dashboard and the leaderboard show, as of one snapshot of the tables. */
export interface BoardSnapshot {
  /** The snapshot read: it holds an event exactly when it sees the event's transaction (visibleIn). */
  snapshot: TxSnapshot;
  periods: PeriodStarts;
  agents: BoardAgentRow[];
  /** Agents with a tier reached in the month of `periods`. */
  achieversThisMonth: number[];
  recentEntries: IncomeEntry[];
}

/**
 * Reads the boards' state in one repeatable-read transaction, with the snapshot it was read in: the caller follows
 * the events from there, skipping those of transactions the snapshot already saw
 * (docs/decisions/0042-event-order-without-a-global-lock.md). Costs one pass over the agents and the current periods'
 * roll-ups.
 */
export async function readBoardSnapshot(db: Db, periods: PeriodStarts, timeZone: string): Promise<BoardSnapshot> {
  return db.transaction(async (tx) => {
    const snapshot = await readTxSnapshot(tx);
    const rows = await queryRows<BoardAgentRow>(
      tx,
      sql`select a.id, ${agentFigureColumns}, (row_number() over (order by a.name, a.id))::int as name_order, a.team_id
        from ${agents} a ${periodIncomeJoins(periods)}`,
    );
    const achievers = await queryRows<{ agent_id: number }>(
      tx,
      sql`select distinct ${tierAchievements.agentId} as agent_id from ${tierAchievements} where ${achievedInMonth(periods, timeZone)}`,
    );
    const recentEntries = await listRecentIncomeEntries(tx, RECENT_ENTRIES_LIMIT, everyAgentScope());
    return { snapshot, periods, agents: rows, achieversThisMonth: achievers.map((row) => row.agent_id), recentEntries };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The boards' figures added up, as of one snapshot: what a check compares with the boards kept in memory. */
export interface BoardTotals {
  /** The snapshot read. */
  snapshot: TxSnapshot;
  agents: number;
  entries: number;
  /** Sums over every agent, as money strings. */
  total: string;
  week: string;
  month: string;
  year: string;
  /** Agents with a tier reached in the month of the periods. */
  achievers: number;
}

/**
 * Adds up what readBoardSnapshot reads, in the database, in one repeatable-read transaction: one row comes back, so
 * a check costs the app's process next to nothing (the database does the pass a snapshot would).
 */
export async function readBoardTotals(db: Db, periods: PeriodStarts, timeZone: string): Promise<BoardTotals> {
  return db.transaction(async (tx) => {
    const snapshot = await readTxSnapshot(tx);
    const money = (column: string) => sql.raw(`coalesce(sum(f.${column}::numeric), 0)::numeric(20,2)::text`);
    const [row] = await queryRows<Omit<BoardTotals, 'snapshot' | 'achievers'>>(
      tx,
      sql`select count(*)::int as agents, coalesce(sum(f.total_entries), 0)::float8 as entries, ${money('total_income')} as total,
          ${money('weekly_income')} as week, ${money('monthly_income')} as month, ${money('yearly_income')} as year
        from (select ${agentFigureColumns} from ${agents} a ${periodIncomeJoins(periods)}) f`,
    );
    const [achievers] = await queryRows<{ count: number }>(
      tx,
      sql`select count(distinct ${tierAchievements.agentId})::int as count from ${tierAchievements} where ${achievedInMonth(periods, timeZone)}`,
    );
    return { snapshot, ...row!, achievers: achievers?.count ?? 0 };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The snapshot of the transaction `tx` (its first statement, in a repeatable-read transaction, takes it). */
export async function readTxSnapshot(tx: Db): Promise<TxSnapshot> {
  const [row] = await queryRows<{ snapshot: string }>(tx, sql`select ${currentSnapshotColumn}`);
  return parseTxSnapshot(row!.snapshot);
}

/** One active agent's figure on a metric in one period, in hundredths, as server/live/period-figures.ts keeps it. */
export interface FigureRow {
  id: number;
  team_id: number | null;
  /** numeric(16,2) as text. */
  value: string;
  /** Position of (name, id) in the database's own order among the active agents, from 1: the boards' tie-break. */
  name_order: number;
}

/**
 * Every active agent's figure on one metric (undefined: profit) in the period of `kind` starting on `start` (0 without
 * a roll-up), highest first, then by name and id: the board's order. Read in one repeatable-read transaction with its
 * snapshot, so the caller applies exactly the events this read did not see. One pass over the agents and the period's
 * roll-ups.
 */
export async function readFigureSnapshot(
  db: Db,
  metric: BoardMetric,
  kind: BoardPeriodKind,
  start: string,
): Promise<{ snapshot: TxSnapshot; rows: FigureRow[] }> {
  return db.transaction(async (tx) => {
    const snapshot = await readTxSnapshot(tx);
    const rows = await queryRows<FigureRow>(
      tx,
      sql`select f.id, f.team_id, f.value, f.name_order from (
          select a.id, a.team_id, coalesce(c.income, 0)::numeric(16,2)::text as value, coalesce(c.income, 0) as sort_value,
            (row_number() over (order by a.name, a.id))::int as name_order
          from ${agents} a left join ${rollUpTable(metric)} c on c.agent_id = a.id and c.period_kind = ${kind} and c.period_start = ${start}::date
          where ${onBoards()}
        ) f order by f.sort_value desc, f.name_order`,
    );
    return { snapshot, rows };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * Every active agent's figure on one metric (undefined: profit) over the window [from, to) (a contest's), summed from
 * the entries or activities dated in it (along their date indexes), in the board's order, as readFigureSnapshot reads
 * a period's: in one repeatable-read transaction with its snapshot.
 */
export async function readWindowFigureSnapshot(db: Db, metric: BoardMetric, from: Date, to: Date): Promise<{ snapshot: TxSnapshot; rows: FigureRow[] }> {
  const inWindow = sql`x.date >= ${from.toISOString()}::timestamptz and x.date < ${to.toISOString()}::timestamptz`;
  const figures = metric
    ? sql`select x.agent_id, sum(x.value) as value from ${activities} x where x.metric_id = ${metric.metricId}::int and ${inWindow} group by x.agent_id`
    : sql`select x.agent_id, sum(x.amount) as value from ${incomeEntries} x where ${inWindow} group by x.agent_id`;
  return db.transaction(async (tx) => {
    const snapshot = await readTxSnapshot(tx);
    const rows = await queryRows<FigureRow>(
      tx,
      sql`select f.id, f.team_id, f.value, f.name_order from (
          select a.id, a.team_id, coalesce(w.value, 0)::numeric(16,2)::text as value, coalesce(w.value, 0) as sort_value,
            (row_number() over (order by a.name, a.id))::int as name_order
          from ${agents} a left join (${figures}) w on w.agent_id = a.id
          where ${onBoards()}
        ) f order by f.sort_value desc, f.name_order`,
    );
    return { snapshot, rows };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
