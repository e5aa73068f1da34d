import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { activities, agentMetricPeriodTotals, agentPeriodTotals, agents, incomeEntries, tierAchievements, tierSettings } from '../schema';
import { appendAudit, SYSTEM_ACTOR } from '../audit';
import { appendEvents, dataChangedEvent } from '../events';
import { lockTierThresholds } from '../locks';
import {
  addingToMetricRollUps,
  addingToPeriodRollUps,
  entryCounts,
  metricPeriodRollUpsFromActivities,
  peakTotals,
  periodRollUpsFromEntries,
  runningTotals,
  thresholdReached,
} from '../rule-sql';

/** A stored figure that differs from what the raw income entries say it should be. Money as two-decimal strings. */
export type ConsistencyDrift =
  | { kind: 'agent-total'; agentId: number; expected: string; actual: string }
  | { kind: 'agent-entry-count'; agentId: number; expected: number; actual: number }
  | { kind: 'agent-peak'; agentId: number; expected: string; actual: string }
  | { kind: 'entry-new-total'; entryId: number; agentId: number; expected: string; actual: string }
  | { kind: 'period-total'; agentId: number; periodKind: string; periodStart: string; expected: string; actual: string }
  | { kind: 'missing-achievement'; agentId: number; tierId: number }
  /** A voided entry without its reversal (the opposite amount, same agent and date), or a reversal of an entry not voided. */
  | { kind: 'unmatched-void'; entryId: number; agentId: number }
  /** A metric's roll-up that differs from its activities (docs/decisions/0072-metrics-and-activities.md). */
  | { kind: 'metric-period-total'; metricId: number; agentId: number; periodKind: string; periodStart: string; expected: string; actual: string }
  /** A voided activity without its reversal, or a reversal of an activity not voided. */
  | { kind: 'unmatched-activity-void'; activityId: number; agentId: number };

/** Each agent's total (every entry: a reversal nets its voided entry to nothing) and how many entries count. */
const entrySums = sql`
  select e.agent_id, sum(e.amount) as total, count(*) filter (where ${entryCounts}) as n
  from ${incomeEntries} e group by e.agent_id`;

/**
 * Each agent's highest running total over the entries that count (rule-sql.ts peakTotals, the rule voids keep peaks
 * by): a voided entry never happened as far as tiers go.
 */
const peaks = peakTotals();

async function findAgentDrifts(db: Db): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ agent_id: number; actual_total: string; expected_total: string; actual_count: number; expected_count: number }>(
    db,
    sql`select a.id as agent_id, a.total_income::text as actual_total, coalesce(s.total, 0)::numeric(20,2)::text as expected_total,
        a.total_entries as actual_count, coalesce(s.n, 0)::int as expected_count
      from ${agents} a left join (${entrySums}) s on s.agent_id = a.id
      where a.total_income <> coalesce(s.total, 0) or a.total_entries <> coalesce(s.n, 0)
      order by a.id`,
  );
  return rows.flatMap((row): ConsistencyDrift[] => [
    ...(row.actual_total !== row.expected_total
      ? [{ kind: 'agent-total' as const, agentId: row.agent_id, expected: row.expected_total, actual: row.actual_total }]
      : []),
    ...(row.actual_count !== row.expected_count
      ? [{ kind: 'agent-entry-count' as const, agentId: row.agent_id, expected: row.expected_count, actual: row.actual_count }]
      : []),
  ]);
}

async function findPeakDrifts(db: Db): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ agent_id: number; expected: string; actual: string }>(
    db,
    sql`select a.id as agent_id, coalesce(p.peak, 0)::numeric(20,2)::text as expected, a.peak_total::text as actual
      from ${agents} a left join (${peaks}) p on p.agent_id = a.id
      where a.peak_total <> coalesce(p.peak, 0)
      order by a.id`,
  );
  return rows.map((row) => ({ kind: 'agent-peak', agentId: row.agent_id, expected: row.expected, actual: row.actual }));
}

async function findEntryDrifts(db: Db): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ id: string; agent_id: number; expected: string; actual: string }>(
    db,
    sql`select r.id::text as id, r.agent_id, r.total::numeric(20,2)::text as expected, r.new_total::text as actual
      from (${runningTotals()}) r where r.new_total <> r.total order by r.id`,
  );
  return rows.map((row) => ({ kind: 'entry-new-total', entryId: Number(row.id), agentId: row.agent_id, expected: row.expected, actual: row.actual }));
}

