import type { FastifyInstance } from 'fastify';
import { completePasswordResetInput, RESET_LINK_INVALID } from '../../contract/password-resets';
import type { AppContext } from '../app-context';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/sessions';
import { completePasswordReset } from '../db/queries/password-resets';
import { invalid } from '../domain/errors';
import { parseInput } from '../http/errors';
import { requestOrigin } from '../http/audit-actor';

/**
 * One-time password links (docs/product.md §12.9): whoever holds a link sets the account's password with it, once,
 * before it expires; every session of the account ends. A token that was used, has expired or never existed gets
 * the same 400, and changes nothing. Every attempt counts against the client's address like a sign-in (`signIn`:
 * server/http/security.ts), so tokens cannot be guessed at speed.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/password-resets/complete', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(completePasswordResetInput, request.body);
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    // Hashed before the link is looked up: a wrong token takes as long as a right one.
    const passwordHash = await hashPassword(input.newPassword);
    const done = await completePasswordReset(ctx.db, hashToken(input.token), passwordHash, ctx.now(), requestOrigin(request));
    if (!done) throw invalid(RESET_LINK_INVALID, 'token');
    request.log.info({ kind: done.kind, accountId: done.accountId }, 'password set with a one-time link');
    return reply.status(204).send();
  });
}
