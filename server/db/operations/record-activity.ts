import { and, eq, sql } from 'drizzle-orm';
import { text } from '../../../contract/i18n';
import { AppError, conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { queryPrepared, type Db } from '../client';
import { appendingAudit, type AuditActor } from '../audit';
import { appendingEvents } from '../events';
import { pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import type { MetricRow } from '../queries/metrics';
import { activityCreatedEventColumns, addingToMetricRollUps } from '../rule-sql';
import { activities, agents } from '../schema';
import { isoText } from '../time-sql';
import { storedActivityColumns, toActivity, type StoredActivityRow } from '../queries/activities';
import { underIdempotencyKey, type IdempotencyKey, type KeptAnswer } from './record-income-entry';
import type { Activity } from '../../../contract/metrics';

export interface NewActivity {
  agentId: number;
  /** The exact decimal text of the value (activityValueText). */
  value: string;
  date: Date;
  note: string | null;
  externalId: string | null;
  /** Recorded by the agent itself. */
  selfReported: boolean;
}

export interface ActivityOptions {
  timeZone: string;
  now: Date;
  actor: AuditActor;
}

/**
 * Records one activity on a metric and, with it, the week, month, quarter and year roll-ups of its date, its row in
 * the audit trail and its activity.created event: ONE statement, as an income entry is (recordIncomeEntry), so that
 * all of it commits together. NOT_FOUND when the agent does not exist; CONFLICT naming the activity that has the
 * external id already (a deal is counted once per metric).
 */
export async function recordActivity(db: Db, metric: MetricRow, activity: NewActivity, options: ActivityOptions): Promise<Activity> {
  try {
    return await writeActivity(db, metric, activity, options);
  } catch (error) {
    throw await namingTakenExternalId(db, metric, error);
  }
}

/**
 * recordActivity under an idempotency key, as recordIncomeEntryOnce: the key claimed, the activity recorded and the
 * answer kept in one transaction; a retry answers the kept answer and writes nothing.
 */
export async function recordActivityOnce(
  db: Db,
  metric: MetricRow,
  activity: NewActivity,
  options: ActivityOptions,
  key: IdempotencyKey,
  answer: (activity: Activity) => KeptAnswer,
): Promise<KeptAnswer & { replayed: boolean }> {
  try {
    return await underIdempotencyKey(db, key, options.now, async (tx) => {
      const written = await writeActivity(tx, metric, activity, options);
      return { answer: answer(written), agentId: written.agentId };
    });
  } catch (error) {
    throw await namingTakenExternalId(db, metric, error);
  }
}

async function writeActivity(db: Db, metric: MetricRow, activity: NewActivity, options: ActivityOptions): Promise<Activity> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const newEvents = sql`select ${activityCreatedEventColumns({
    n: sql`1`,
    agentId: sql`a.agent_id`,
    values: {
      activityId: sql`a.id::float8`,
      agentId: sql`a.agent_id`,
      agentName: sql`g.name`,
      metric: sql`${metric.key}::text`,
      metricName: sql`${metric.name}::text`,
      value: metric.unit === 'count' ? sql`a.value::bigint` : sql`a.value::text`,
      date: isoText(sql`a.date`),
      note: sql`a.note`,
      selfReported: sql`a.self_reported`,
      createdAt: isoText(sql`a.created_at`),
    },
  })} from a join g on g.id = a.agent_id`;
  let rows: StoredActivityRow[];
  try {
    rows = await queryPrepared<StoredActivityRow>(
      db,
      `record_activity_${metric.unit}`,
      sql`with g as (
          select id, name from ${agents} where id = ${activity.agentId}::int
        ), a as (
          insert into ${activities} (metric_id, agent_id, value, date, note, self_reported, created_at, external_id)
          select ${metric.id}::int, g.id, ${activity.value}::numeric, ${activity.date.toISOString()}::timestamptz, ${activity.note}::text,
            ${activity.selfReported}::boolean, ${now}, ${activity.externalId}::text
          from g
          returning *
        ), periods as (
          ${addingToMetricRollUps(sql`select metric_id, agent_id, date, value from a`, options.timeZone)}
        ), ${appendingAudit(
          db,
          options.actor,
          options.now,
          sql`select 'activity.created' as action, 'activity' as target_type, a.id::text as target_id, null::jsonb as before,
            jsonb_build_object('metric', ${metric.key}::text, 'agentId', a.agent_id, 'value', a.value::text, 'date', ${isoText(sql`a.date`)},
              'selfReported', a.self_reported, 'externalId', a.external_id) as after
          from a`,
        )}, ${appendingEvents(db, newEvents)}
        select ${storedActivityColumns} from a join g on g.id = a.agent_id, notified`,
    );
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION && activity.externalId) throw new ExternalIdTaken(activity.externalId);
    throw error;
  }
  const [row] = rows;
  if (!row) throw notFound('Agent');
  return toActivity(metric, row);
}

class ExternalIdTaken extends AppError {
  constructor(readonly externalId: string) {
    super('CONFLICT', text(messages, 'activityExternalIdTaken', { externalId }));
  }
}

/** An ExternalIdTaken becomes a 409 naming the activity of this metric that has the id. */
async function namingTakenExternalId(db: Db, metric: MetricRow, error: unknown): Promise<unknown> {
  if (!(error instanceof ExternalIdTaken)) return error;
  const [existing] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.metricId, metric.id), eq(activities.externalId, error.externalId)));
  return existing ? conflict(text(messages, 'activityExternalIdTakenBy', { metric: metric.name, externalId: error.externalId, id: String(existing.id) })) : error;
}
