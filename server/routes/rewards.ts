import type { FastifyInstance } from 'fastify';
import { createRewardOptionInput } from '../../contract/rewards';
import type { AppContext } from '../app-context';
import { requireAgentSelfOrStaff, requireAnyIdentity, requireOwner } from '../auth/permissions';
import { readAgentRewardData } from '../db/queries/agent-tier-data';
import { createRewardOption, deleteRewardOption, listTierRewardOptions } from '../db/queries/reward-options';
import { parseId, parseInput } from '../http/errors';

type IdParams = { Params: { id: string } };

export function registerRewardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<IdParams>('/api/rewards/agent/:id', async (request, reply) => {
    await requireAnyIdentity(ctx, request, reply, 'read');
    const agentId = parseId(request.params.id, 'Agent');
    await requireAgentSelfOrStaff(ctx, request, reply, agentId);
    return readAgentRewardData(ctx.db, agentId);
  });

  app.get<IdParams>('/api/rewards/tier/:id', async (request, reply) => {
    const identity = await requireAnyIdentity(ctx, request, reply, 'read');
    const tierId = parseId(request.params.id, 'Tier');
    // Owners, managers and read tokens also see the options they switched off; agents only what they can pick.
    return listTierRewardOptions(ctx.db, tierId, { activeOnly: !identity.user && !identity.token });
  });

  app.post('/api/rewards', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    const input = parseInput(createRewardOptionInput, request.body);
    return reply.status(201).send(await createRewardOption(ctx.db, { ...input, isActive: input.isActive ?? true }));
  });

  app.delete<IdParams>('/api/rewards/:id', async (request, reply) => {
    await requireOwner(ctx, request, reply);
    await deleteRewardOption(ctx.db, parseId(request.params.id, 'Reward option'));
    return reply.status(204).send();
  });
}
