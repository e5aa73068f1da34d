import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_TOKEN_MAX_DAYS, API_TOKEN_PREFIX, createApiTokenInput, type ApiTokenList, type CreatedApiToken } from '../../contract/api-tokens';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { hashToken } from '../auth/sessions';
import { insertApiToken, listApiTokens, revokeApiToken } from '../db/queries/api-tokens';
import { text } from '../../contract/i18n';
import { invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { parseId, parseInput } from '../http/errors';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An expiry must lie ahead, and not further than API_TOKEN_MAX_DAYS. */
function expiryOf(expiresAt: string | undefined, now: Date): Date | null {
  if (expiresAt === undefined) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw invalid(text(messages, 'expiresAtInFuture'), 'expiresAt');
  if (at.getTime() - now.getTime() > API_TOKEN_MAX_DAYS * DAY_MS) {
    throw invalid(text(messages, 'expiresAtTooFar', { max: API_TOKEN_MAX_DAYS }), 'expiresAt');
  }
  return at;
}

/**
 * API tokens (docs/product.md §12.9): the owner makes, lists and revokes them. Only the hash of a token
 * is kept; the token is in the answer that made it, and nowhere else.
 */
export function registerApiTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/tokens', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createApiTokenInput, request.body);
    const now = ctx.now();
    const expiresAt = expiryOf(input.expiresAt, now);
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const made = await audited(
      ctx.db,
      userActor(request, owner),
      now,
      (tx) => insertApiToken(tx, { name: input.name, scopes: input.scopes, tokenHash: hashToken(token), createdBy: owner.id, createdAt: now, expiresAt }),
      (row) => ({ action: 'token.created', targetType: 'api_token', targetId: row.id, after: { name: row.name, scopes: row.scopes, expiresAt: row.expiresAt } }),
    );
    request.log.info({ apiTokenId: made.id, scopes: made.scopes }, 'API token created');
    return reply.status(201).send({ ...made, token } satisfies CreatedApiToken);
  });

  app.get('/api/tokens', async (request, reply): Promise<ApiTokenList> => {
    await requireOwner(ctx, request, reply);
    return { tokens: await listApiTokens(ctx.db) };
  });

  app.delete<{ Params: { id: string } }>('/api/tokens/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'API token');
    const revoked = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => revokeApiToken(tx, id, ctx.now()), (done) =>
      done ? { action: 'token.revoked', targetType: 'api_token', targetId: id } : null,
    );
    if (!revoked) throw notFound('API token');
    request.log.info({ apiTokenId: id }, 'API token revoked');
    return reply.status(204).send();
  });
}
