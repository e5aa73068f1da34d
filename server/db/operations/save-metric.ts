import { eq, sql } from 'drizzle-orm';
import { METRICS_MAX, type CreateMetricInput, type Metric, type UpdateMetricInput } from '../../../contract/metrics';
import { text } from '../../../contract/i18n';
import { conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import { appendEvents } from '../events';
import { findMetric, withoutId } from '../queries/metrics';
import { metricChangedEvent } from '../rule-sql';
import { metrics } from '../schema';

type NewMetric = Required<Pick<CreateMetricInput, 'key' | 'name' | 'unit' | 'agentsMayRecord'>>;

/**
 * Makes a metric (owner): at most METRICS_MAX besides profit, each key once. The count and the insert run under a lock
 * on `metrics` that only metric writes take, so two made at once cannot pass the limit together. Audited, with its
 * metric.changed event.
 */
export async function createMetric(db: Db, input: NewMetric, actor: AuditActor, now: Date): Promise<Metric> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${metrics} in share row exclusive mode`);
      const [{ n } = { n: 0 }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(metrics)) as { n: number }[];
      if (n >= METRICS_MAX) throw conflict(text(messages, 'metricsMax', { max: METRICS_MAX }));
      const [row] = await tx
        .insert(metrics)
        .values({ key: input.key, name: input.name, unit: input.unit, agentsMayRecord: input.agentsMayRecord, createdAt: now })
        .returning({ id: metrics.id });
      const made: Metric = { key: input.key, name: input.name, unit: input.unit, agentsMayRecord: input.agentsMayRecord, active: true, builtIn: false };
      await appendAudit(tx, actor, { action: 'metric.created', targetType: 'metric', targetId: row!.id, after: { key: made.key, name: made.name, unit: made.unit, agentsMayRecord: made.agentsMayRecord } }, now);
      await appendEvents(tx, [metricChangedEvent({ metric: made.key, name: made.name, active: true })]);
      return made;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(text(messages, 'metricKeyTaken', { key: input.key }));
    throw error;
  }
}

/** Changes a metric's name, whether agents may record it, or whether it is active (owner). Audited, with its event. */
export async function updateMetric(db: Db, key: string, input: UpdateMetricInput, actor: AuditActor, now: Date): Promise<Metric> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${metrics} in share row exclusive mode`);
    const before = await findMetric(tx, key);
    if (!before) throw notFound('Metric');
    const change = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.agentsMayRecord !== undefined ? { agentsMayRecord: input.agentsMayRecord } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    await tx.update(metrics).set(change).where(eq(metrics.id, before.id));
    const after = { ...before, ...change };
    const keys = Object.keys(change) as (keyof typeof change)[];
    await appendAudit(
      tx,
      actor,
      {
        action: 'metric.updated',
        targetType: 'metric',
        targetId: before.id,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      },
      now,
    );
    await appendEvents(tx, [metricChangedEvent({ metric: after.key, name: after.name, active: after.active })]);
    return withoutId(after);
  });
}
