import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { listTierSettings } from '../db/queries/tier-settings';

export function registerTierSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/tier-settings', async () => listTierSettings(ctx.db));
}
