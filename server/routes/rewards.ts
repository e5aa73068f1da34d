import type { FastifyInstance } from 'fastify';
import { createRewardOptionInput } from '../../contract/rewards';
import type { AppContext } from '../app-context';
import { requireAgentSelfOrStaff, requireAnyIdentity, requireOwner } from '../auth/permissions';
import { readAgentRewardData } from '../db/queries/agent-tier-data';
import { createRewardOption, deleteRewardOption, listTierRewardOptions } from '../db/queries/reward-options';
import { parseId, parseInput } from '../http/errors';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';

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
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createRewardOptionInput, request.body);
    const option = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) => createRewardOption(tx, { ...input, isActive: input.isActive ?? true }),
      (made) => ({ action: 'reward_option.created', targetType: 'reward_option', targetId: made.id, after: { tierId: made.tierId, title: made.title, category: made.category, isActive: made.isActive } }),
    );
    return reply.status(201).send(option);
  });

  app.delete<IdParams>('/api/rewards/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Reward option');
    await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => deleteRewardOption(tx, id), () => ({ action: 'reward_option.deleted', targetType: 'reward_option', targetId: id }));
    return reply.status(204).send();
  });
}
