import type { FastifyInstance } from 'fastify';
import { updateTierSettingInput } from '../../contract/tiers';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { listTierSettings, updateTierSetting } from '../db/queries/tier-settings';
import { rewardsTextToStore } from '../domain/tiers';
import { AppError, notFound, parseId, parseInput } from '../http/errors';

type IdParams = { Params: { id: string } };

export function registerTierSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/tier-settings', async () => listTierSettings(ctx.db));

  app.patch<IdParams>('/api/tier-settings/:id', async (request, reply) => {
    const id = parseId(request.params.id, 'Tier');
    const input = parseInput(updateTierSettingInput, request.body);
    await requireOwner(ctx, request, reply);
    const rewards = input.rewards === undefined ? undefined : rewardsTextToStore(input.rewards);
    const result = await updateTierSetting(ctx.db, id, { threshold: input.threshold, rewards }, ctx.now());
    if (result.ok) return result.tier;
    if (result.reason === 'not-found') throw notFound('Tier');
    throw new AppError('VALIDATION_FAILED', result.message, [{ path: 'threshold', message: result.message }]);
  });
}