/** Voids whose reversal is missing or does not mirror them, and reversals of entries that are not voided. */
async function findVoidDrifts(db: Db): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ id: string; agent_id: number }>(
    db,
    sql`select e.id::text as id, e.agent_id from ${incomeEntries} e
      left join ${incomeEntries} r on r.voids_entry_id = e.id
      where e.voided_at is not null
        and (r.id is null or r.agent_id <> e.agent_id or r.amount <> -e.amount or r.date <> e.date)
      union all
      select r.id::text, r.agent_id from ${incomeEntries} r join ${incomeEntries} e on e.id = r.voids_entry_id
      where e.voided_at is null
      order by 1`,
  );
  return rows.map((row) => ({ kind: 'unmatched-void', entryId: Number(row.id), agentId: row.agent_id }));
}

async function findPeriodDrifts(db: Db, timeZone: string): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ agent_id: number; period_kind: string; period_start: string; expected: string; actual: string }>(
    db,
    sql`select coalesce(c.agent_id, p.agent_id) as agent_id, coalesce(c.period_kind, p.period_kind) as period_kind,
        coalesce(c.period_start, p.period_start)::text as period_start,
        coalesce(c.income, 0)::numeric(20,2)::text as expected, coalesce(p.income, 0)::numeric(20,2)::text as actual
      from (${periodRollUpsFromEntries(timeZone)}) c
      full join ${agentPeriodTotals} p
        on p.agent_id = c.agent_id and p.period_kind = c.period_kind and p.period_start = c.period_start
      where coalesce(c.income, 0) <> coalesce(p.income, 0)
      order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    kind: 'period-total',
    agentId: row.agent_id,
    periodKind: row.period_kind,
    periodStart: row.period_start,
    expected: row.expected,
    actual: row.actual,
  }));
}

async function findMetricPeriodDrifts(db: Db, timeZone: string): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ metric_id: number; agent_id: number; period_kind: string; period_start: string; expected: string; actual: string }>(
    db,
    sql`select coalesce(c.metric_id, p.metric_id) as metric_id, coalesce(c.agent_id, p.agent_id) as agent_id,
        coalesce(c.period_kind, p.period_kind) as period_kind, coalesce(c.period_start, p.period_start)::text as period_start,
        coalesce(c.total, 0)::numeric(20,2)::text as expected, coalesce(p.total, 0)::numeric(20,2)::text as actual
      from (${metricPeriodRollUpsFromActivities(timeZone)}) c
      full join ${agentMetricPeriodTotals} p
        on p.metric_id = c.metric_id and p.agent_id = c.agent_id and p.period_kind = c.period_kind and p.period_start = c.period_start
      where coalesce(c.total, 0) <> coalesce(p.total, 0)
      order by 1, 2, 3, 4`,
  );
  return rows.map((row) => ({
    kind: 'metric-period-total',
    metricId: row.metric_id,
    agentId: row.agent_id,
    periodKind: row.period_kind,
    periodStart: row.period_start,
    expected: row.expected,
    actual: row.actual,
  }));
}

/** Voided activities whose reversal is missing or does not mirror them, and reversals of activities not voided. */
async function findActivityVoidDrifts(db: Db): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ id: string; agent_id: number }>(
    db,
    sql`select a.id::text as id, a.agent_id from ${activities} a
      left join ${activities} r on r.voids_activity_id = a.id
      where a.voided_at is not null
        and (r.id is null or r.metric_id <> a.metric_id or r.agent_id <> a.agent_id or r.value <> -a.value or r.date <> a.date)
      union all
      select r.id::text, r.agent_id from ${activities} r join ${activities} a on a.id = r.voids_activity_id
      where a.voided_at is null
      order by 1`,
  );
  return rows.map((row) => ({ kind: 'unmatched-activity-void', activityId: Number(row.id), agentId: row.agent_id }));
}

/**
 * A tier is implied when the agent's peak total (the highest running total after any entry) reaches its current
 * threshold: the same rule entries and threshold edits record by. Recorded achievements beyond these are not
 * drift: they stay when a threshold is raised later.
 */
async function findAchievementDrifts(db: Db): Promise<ConsistencyDrift[]> {
  const rows = await queryRows<{ agent_id: number; tier_id: number }>(
    db,
    sql`select p.agent_id, t.id as tier_id
      from (${peaks}) p
      join ${tierSettings} t on ${thresholdReached(sql`t.threshold`, sql`p.peak`)}
      where not exists (
        select 1 from ${tierAchievements} ta where ta.agent_id = p.agent_id and ta.tier_id = t.id
      )
      order by 1, 2`,
  );
  return rows.map((row) => ({ kind: 'missing-achievement', agentId: row.agent_id, tierId: row.tier_id }));
}

async function repair(db: Db, drifts: ConsistencyDrift[], timeZone: string): Promise<void> {
  const kinds = new Set(drifts.map((drift) => drift.kind));
  if (kinds.has('agent-total') || kinds.has('agent-entry-count')) {
    await db.execute(sql`
      update ${agents} a set total_income = coalesce(s.total, 0), total_entries = coalesce(s.n, 0)
      from ${agents} a2 left join (${entrySums}) s on s.agent_id = a2.id
      where a2.id = a.id and (a.total_income <> coalesce(s.total, 0) or a.total_entries <> coalesce(s.n, 0))`);
  }
  if (kinds.has('agent-peak')) {
    await db.execute(sql`
      update ${agents} a set peak_total = coalesce(p.peak, 0)
      from ${agents} a2 left join (${peaks}) p on p.agent_id = a2.id
      where a2.id = a.id and a.peak_total <> coalesce(p.peak, 0)`);
  }
  if (kinds.has('entry-new-total')) {
    await db.execute(sql`
      update ${incomeEntries} e set new_total = r.total
      from (${runningTotals()}) r where r.id = e.id and e.new_total <> r.total`);
  }
  if (kinds.has('period-total')) {
    await db.execute(sql`delete from ${agentPeriodTotals}`);
    await db.execute(addingToPeriodRollUps(sql`select agent_id, date, amount from ${incomeEntries}`, timeZone));
  }
  if (kinds.has('metric-period-total')) {
    await db.execute(sql`delete from ${agentMetricPeriodTotals}`);
    await db.execute(addingToMetricRollUps(sql`select metric_id, agent_id, date, value from ${activities}`, timeZone));
  }
  const missing = drifts.filter((drift) => drift.kind === 'missing-achievement');
  if (missing.length > 0) {
    const agentIds = sql.join([...new Set(missing.map((drift) => drift.agentId))].map((id) => sql`${id}::int`), sql`, `);
    // Dated by the entry that first took the running total to the threshold.
    await db.execute(sql`
      insert into ${tierAchievements} (agent_id, tier_id, achieved_at)
      select distinct on (r.agent_id, t.id) r.agent_id, t.id, r.created_at
      from (${runningTotals(sql`e.agent_id in (${agentIds}) and ${entryCounts}`)}) r
      join ${tierSettings} t on ${thresholdReached(sql`t.threshold`, sql`r.total`)}
      order by r.agent_id, t.id, r.id
      on conflict do nothing`);
  }
}

/**
 * Recomputes from the raw income entries every figure kept alongside them (agent totals and entry counts, each
 * entry's new total, the week/month/quarter/year roll-ups in the given time zone, the achievements the running totals
 * imply), checks that every void has its reversal, and returns where the stored figures differ. With repair, the stored figures are then corrected in the
 * same transaction, while writers wait. Reads every entry: a maintenance tool, never a request path.
 */
export async function checkConsistency(db: Db, timeZone: string, options: { repair?: boolean } = {}): Promise<ConsistencyDrift[]> {
  if (!options.repair) {
    // One snapshot for all the checks, so a write landing between two of them is not reported as drift.
    return db.transaction((tx) => findDrifts(tx, timeZone), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }
  return db.transaction(async (tx) => {
    // Writers take the threshold lock and then the agent row before writing entries; same order here, so no deadlock.
    await lockTierThresholds(tx, 'exclusive');
    await tx.execute(
      sql`lock table ${agents}, ${incomeEntries}, ${agentPeriodTotals}, ${tierAchievements}, ${activities}, ${agentMetricPeriodTotals} in share row exclusive mode`,
    );
    const drifts = await findDrifts(tx, timeZone);
    await repair(tx, drifts, timeZone);
    if (drifts.length > 0) {
      const kinds: Record<string, number> = {};
      for (const drift of drifts) kinds[drift.kind] = (kinds[drift.kind] ?? 0) + 1;
      await appendAudit(tx, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { drifts: kinds } }, new Date());
      // What the open screens and the instances' boards in memory show was computed from the figures just corrected.
      await appendEvents(tx, [dataChangedEvent]);
    }
    return drifts;
  });
}

async function findDrifts(db: Db, timeZone: string): Promise<ConsistencyDrift[]> {
  return [
    ...(await findAgentDrifts(db)),
    ...(await findEntryDrifts(db)),
    ...(await findPeriodDrifts(db, timeZone)),
    ...(await findMetricPeriodDrifts(db, timeZone)),
    ...(await findActivityVoidDrifts(db)),
    ...(await findPeakDrifts(db)),
    ...(await findAchievementDrifts(db)),
    ...(await findVoidDrifts(db)),
  ];
}
