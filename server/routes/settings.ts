import type { FastifyInstance } from 'fastify';
import { updateOrganisationSettingsInput, type OrganisationSettings } from '../../contract/settings';
import type { AppContext } from '../app-context';
import { requireAnyIdentity, requireOwner } from '../auth/permissions';
import { requireRecentPassword } from '../auth/sessions';
import { audited } from '../db/audit';
import { updateOrganisationSettings } from '../db/operations/update-organisation-settings';
import { readOrganisationSettings } from '../db/queries/settings';
import { userActor } from '../auth/audit-actor';
import { parseInput } from '../http/errors';

/**
 * The organisation's name, currency and locale, and whether managers must sign in with a second factor
 * (docs/product.md §12.16; docs/decisions/0029-organisation-settings.md). Everyone signed in reads them (every screen
 * writes money with them); the owner changes them.
 */
export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  // This instance's copy, for the pages it serves: read at start, then kept by the events of every instance.
  app.addHook('onReady', () => ctx.organisation.load());
  // A settings.changed the hub had to skip (a reset) is made up for by reading them again.
  ctx.live.follow(
    (events) => ctx.organisation.heard(events),
    (reason) => (reason === 'reset' ? void ctx.organisation.load() : undefined),
  );

  app.get('/api/settings', async (request, reply): Promise<OrganisationSettings> => {
    await requireAnyIdentity(ctx, request, reply, 'read');
    return readOrganisationSettings(ctx.db);
  });

  app.patch('/api/settings', async (request, reply): Promise<OrganisationSettings> => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(updateOrganisationSettingsInput, request.body);
    // Switching the managers' second factor either way, and letting managers record (more may change money), are
    // security changes: the owner's password, recently entered.
    if (input.requireManagerTwoFactor !== undefined || input.managersRecord === true) {
      const saved = await readOrganisationSettings(ctx.db);
      if ((input.requireManagerTwoFactor !== undefined && input.requireManagerTwoFactor !== saved.requireManagerTwoFactor) || (input.managersRecord === true && !saved.managersRecord)) {
        await requireRecentPassword(ctx, request, 'user');
      }
    }
    const { after } = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) => updateOrganisationSettings(tx, input, ctx.now()),
      ({ before }) => {
        const keys = Object.keys(input) as (keyof typeof input)[];
        return {
          action: 'settings.updated',
          targetType: 'settings',
          targetId: 'organisation',
          before: Object.fromEntries(keys.map((key) => [key, before[key]])),
          after: Object.fromEntries(keys.map((key) => [key, input[key]])),
        };
      },
    );
    // At once on this instance (a reload right after saving shows the new settings); other instances hear the event.
    ctx.organisation.use(after);
    return after;
  });
}
