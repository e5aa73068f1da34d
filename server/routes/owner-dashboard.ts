import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireOwnerOrManager } from '../auth/permissions';
import { readOwnerDashboard } from '../db/queries/dashboard';

export function registerOwnerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/dashboard', async (request, reply) => {
    await requireOwnerOrManager(ctx, request, reply);
    return readOwnerDashboard(ctx.db, { now: ctx.now(), timeZone: ctx.config.orgTimezone });
  });
}
