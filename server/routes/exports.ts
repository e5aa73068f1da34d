import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AGENT_EXPORT_COLUMNS,
  EXPORT_CONTENT_TYPE,
  INCOME_ENTRY_EXPORT_COLUMNS,
  REWARD_CLAIM_EXPORT_COLUMNS,
} from '../../contract/exports';
import { incomeEntryExportQuery } from '../../contract/income-entries';
import type { AppContext } from '../app-context';
import { requireOwner, requireStaffReader } from '../auth/permissions';
import { findAgentById } from '../db/queries/agents';
import { agentExportBatches, claimExportBatches, entryExportBatches } from '../db/queries/exports';
import { notFound } from '../domain/errors';
import { csvHeader, csvLines, num, text, UTF8_BOM, type CsvCell } from '../domain/csv';
import { parseInput } from '../http/errors';

/** The file's text, a batch of rows at a time: the stream asks for the next batch only once the last was sent. */
async function* csvChunks<Row>(columns: readonly string[], batches: AsyncIterable<Row[]>, toCells: (row: Row) => CsvCell[]) {
  yield UTF8_BOM + csvHeader(columns);
  for await (const rows of batches) yield csvLines(rows.map(toCells));
}

function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  today: Date,
  columns: readonly string[],
  batches: AsyncIterable<Row[]>,
  toCells: (row: Row) => CsvCell[],
) {
  const file = `${name}-${today.toISOString().slice(0, 10)}.csv`;
  const stream = Readable.from(csvChunks(columns, batches, toCells));
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
    await requireStaffReader(ctx, request, reply);
    const query = parseInput(incomeEntryExportQuery, request.query);
    if (query.agentId !== undefined && !(await findAgentById(ctx.db, query.agentId))) throw notFound('Agent');
    return sendCsv(reply, 'income-entries', ctx.now(), INCOME_ENTRY_EXPORT_COLUMNS, entryExportBatches(ctx.db, query, ctx.config.orgTimezone), (row) => [
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
    ]);
  });

  app.get('/api/exports/agents.csv', async (request, reply) => {
    await requireStaffReader(ctx, request, reply);
    return sendCsv(reply, 'agents', ctx.now(), AGENT_EXPORT_COLUMNS, agentExportBatches(ctx.db), (row) => [
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
    ]);
  });

  app.get('/api/exports/reward-claims.csv', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    return sendCsv(reply, 'reward-claims', ctx.now(), REWARD_CLAIM_EXPORT_COLUMNS, claimExportBatches(ctx.db), (row) => [
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
    ]);
  });
}
