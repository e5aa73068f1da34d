import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireStaffReader } from '../auth/permissions';
import { eventFenceOf } from '../auth/sessions';
import { readScope } from '../auth/team-scope';
import { readOwnerDashboard } from '../db/queries/dashboard';

export function registerOwnerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/dashboard', async (request, reply) => {
    const caller = await requireStaffReader(ctx, request, reply);
    const now = ctx.now();
    // A manager who leads teams sees their teams' figures, read from the tables; everyone else the board in memory.
    const scope = await readScope(ctx, caller);
    if (scope !== null) return readOwnerDashboard(ctx.db, { now, timeZone: ctx.config.orgTimezone, scope });
    return (await ctx.boards.dashboard(now, eventFenceOf(request))) ?? readOwnerDashboard(ctx.db, { now, timeZone: ctx.config.orgTimezone });
  });
}
