import { sql, type SQL } from 'drizzle-orm';
import type { Activity, ActivityListQuery } from '../../../contract/metrics';
import type { TeamScope } from '../../domain/team-scope';
import { queryRows, type Db } from '../client';
import { scopeWhere } from '../scope-sql';
import { activities, agents, metrics } from '../schema';
import type { MetricUnit } from '../../../contract/metrics';
import { activityValueOut } from '../../domain/metrics';
import { epochMs } from '../time-sql';
import type { MetricRow } from './metrics';

/** An activity as a statement returns it (times in milliseconds). */
export interface StoredActivityRow {
  id: number;
  agent_id: number;
  agent_name: string;
  value: string;
  date_ms: number;
  note: string | null;
  self_reported: boolean;
  external_id: string | null;
  created_at_ms: number;
  voids_activity_id: number | null;
  voided_at_ms: number | null;
  voided_by: string | null;
  void_reason: string | null;
}

/** The columns of StoredActivityRow, of activities `a` joined to its agent `g`. */
export const storedActivityColumns = sql`a.id::float8 as id, a.agent_id, g.name as agent_name, a.value::text as value,
  ${epochMs(sql`a.date`)} as date_ms, a.note, a.self_reported, a.external_id, ${epochMs(sql`a.created_at`)} as created_at_ms,
  a.voids_activity_id::float8 as voids_activity_id, ${epochMs(sql`a.voided_at`)} as voided_at_ms, a.voided_by, a.void_reason`;

export const toActivity = (metric: Pick<MetricRow, 'key' | 'unit'>, row: StoredActivityRow): Activity => ({
  id: row.id,
  metric: metric.key,
  agentId: row.agent_id,
  agentName: row.agent_name,
  value: activityValueOut(metric.unit, row.value),
  date: new Date(row.date_ms).toISOString(),
  note: row.note,
  selfReported: row.self_reported,
  externalId: row.external_id,
  createdAt: new Date(row.created_at_ms).toISOString(),
  voidsActivityId: row.voids_activity_id,
  voidedAt: row.voided_at_ms === null ? null : new Date(row.voided_at_ms).toISOString(),
  voidedBy: row.voided_by,
  voidReason: row.void_reason,
});


/**
 * A page of activities, newest first by date (then id), of one metric or all, of one agent or all the scope holds,
 * between two days inclusive in `timeZone`; one more row than asked is read to tell whether a next page exists. One
 * metric's page is read along activities_metric_date_idx (or activities_agent_date_idx for one agent).
 */
export async function listActivityPage(
  db: Db,
  query: ActivityListQuery & { metricId?: number | undefined },
  timeZone: string,
  scope: TeamScope,
): Promise<{ activities: Activity[]; nextOffset: number | null }> {
  const conditions: SQL[] = [scopeWhere(scope, sql`a.agent_id`)];
  if (query.metricId !== undefined) conditions.push(sql`a.metric_id = ${query.metricId}::int`);
  if (query.agentId !== undefined) conditions.push(sql`a.agent_id = ${query.agentId}::int`);
  if (query.from) conditions.push(sql`a.date >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) conditions.push(sql`a.date < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  const rows = await queryRows<StoredActivityRow & { metric_key: string; metric_unit: MetricUnit }>(
    db,
    sql`select ${storedActivityColumns}, m.key as metric_key, m.unit as metric_unit
      from ${activities} a join ${agents} g on g.id = a.agent_id join ${metrics} m on m.id = a.metric_id
      where ${sql.join(conditions, sql` and `)}
      order by a.date desc nulls last, a.id desc nulls last
      limit ${query.limit + 1} offset ${query.offset}`,
  );
  const more = rows.length > query.limit;
  return {
    activities: rows.slice(0, query.limit).map((row) => toActivity({ key: row.metric_key, unit: row.metric_unit }, row)),
    nextOffset: more ? query.offset + query.limit : null,
  };
}
