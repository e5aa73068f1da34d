import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { parseMoneyToCents } from '../../../contract/cents';
import { ANONYMOUS_AGENT } from '../../../contract/insight';
import { TV_BOARD_SIZE, TV_TICKER_SIZE, type TvBoardRow, type TvLink, type TvWin } from '../../../contract/tv-links';
import type { PeriodStarts } from '../../domain/periods';
import { entryDatesOf } from '../../domain/income-entries';
import { queryRows, type Db } from '../client';
import { agentMetricPeriodTotals, agentPeriodTotals, agents, incomeEntries, tvLinks } from '../schema';
import type { MetricUnit } from '../../../contract/metrics';

const toTvLink = (row: { id: number; name: string; showAmounts: boolean; metrics: string[]; createdAt: Date }): TvLink => ({
  id: row.id,
  name: row.name,
  showAmounts: row.showAmounts,
  metrics: row.metrics,
  createdAt: row.createdAt.toISOString(),
});

export async function insertTvLink(
  db: Db,
  link: { name: string; showAmounts: boolean; metrics?: string[]; tokenHash: string; createdBy: number; createdAt: Date },
): Promise<TvLink> {
  const [row] = await db.insert(tvLinks).values(link).returning();
  return toTvLink(row!);
}

/** The links that are not revoked, newest first. */
export async function listTvLinks(db: Db): Promise<TvLink[]> {
  const rows = await db.select().from(tvLinks).where(isNull(tvLinks.revokedAt)).orderBy(desc(tvLinks.createdAt), desc(tvLinks.id));
  return rows.map(toTvLink);
}

/** Revokes a link; NOT revoked before and existing, else false. */
export async function revokeTvLink(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(tvLinks)
    .set({ revokedAt: now })
    .where(and(eq(tvLinks.id, id), isNull(tvLinks.revokedAt)))
    .returning({ id: tvLinks.id });
  return rows.length > 0;
}

/** The live (not revoked) link whose token has this hash. */
export async function findLiveTvLink(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: tvLinks.id, name: tvLinks.name, showAmounts: tvLinks.showAmounts, metrics: tvLinks.metrics })
    .from(tvLinks)
    .where(and(eq(tvLinks.tokenHash, tokenHash), isNull(tvLinks.revokedAt)))
    .limit(1);
  return row;
}

/** True when a link with this token hash was made and later revoked (docs/decisions/0086-tv-pairing.md). */
export async function isRevokedTvLink(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ revokedAt: tvLinks.revokedAt }).from(tvLinks).where(eq(tvLinks.tokenHash, tokenHash)).limit(1);
  return row?.revokedAt != null;
}

/** An agent's name as a TV shows it: "Anonymous agent" for one not shown on public boards (docs/product.md §12.14). */
const shownName = (publicProfile: SQL, name: SQL) => sql`case when ${publicProfile} then ${name} else ${ANONYMOUS_AGENT}::text end`;
/** An agent's id as a TV shows it: none for one not shown on public boards, so that nothing follows them across boards. */
const shownId = (publicProfile: SQL, id: SQL) => sql`case when ${publicProfile} then ${id} end`;

/**
 * The top of a period's board: the agents with the highest positive income in the week or month, read along
 * agent_period_totals_period_idx (the cost follows the board's size, not the team's). Public fields only.
 */
export async function readTvBoard(
  db: Db,
  kind: 'week' | 'month',
  periods: PeriodStarts,
  showAmounts: boolean,
  metric?: { metricId: number; unit: MetricUnit },
): Promise<TvBoardRow[]> {
  // A metric's roll-ups (along agent_metric_period_totals_board_idx), or profit's.
  const totals = metric
    ? sql`(select t.agent_id, t.period_kind, t.period_start, t.total as income from ${agentMetricPeriodTotals} t where t.metric_id = ${metric.metricId}::int)`
    : sql`${agentPeriodTotals}`;
  const rows = await queryRows<{ agent_id: number | null; name: string; amount: string }>(
    db,
    sql`select ${shownId(sql`a.public_profile`, sql`m.agent_id`)} as agent_id, ${shownName(sql`a.public_profile`, sql`a.name`)} as name, m.income::text as amount
      from ${totals} m join ${agents} a on a.id = m.agent_id and a.status = 'active'
      where m.period_kind = ${kind} and m.period_start = ${kind === 'week' ? periods.week : periods.month}::date and m.income > 0
      order by m.income desc, a.name, a.id
      limit ${TV_BOARD_SIZE}`,
  );
  // A count is shown whatever the link's amounts (it is not money).
  const shown = showAmounts || metric?.unit === 'count';
  // Equal incomes share a rank (docs/product.md §12.14); the rows are the top of the board, so counting them is enough.
  const cents = rows.map((row) => parseMoneyToCents(row.amount) ?? 0n);
  return rows.map((row, index) => ({
    rank: 1 + cents.filter((other) => other > cents[index]!).length,
    agentId: row.agent_id,
    name: row.name,
    ...(shown ? { amount: row.amount } : {}),
  }));
}

/**
 * The latest wins (positive entries that count) of agents on the boards, latest recorded first (what just happened),
 * along income_entries_created_idx; each with its deal date and the days of both in `timeZone`
 * (docs/decisions/0085-entry-dates-in-lists.md).
 */
export async function readTvWins(db: Db, showAmounts: boolean, timeZone: string): Promise<TvWin[]> {
  const rows = await db
    .select({
      id: incomeEntries.id,
      agentId: sql<number | null>`${shownId(sql`${agents.publicProfile}`, sql`${incomeEntries.agentId}`)}`,
      agentName: sql<string>`${shownName(sql`${agents.publicProfile}`, sql`${agents.name}`)}`,
      amount: incomeEntries.amount,
      date: incomeEntries.date,
      createdAt: incomeEntries.createdAt,
    })
    .from(incomeEntries)
    .innerJoin(agents, eq(agents.id, incomeEntries.agentId))
    // Neither voided nor a reversal (a reversal of a deduction is positive): a void takes a win off the ticker.
    // Wins of agents off the boards (inactive, pending) are not shown.
    .where(sql`${incomeEntries.amount} > 0 and ${incomeEntries.voidedAt} is null and ${incomeEntries.voidsEntryId} is null and ${agents.status} = 'active'`)
    // NULLS LAST as in the index: plain DESC means NULLS FIRST, which the planner cannot read from it (it would sort
    // every entry for the eight latest).
    .orderBy(sql`${incomeEntries.createdAt} desc nulls last`, sql`${incomeEntries.id} desc nulls last`)
    .limit(TV_TICKER_SIZE);
  return rows.map((row) => {
    const { dealDay, recordedDay } = entryDatesOf(row, timeZone);
    return {
      entryId: row.id,
      agentId: row.agentId,
      agentName: row.agentName,
      ...(showAmounts ? { amount: row.amount } : {}),
      date: row.date.toISOString(),
      recordedAt: row.createdAt.toISOString(),
      dealDay,
      recordedDay,
    };
  });
}
