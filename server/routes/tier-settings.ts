import type { FastifyInstance } from 'fastify';
import { updateTierSettingInput } from '../../contract/tiers';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { updateTierSetting } from '../db/operations/update-tier-setting';
import { listTierSettings } from '../db/queries/tier-settings';
import { rewardsTextToStore } from '../domain/tiers';
import { parseId, parseInput } from '../http/errors';
import { userActor } from '../auth/audit-actor';

type IdParams = { Params: { id: string } };

export function registerTierSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/tier-settings', async () => listTierSettings(ctx.db));

  app.patch<IdParams>('/api/tier-settings/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Tier');
    const input = parseInput(updateTierSettingInput, request.body);
    const rewards = input.rewards === undefined ? undefined : rewardsTextToStore(input.rewards);
    return updateTierSetting(ctx.db, id, { threshold: input.threshold, rewards }, ctx.now(), userActor(request, owner));
  });
}
