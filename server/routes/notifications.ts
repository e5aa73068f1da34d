import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  markNotificationsReadInput,
  notificationListQuery,
  updateNotificationPreferencesInput,
  type NotificationPage,
  type NotificationPreferences,
} from '../../contract/notifications';
import type { AppContext } from '../app-context';
import { requireAnyIdentity } from '../auth/permissions';
import {
  foreignKinds,
  listNotifications,
  markNotificationsRead,
  readNotificationPreferences,
  writeNotificationPreferences,
  type Recipient,
} from '../db/queries/notifications';
import { invalid } from '../domain/errors';
import { parseInput } from '../http/errors';

/** The signed-in agent, owner or manager (API tokens have no notifications). */
async function requireRecipient(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Recipient> {
  const identity = await requireAnyIdentity(ctx, request, reply);
  if (identity.agent) return { kind: 'agent', id: identity.agent.id };
  return { kind: 'user', id: identity.user!.id, role: identity.user!.role };
}

/** Notifications and their preferences (docs/product.md §12.13), each person's own. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/notifications', async (request, reply): Promise<NotificationPage> => {
    const recipient = await requireRecipient(ctx, request, reply);
    return listNotifications(ctx.db, recipient, parseInput(notificationListQuery, request.query));
  });

  app.post('/api/notifications/read', async (request, reply) => {
    const recipient = await requireRecipient(ctx, request, reply);
    const which = parseInput(markNotificationsReadInput, request.body);
    const marked = await markNotificationsRead(ctx.db, recipient, which, ctx.now());
    return { marked };
  });

  app.get('/api/notification-preferences', async (request, reply): Promise<NotificationPreferences> => {
    const recipient = await requireRecipient(ctx, request, reply);
    return { preferences: await readNotificationPreferences(ctx.db, recipient) };
  });

  app.put('/api/notification-preferences', async (request, reply): Promise<NotificationPreferences> => {
    const recipient = await requireRecipient(ctx, request, reply);
    const { preferences } = parseInput(updateNotificationPreferencesInput, request.body);
    const foreign = foreignKinds(recipient, preferences);
    if (foreign.length > 0) throw invalid(`You do not receive notifications of kind ${foreign.join(', ')}`, 'preferences');
    return { preferences: await writeNotificationPreferences(ctx.db, recipient, preferences) };
  });
}
