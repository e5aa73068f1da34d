import type { FastifyInstance } from 'fastify';
import { createIncomeEntryInput, MAX_FUTURE_MS } from '../../contract/income-entries';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { recordIncomeEntry, toIncomeEntry, TotalOutOfRangeError } from '../db/queries/income-entries';
import { AppError, notFound, parseInput } from '../http/errors';

/** Back-dating is for corrections; nothing this tracker holds predates it (and local calendars need 4-digit years). */
const EARLIEST_ENTRY_DATE = new Date('2000-01-01T00:00:00Z');

function invalidDate(message: string) {
  return new AppError('VALIDATION_FAILED', message, [{ path: 'date', message }]);
}

/** When the entry counts: the given instant, or now. */
function entryDate(iso: string | undefined, now: Date): Date {
  if (iso === undefined) return now;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw invalidDate('Date must be an ISO timestamp such as 2026-11-22T10:00:00Z');
  if (date.getTime() > now.getTime() + MAX_FUTURE_MS) throw invalidDate('Date cannot be more than 24 hours in the future');
  if (date < EARLIEST_ENTRY_DATE) throw invalidDate('Date cannot be before January 1, 2000');
  return date;
}

export function registerIncomeEntryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/income-entries', async (request, reply) => {
    const input = parseInput(createIncomeEntryInput, request.body);
    const now = ctx.now();
    const date = entryDate(input.date, now);
    await requireOwner(ctx, request, reply);
    const entry = { agentId: input.agentId, amount: input.amount, date, description: input.description || null };
    const row = await recordIncomeEntry(ctx.db, entry, { timeZone: ctx.config.orgTimezone, now }).catch((error: unknown) => {
      throw error instanceof TotalOutOfRangeError ? new AppError('VALIDATION_FAILED', error.message) : error;
    });
    if (!row) throw notFound('Agent');
    return reply.status(201).send(toIncomeEntry(row));
  });
}
