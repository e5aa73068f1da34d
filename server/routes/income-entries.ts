import type { FastifyInstance } from 'fastify';
import {
  createIncomeEntryInput,
  IDEMPOTENCY_KEY_HEADER,
  incomeEntryListQuery,
  voidIncomeEntryInput,
  type CreatedIncomeEntry,
  type IncomeEntryPage,
  type VoidedIncomeEntry,
} from '../../contract/income-entries';
import type { AppContext } from '../app-context';
import { assertAgentInScope, assertEntryInScope } from '../auth/team-scope';
import { callerKey, requireEntryWriter, requireStaffReader } from '../auth/permissions';
import { recordIncomeEntry, recordIncomeEntryOnce } from '../db/operations/record-income-entry';
import { voidIncomeEntry } from '../db/operations/void-income-entry';
import { findAgentById } from '../db/queries/agents';
import { listIncomeEntryPage, toIncomeEntry, type RecordedIncomeEntryRow } from '../db/queries/income-entries';
import { notFound } from '../domain/errors';
import { idempotencyKeyOf, requestHashOf } from '../http/idempotency-key';
import { entryDate, entryDateOfDay, withEntryDates } from '../domain/income-entries';
import { actorOf } from '../auth/audit-actor';
import { parseId, parseInput } from '../http/errors';

const created = (row: RecordedIncomeEntryRow): CreatedIncomeEntry => ({ ...toIncomeEntry(row), externalId: row.externalId });

export function registerIncomeEntryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/income-entries', async (request, reply): Promise<IncomeEntryPage> => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const query = parseInput(incomeEntryListQuery, request.query);
    if (query.agentId !== undefined) await assertAgentInScope(ctx, scope, query.agentId);
    const page = await listIncomeEntryPage(ctx.db, query, ctx.config.orgTimezone, scope);
    // An empty page for an agent id that names nobody would read as "no entries": say so instead.
    if (query.agentId !== undefined && page.entries.length === 0 && !(await findAgentById(ctx.db, query.agentId))) throw notFound('Agent');
    const timeZone = ctx.config.orgTimezone;
    return { entries: page.entries.map((entry) => withEntryDates(entry, timeZone)), nextOffset: page.nextOffset, offset: query.offset, limit: query.limit };
  });

  app.post('/api/income-entries', async (request, reply) => {
    const { caller, scope } = await requireEntryWriter(ctx, request, reply, 'entries:write');
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const input = parseInput(createIncomeEntryInput, request.body);
    await assertAgentInScope(ctx, scope, input.agentId);
    const now = ctx.now();
    const entry = {
      agentId: input.agentId,
      amount: input.amount,
      date: input.day !== undefined ? entryDateOfDay(input.day, now, ctx.config.orgTimezone) : entryDate(input.date, now),
      description: input.description || null,
      externalId: input.externalId ?? null,
    };
    const options = { timeZone: ctx.config.orgTimezone, now, actor: actorOf(request, caller) };
    if (key === undefined) return reply.status(201).send(created(await recordIncomeEntry(ctx.db, entry, options)));

    // The request as validated (the date as sent, not as defaulted to now): a retry of it hashes the same.
    const requestHash = requestHashOf(input);
    const answer = await recordIncomeEntryOnce(ctx.db, entry, options, { scope: callerKey(caller), key, requestHash }, (row) => ({
      statusCode: 201,
      body: JSON.stringify(created(row)),
    }));
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
  });

  // Entries are never edited or deleted: a void writes a reversal (docs/product.md §12.11).
  app.post<{ Params: { id: string } }>('/api/income-entries/:id/void', async (request, reply): Promise<VoidedIncomeEntry> => {
    const { caller, scope } = await requireEntryWriter(ctx, request, reply, 'entries:write');
    const entryId = parseId(request.params.id, 'Income entry');
    const { reason } = parseInput(voidIncomeEntryInput, request.body);
    await assertEntryInScope(ctx, scope, entryId);
    const byName = caller.kind === 'user' ? caller.user.name : `API token "${caller.token.name}"`;
    const actor = actorOf(request, caller);
    const voided = await voidIncomeEntry(ctx.db, { entryId, reason, byName, actor, now: ctx.now(), timeZone: ctx.config.orgTimezone });
    return { entry: created(voided.entry), reversal: created(voided.reversal), tiersTakenBack: voided.tiersTakenBack, tiersReached: voided.tiersReached };
  });
}
