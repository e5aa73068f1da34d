import { sql } from 'drizzle-orm';
import type { ImportMode } from '../../../contract/imports';
import type { ImportedRow } from '../../domain/entry-import';
import { text } from '../../../contract/i18n';
import { conflict } from '../../domain/errors';
import { messages } from './messages';
import { queryRows, type Db } from '../client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import { appendAudit, type AuditActor } from '../audit';
import { appendingEvents } from '../events';
import type { MetricRow } from '../queries/metrics';
import { activityCreatedEventColumns, addingToMetricRollUps } from '../rule-sql';
import { activities, agents } from '../schema';
import { isoText } from '../time-sql';

/** Rows written by one statement: the arrays sent stay small, and each statement's work is bounded. */
const IMPORT_BATCH_ROWS = 5_000;

/**
 * Writes the checked rows of an activity import of one metric, all in ONE transaction or none: the activities in file
 * order, their roll-ups, one audit row for the import and an activity.created event for each, as recordActivity does
 * one at a time. No agent row is locked: an activity changes nothing kept on its agent.
 */
export async function importActivities(
  db: Db,
  metric: MetricRow,
  rows: readonly ImportedRow[],
  options: { timeZone: string; now: Date; actor: AuditActor; mode?: ImportMode; skippedRows?: number },
): Promise<number> {
  if (rows.length === 0) return 0;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  try {
    return await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += IMPORT_BATCH_ROWS) {
        const batch = rows.slice(start, start + IMPORT_BATCH_ROWS);
        const written = await queryRows<{ id: number }>(
          tx,
          sql`with input as (
              select * from unnest(
                ${sql.param(batch.map((row) => row.agentId))}::int[],
                ${sql.param(batch.map((row) => row.value))}::numeric[],
                ${sql.param(batch.map((row) => row.date.toISOString()))}::timestamptz[],
                ${sql.param(batch.map((row) => row.text))}::text[],
                ${sql.param(batch.map((row) => row.externalId))}::text[]
              ) with ordinality as r(agent_id, value, date, note, external_id, n)
            ), activity as (
              insert into ${activities} (metric_id, agent_id, value, date, note, created_at, external_id)
              select ${metric.id}::int, agent_id, value, date, note, ${now}, external_id from input order by n
              returning id
            ), periods as (
              ${addingToMetricRollUps(sql`select ${metric.id}::int as metric_id, agent_id, date, value from input`, options.timeZone)}
            )
            select id::float8 as id from activity order by id`,
        );
        ids.push(...written.map((row) => row.id));
      }
      const events = sql`
        select ${activityCreatedEventColumns({
          n: sql`row_number() over (order by x.id)`,
          agentId: sql`x.agent_id`,
          values: {
            activityId: sql`x.id::float8`,
            agentId: sql`x.agent_id`,
            agentName: sql`a.name`,
            metric: sql`${metric.key}::text`,
            metricName: sql`${metric.name}::text`,
            value: metric.unit === 'count' ? sql`x.value::bigint` : sql`x.value::text`,
            date: isoText(sql`x.date`),
            note: sql`x.note`,
            selfReported: sql`x.self_reported`,
            createdAt: isoText(sql`x.created_at`),
          },
        })}
        from ${activities} x join ${agents} a on a.id = x.agent_id where x.id = any(${sql.param(ids)}::bigint[])`;
      // One audit row for the import, not one per activity: what was imported is the activities from this id on.
      await appendAudit(
        tx,
        options.actor,
        { action: 'activities.imported', targetType: 'activity', targetId: null, after: { metric: metric.key, activities: ids.length, firstActivityId: ids[0] ?? null, mode: options.mode ?? 'all', skippedRows: options.skippedRows ?? 0 } },
        options.now,
      );
      await queryRows(tx, sql`with ${appendingEvents(tx, events)} select 1 from notified`);
      return ids.length;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(text(messages, 'importActivityRace', { metric: metric.name }));
    throw error;
  }
}
