import { asc, eq, sql } from 'drizzle-orm';
import type { Metric, MetricUnit } from '../../../contract/metrics';
import { PROFIT_METRIC } from '../../../contract/metrics';
import { notFound } from '../../domain/errors';
import { PROFIT } from '../../domain/metrics';
import type { Db } from '../client';
import { metrics } from '../schema';

/** A metric defined by the owner, with its id (what activities and roll-ups refer to). */
export interface MetricRow extends Metric {
  id: number;
}

const columns = {
  id: metrics.id,
  key: metrics.key,
  name: metrics.name,
  unit: metrics.unit,
  agentsMayRecord: metrics.agentsMayRecord,
  active: metrics.active,
};

const toRow = (row: { id: number; key: string; name: string; unit: MetricUnit; agentsMayRecord: boolean; active: boolean }): MetricRow => ({ ...row, builtIn: false });

/** Every metric: profit first, then the owner's in the order they were made. */
export async function listMetrics(db: Db): Promise<Metric[]> {
  const rows = await db.select(columns).from(metrics).orderBy(asc(metrics.id));
  return [PROFIT, ...rows.map((row) => withoutId(toRow(row)))];
}

export const withoutId = ({ id: _id, ...metric }: MetricRow): Metric => metric;

/** The owner's metric with this key (never profit), or undefined. */
export async function findMetric(db: Db, key: string): Promise<MetricRow | undefined> {
  const [row] = await db.select(columns).from(metrics).where(eq(metrics.key, key));
  return row ? toRow(row) : undefined;
}

/** How many metrics the owner has made. */
export async function countMetrics(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(metrics);
  return row?.n ?? 0;
}

/**
 * What a board, trend or rank of `metric=key` ranks: undefined for profit, else the metric's id (an inactive metric's
 * boards still read). NOT_FOUND for a key that names no metric.
 */
export async function boardMetricOf(db: Db, key: string): Promise<{ metricId: number; unit: MetricUnit } | undefined> {
  if (key === PROFIT_METRIC) return undefined;
  const metric = await findMetric(db, key);
  if (!metric) throw notFound('Metric');
  return { metricId: metric.id, unit: metric.unit };
}
