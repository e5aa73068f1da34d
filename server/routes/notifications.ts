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
  findUnsubscribeKey,
  switchEmailOff,
  writeNotificationPreferences,
  type Recipient,
} from '../db/queries/notifications';
import { escapeHtml, kindPhrase, readUnsubscribeToken } from '../domain/emails';
import { text } from '../../contract/i18n';
import { invalid } from '../domain/errors';
import { messages } from './messages';
import { parseInput } from '../http/errors';

/** A small page of its own (no script, no style: the app's CSP applies); with a token, the button that confirms. */
function page(reply: FastifyReply, title: string, text: string, token?: string) {
  const form = token
    ? `<form method="post" action="/api/notifications/unsubscribe/${escapeHtml(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop these emails</button></form>`
    : '';
  return reply
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · TierTrack</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}</main></body></html>`);
}

/** A link that is not one of ours (forged, altered, or its person deleted): the API's error shape, 400, as every failure. */
function refuseLink(): never {
  throw invalid(text(messages, 'unsubscribeLinkInvalid'));
}

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

  // One-click unsubscribe (RFC 8058): mail programs POST `List-Unsubscribe=One-Click` to the link without a session;
  // a person who opens it sees a page that asks first (a link scanner's GET changes nothing).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.get<{ Params: { token: string } }>('/api/notifications/unsubscribe/:token', async (request, reply) => {
      const key = await findUnsubscribeKey(ctx.db);
      const target = key && readUnsubscribeToken(key, request.params.token);
      if (!target) refuseLink();
      const what = kindPhrase(target.kind);
      return page(reply, 'Stop these emails?', `You will no longer get an email when: ${what}. Notifications in the app stay as they are.`, request.params.token);
    });
    scope.post<{ Params: { token: string } }>('/api/notifications/unsubscribe/:token', async (request, reply) => {
      const key = await findUnsubscribeKey(ctx.db);
      const target = key && readUnsubscribeToken(key, request.params.token);
      if (!target || !(await switchEmailOff(ctx.db, target.recipient, target.kind))) refuseLink();
      const what = kindPhrase(target.kind);
      return page(reply, 'You are unsubscribed', `You will no longer get an email when: ${what}. You can switch it on again in your notification settings.`);
    });
  });

  app.put('/api/notification-preferences', async (request, reply): Promise<NotificationPreferences> => {
    const recipient = await requireRecipient(ctx, request, reply);
    const { preferences } = parseInput(updateNotificationPreferencesInput, request.body);
    const foreign = foreignKinds(recipient, preferences);
    if (foreign.length > 0) throw invalid(text(messages, 'foreignNotificationKinds', { kinds: foreign.join(', ') }), 'preferences');
    return { preferences: await writeNotificationPreferences(ctx.db, recipient, preferences) };
  });
}
