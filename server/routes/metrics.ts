import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/income-entries';
import {
  activityListQuery,
  createActivityInput,
  createMetricInput,
  metricKey,
  PROFIT_METRIC,
  updateMetricInput,
  voidActivityInput,
  type Activity,
  type ActivityPage,
  type Metric,
  type VoidedActivity,
} from '../../contract/metrics';
import type { AppContext } from '../app-context';
import { userActor } from '../auth/audit-actor';
import { requireActivityReader, requireActivityWriter, requireAnyIdentity, requireOwner } from '../auth/permissions';
import { assertAgentInScope } from '../auth/team-scope';
import { recordActivity, recordActivityOnce } from '../db/operations/record-activity';
import { createMetric, updateMetric } from '../db/operations/save-metric';
import { voidActivity } from '../db/operations/void-activity';
import { listActivityPage } from '../db/queries/activities';
import { findAgentById } from '../db/queries/agents';
import { findMetric, listMetrics, type MetricRow } from '../db/queries/metrics';
import { text } from '../../contract/i18n';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { entryDate } from '../domain/income-entries';
import { activityValueText } from '../domain/metrics';
import { parseId, parseInput } from '../http/errors';
import { idempotencyKeyOf, requestHashOf } from '../http/idempotency-key';

/** The owner's metric named by `key`: 404 for one that does not exist, and a clear word for profit (income entries). */
async function metricNamed(ctx: AppContext, key: string): Promise<MetricRow> {
  if (key === PROFIT_METRIC) throw invalid(text(messages, 'profitIsIncome'), 'metric');
  const metric = await findMetric(ctx.db, key);
  if (!metric) throw notFound('Metric');
  return metric;
}

export function registerMetricRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/metrics', async (request, reply): Promise<Metric[]> => {
    await requireAnyIdentity(ctx, request, reply, 'read');
    return listMetrics(ctx.db);
  });

  app.post('/api/metrics', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createMetricInput, request.body);
    return reply.status(201).send(await createMetric(ctx.db, input, userActor(request, owner), ctx.now()));
  });

  app.patch<{ Params: { key: string } }>('/api/metrics/:key', async (request, reply): Promise<Metric> => {
    const owner = await requireOwner(ctx, request, reply);
    const key = parseInput(metricKey, request.params.key);
    if (key === PROFIT_METRIC) throw conflict(text(messages, 'profitBuiltIn'));
    const input = parseInput(updateMetricInput, request.body);
    return updateMetric(ctx.db, key, input, userActor(request, owner), ctx.now());
  });

  app.post('/api/activities', async (request, reply) => {
    const writer = await requireActivityWriter(ctx, request, reply);
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const input = parseInput(createActivityInput, request.body);
    const metric = await metricNamed(ctx, input.metric);
    if (!metric.active) throw conflict(text(messages, 'metricInactive', { name: metric.name }));
    let agentId: number;
    if (writer.kind === 'agent') {
      if (!metric.agentsMayRecord) throw forbidden(text(messages, 'agentsMayNotRecord', { name: metric.name }));
      if (input.agentId !== undefined && input.agentId !== writer.agentId) throw forbidden(text(messages, 'agentsRecordOwn'));
      agentId = writer.agentId;
    } else {
      if (input.agentId === undefined) throw invalid(text(messages, 'selectAgent'), 'agentId');
      agentId = input.agentId;
      await assertAgentInScope(ctx, writer.scope, agentId);
    }
    const now = ctx.now();
    const activity = {
      agentId,
      value: activityValueText(metric.unit, input.value),
      date: entryDate(input.date, now),
      note: input.note || null,
      externalId: input.externalId ?? null,
      selfReported: writer.kind === 'agent',
    };
    const options = { timeZone: ctx.config.orgTimezone, now, actor: writer.actor };
    if (key === undefined) return reply.status(201).send(await recordActivity(ctx.db, metric, activity, options));
    const answer = await recordActivityOnce(ctx.db, metric, activity, options, { scope: writer.keyScope, key, requestHash: requestHashOf(input) }, (written: Activity) => ({
      statusCode: 201,
      body: JSON.stringify(written),
    }));
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
  });

  app.get('/api/activities', async (request, reply): Promise<ActivityPage> => {
    const reader = await requireActivityReader(ctx, request, reply);
    const query = parseInput(activityListQuery, request.query);
    const metric = query.metric === undefined ? undefined : await metricNamed(ctx, query.metric);
    if (reader.agentId !== undefined) {
      if (query.agentId !== undefined && query.agentId !== reader.agentId) throw forbidden(text(messages, 'agentsSeeOwnActivities'));
      query.agentId = reader.agentId;
    } else if (query.agentId !== undefined) await assertAgentInScope(ctx, reader.scope, query.agentId);
    const page = await listActivityPage(ctx.db, { ...query, metricId: metric?.id }, ctx.config.orgTimezone, reader.scope);
    // An empty page for an agent id that names nobody would read as "no activities": say so instead.
    if (query.agentId !== undefined && page.activities.length === 0 && !(await findAgentById(ctx.db, query.agentId))) throw notFound('Agent');
    return { ...page, offset: query.offset, limit: query.limit };
  });

  app.post<{ Params: { id: string } }>('/api/activities/:id/void', async (request, reply): Promise<VoidedActivity> => {
    const writer = await requireActivityWriter(ctx, request, reply);
    // A self-reported activity is corrected by staff: an agent's own record is not the agent's to take back.
    if (writer.kind === 'agent') throw forbidden(text(messages, 'askManagerToVoid'));
    const activityId = parseId(request.params.id, 'Activity');
    const { reason } = parseInput(voidActivityInput, request.body);
    return voidActivity(ctx.db, {
      activityId,
      reason,
      byName: writer.byName,
      actor: writer.actor,
      now: ctx.now(),
      timeZone: ctx.config.orgTimezone,
      mayVoid: (agentId) => assertAgentInScope(ctx, writer.scope, agentId),
    });
  });
}
