import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireStaffReader } from '../auth/permissions';
import { eventFenceOf } from '../auth/sessions';
import { readOwnerDashboard } from '../db/queries/dashboard';
import { withEntryDates } from '../domain/income-entries';
import type { OwnerDashboard } from '../../contract/dashboard';

export function registerOwnerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/dashboard', async (request, reply) => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const now = ctx.now();
    const timeZone = ctx.config.orgTimezone;
    // From the boards in memory when they hold what the scope reads; else from the tables.
    const dashboard = (await ctx.boards.dashboard(now, scope, eventFenceOf(request))) ?? (await readOwnerDashboard(ctx.db, { now, timeZone, scope }));
    // Each recent entry says its deal day beside when it was recorded (docs/decisions/0085-entry-dates-in-lists.md).
    return { ...dashboard, recentEntries: dashboard.recentEntries.map((entry) => withEntryDates(entry, timeZone)) } satisfies OwnerDashboard;
  });
}
