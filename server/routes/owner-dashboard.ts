import type { FastifyInstance } from 'fastify';
import { agentListQuery } from '../../contract/agents';
import type { LeaderboardPage } from '../../contract/dashboard';
import type { AppContext } from '../app-context';
import { requireStaffReader } from '../auth/permissions';
import { eventFenceOf } from '../auth/sessions';
import { listLeaderboardPage } from '../db/queries/agents';
import { readOwnerDashboard } from '../db/queries/dashboard';
import { periodStartsOf } from '../domain/periods';
import { parseInput } from '../http/errors';

export function registerOwnerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/dashboard', async (request, reply) => {
    await requireStaffReader(ctx, request, reply);
    const now = ctx.now();
    return (await ctx.boards.dashboard(now, eventFenceOf(request))) ?? readOwnerDashboard(ctx.db, { now, timeZone: ctx.config.orgTimezone });
  });

  app.get('/api/owner/leaderboard', async (request, reply): Promise<LeaderboardPage> => {
    await requireStaffReader(ctx, request, reply);
    const query = parseInput(agentListQuery, request.query);
    const now = ctx.now();
    const page =
      (query.search ? undefined : await ctx.boards.leaderboardPage(now, query.offset, query.limit, eventFenceOf(request))) ??
      (await listLeaderboardPage(ctx.db, periodStartsOf(now, ctx.config.orgTimezone), query));
    return { ...page, offset: query.offset, limit: query.limit };
  });
}
