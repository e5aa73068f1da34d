import type { FastifyInstance } from 'fastify';
import { createRewardOptionInput } from '../../contract/rewards';
import type { AppContext } from '../app-context';
import { requireAgentSelfOrStaff, requireAnyIdentity, requireOwner } from '../auth/permissions';
import { readAgentRewardData } from '../db/queries/agent-tier-data';
import { createRewardOption, deleteRewardOption, listTierRewardOptions } from '../db/queries/reward-options';
import { notFound, parseId, parseInput } from '../http/errors';

type IdParams = { Params: { id: string } };

export function registerRewardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<IdParams>('/api/rewards/agent/:id', async (request, reply) => {
    const agentId = parseId(request.params.id, 'Agent');
    await requireAgentSelfOrStaff(ctx, request, reply, agentId);
    const data = await readAgentRewardData(ctx.db, agentId);
    if (!data) throw notFound('Agent');
    return data;
  });

  app.get<IdParams>('/api/rewards/tier/:id', async (request, reply) => {
    const tierId = parseId(request.params.id, 'Tier');
    const identity = await requireAnyIdentity(ctx, request, reply);
    // Owners and managers also see the options they switched off; agents only what they can pick.
    const options = await listTierRewardOptions(ctx.db, tierId, { activeOnly: !identity.user });
    if (!options) throw notFound('Tier');
    return options;
  });

  app.post('/api/rewards', async (request, reply) => {
    const input = parseInput(createRewardOptionInput, request.body);
    await requireOwner(ctx, request, reply);
    const option = await createRewardOption(ctx.db, { ...input, isActive: input.isActive ?? true });
    if (!option) throw notFound('Tier');
    return reply.status(201).send(option);
  });

  app.delete<IdParams>('/api/rewards/:id', async (request, reply) => {
    const id = parseId(request.params.id, 'Reward option');
    await requireOwner(ctx, request, reply);
    if (!(await deleteRewardOption(ctx.db, id))) throw notFound('Reward option');
    return reply.status(204).send();
  });
}
