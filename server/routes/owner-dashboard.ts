import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireStaffReader } from '../auth/permissions';
import { eventFenceOf } from '../auth/sessions';
import { readOwnerDashboard } from '../db/queries/dashboard';

export function registerOwnerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/dashboard', async (request, reply) => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const now = ctx.now();
    // From the boards in memory when they hold what the scope reads; else from the tables.
    return (await ctx.boards.dashboard(now, scope, eventFenceOf(request))) ?? readOwnerDashboard(ctx.db, { now, timeZone: ctx.config.orgTimezone, scope });
  });
}
