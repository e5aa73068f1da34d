import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAgent } from '../auth/permissions';
import { readAgentTierData } from '../db/queries/agent-tier-data';

export function registerAgentTierRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/agent-tier-data', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    return readAgentTierData(ctx.db, agent.id);
  });
}
