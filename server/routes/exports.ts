import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ACTIVITY_EXPORT_COLUMNS,
  AGENT_EXPORT_COLUMNS,
  EXPORT_CONTENT_TYPE,
  INCOME_ENTRY_EXPORT_COLUMNS,
  REWARD_CLAIM_EXPORT_COLUMNS,
} from '../../contract/exports';
import { AUDIT_EXPORT_COLUMNS, auditExportQuery } from '../../contract/audit';
import { incomeEntryExportQuery } from '../../contract/income-entries';
import { activityExportQuery } from '../../contract/metrics';
import type { AppContext } from '../app-context';
import { assertAgentInScope } from '../auth/team-scope';
import { requireOwner, requireOwnerReader, requireStaffReader } from '../auth/permissions';
import { appendAudit } from '../db/audit';
import { findAgentById } from '../db/queries/agents';
import { readOrganisationSettings } from '../db/queries/settings';
import { auditExportBatches } from '../db/queries/audit';
import { activityExportBatches, agentExportBatches, claimExportBatches, entryExportBatches, entryExportText } from '../db/queries/exports';
import { findMetric } from '../db/queries/metrics';
import { activityValueOut } from '../domain/metrics';
import { notFound } from '../domain/errors';
import { csvHeader, csvLines, num, text, UTF8_BOM, type CsvCell } from '../../contract/csv';
import { userActor } from '../auth/audit-actor';
import { parseInput } from '../http/errors';

/** The file's text from batches of rows, a batch at a time: the stream asks for the next only once the last was sent. */
async function* csvFromRows<Row>(batches: AsyncIterable<Row[]>, toCells: (row: Row) => CsvCell[]) {
  for await (const rows of batches) yield csvLines(rows.map(toCells));
}

/** Sends a CSV file: the byte order mark, the header, then the text of the rows as `body` yields it. */
async function* withHeader(columns: readonly string[], body: AsyncIterable<string>) {
  yield UTF8_BOM + csvHeader(columns);
  yield* body;
}

function sendCsv(reply: FastifyReply, name: string, today: Date, columns: readonly string[], body: AsyncIterable<string>) {
  const file = `${name}-${today.toISOString().slice(0, 10)}.csv`;
  const stream = Readable.from(withHeader(columns, body));
  // A failed read ends the download short: the error is logged, and the client sees the connection close.
  stream.on('error', (error) => reply.log.error({ err: error, export: name }, 'export failed while streaming'));
  return reply.type(EXPORT_CONTENT_TYPE).header('content-disposition', `attachment; filename="${file}"`).send(stream);
}

