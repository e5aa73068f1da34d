import type { FastifyInstance } from 'fastify';
import { createIncomeEntryInput } from '../../contract/income-entries';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { recordIncomeEntry } from '../db/operations/record-income-entry';
import { toIncomeEntry } from '../db/queries/income-entries';
import { entryDate } from '../domain/income-entries';
import { parseInput } from '../http/errors';

export function registerIncomeEntryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/income-entries', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const input = parseInput(createIncomeEntryInput, request.body);
    const now = ctx.now();
    const entry = { agentId: input.agentId, amount: input.amount, date: entryDate(input.date, now), description: input.description || null };
    const row = await recordIncomeEntry(ctx.db, entry, { timeZone: ctx.config.orgTimezone, now });
    return reply.status(201).send(toIncomeEntry(row));
  });
}