/**
 * CSV exports (docs/product.md §12.9): streamed in constant memory (server/db/queries/exports.ts reads
 * batches by keyset). Entries and agents for whoever may read them (owner, manager, `read` token); claims, with their
 * contact details, for the owner only.
 */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/exports/income-entries.csv', async (request, reply) => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const filter = parseInput(incomeEntryExportQuery, request.query);
    if (filter.agentId !== undefined) await assertAgentInScope(ctx, scope, filter.agentId);
    if (filter.agentId !== undefined && !(await findAgentById(ctx.db, filter.agentId))) throw notFound('Agent');
    const query = { ...filter, scope };
    const { currency } = await readOrganisationSettings(ctx.db);
    // The embedded database writes this file's text itself; on PostgreSQL this process does (the faster way for
    // each: server/db/queries/exports.ts, docs/performance.md, imports and exports).
    const body =
      ctx.engine === 'pglite'
        ? entryExportText(ctx.db, query, ctx.config.orgTimezone, currency)
        : csvFromRows(entryExportBatches(ctx.db, query, ctx.config.orgTimezone), (row) => [
            num(row.id),
            text(new Date(row.date_ms).toISOString()),
            num(row.agent_id),
            text(row.agent_name),
            text(row.agent_email),
            num(row.amount),
            text(row.transaction_type),
            text(row.description),
            text(row.external_id),
            num(row.new_total),
            text(new Date(row.created_at_ms).toISOString()),
            num(row.voids_entry_id),
            text(row.voided_at_ms === null ? null : new Date(row.voided_at_ms).toISOString()),
            text(currency),
          ]);
    return sendCsv(reply, 'income-entries', ctx.now(), INCOME_ENTRY_EXPORT_COLUMNS, body);
  });

  app.get('/api/exports/activities.csv', async (request, reply) => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const filter = parseInput(activityExportQuery, request.query);
    const metric = filter.metric === undefined ? undefined : await findMetric(ctx.db, filter.metric);
    if (filter.metric !== undefined && !metric) throw notFound('Metric');
    if (filter.agentId !== undefined) await assertAgentInScope(ctx, scope, filter.agentId);
    if (filter.agentId !== undefined && !(await findAgentById(ctx.db, filter.agentId))) throw notFound('Agent');
    const { metric: _key, ...rest } = filter;
    const rows = activityExportBatches(ctx.db, { ...rest, metricId: metric?.id, scope }, ctx.config.orgTimezone);
    const body = csvFromRows(rows, (row) => [
      num(row.id),
      text(new Date(row.date_ms).toISOString()),
      text(row.metric),
      text(row.unit),
      num(row.agent_id),
      text(row.agent_name),
      text(row.agent_email),
      num(activityValueOut(row.unit, row.value)),
      text(row.note),
      text(row.self_reported ? 'true' : 'false'),
      text(row.external_id),
      text(new Date(row.created_at_ms).toISOString()),
      num(row.voids_activity_id),
      text(row.voided_at_ms === null ? null : new Date(row.voided_at_ms).toISOString()),
    ]);
    return sendCsv(reply, 'activities', ctx.now(), ACTIVITY_EXPORT_COLUMNS, body);
  });

  app.get('/api/exports/agents.csv', async (request, reply) => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const { currency } = await readOrganisationSettings(ctx.db);
    return sendCsv(reply, 'agents', ctx.now(), AGENT_EXPORT_COLUMNS, csvFromRows(agentExportBatches(ctx.db, scope), (row) => [
      num(row.id),
      text(row.name),
      text(row.email),
      text(row.position),
      text(row.status),
      num(row.total_income),
      num(row.total_entries),
      text(row.current_tier),
      num(row.tiers_reached),
      text(row.created_at),
      text(currency),
    ]));
  });

  // The audit trail (docs/product.md §12.12), oldest first, with each row's hashes: the chain can be checked offline.
  app.get('/api/exports/audit.csv', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const query = parseInput(auditExportQuery, request.query);
    const json = (value: Record<string, unknown> | null) => text(value === null ? null : JSON.stringify(value));
    return sendCsv(reply, 'audit', ctx.now(), AUDIT_EXPORT_COLUMNS, csvFromRows(auditExportBatches(ctx.db, query, ctx.config.orgTimezone), (row) => [
      num(row.id),
      text(new Date(row.at_ms).toISOString()),
      text(row.actor_kind),
      num(row.actor_id),
      text(row.actor_name),
      text(row.action),
      text(row.target_type),
      text(row.target_id),
      json(row.before),
      json(row.after),
      text(row.ip),
      text(row.user_agent),
      text(row.prev_hash),
      text(row.hash),
    ]));
  });

  app.get('/api/exports/reward-claims.csv', async (request, reply) => {
    const { owner, scope } = await requireOwnerReader(ctx, request, reply);
    // Every claimant's address and phone leave in one file: the trail says who took them and when.
    await appendAudit(ctx.db, userActor(request, owner), { action: 'claims.exported', targetType: 'reward_claims', targetId: null, after: { contactDetails: true } }, ctx.now());
    return sendCsv(reply, 'reward-claims', ctx.now(), REWARD_CLAIM_EXPORT_COLUMNS, csvFromRows(claimExportBatches(ctx.db, scope), (row) => [
      num(row.id),
      text(row.claimed_at),
      num(row.agent_id),
      text(row.agent_name),
      text(row.tier),
      text(row.reward),
      text(row.status),
      text(row.processed_at),
      text(row.full_name),
      text(row.email),
      text(row.phone),
      text(row.telegram),
      text(row.address),
      text(row.city),
      text(row.zipcode),
      text(row.shipping_instructions),
    ]));
  });
}
