import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  completePasswordResetInput,
  EMAILED_RESET_LINK_MINUTES,
  OWNER_MADE_RESET_LINK_HOURS,
  RESET_LINK_INVALID_TEXT,
  RESET_REQUESTED_TEXT,
  requestPasswordResetInput,
  resetLinkFor,
  type CreatedResetLink,
  type PasswordResetRequested,
} from '../../contract/password-resets';
import type { AppContext } from '../app-context';
import { assertPasswordNotCommon } from '../domain/password-policy';
import { hashPassword } from '../auth/passwords';
import { requireOwner } from '../auth/permissions';
import { assertPasswordLinkUseful, passwordsOwnersOnly } from '../auth/sso-policy';
import { hashToken, requireRecentPassword } from '../auth/sessions';
import { completePasswordReset } from '../db/operations/complete-password-reset';
import { createOwnerResetLink } from '../db/operations/create-owner-reset-link';
import { requestEmailedResets } from '../db/operations/request-emailed-resets';
import { findUserById } from '../db/queries/users';
import { composePasswordResetEmail } from '../domain/emails';
import { resolveLanguage } from '../../contract/languages';
import { render, text } from '../../contract/i18n';
import { forbidden, invalid } from '../domain/errors';
import { messages } from './messages';
import { parseId, parseInput } from '../http/errors';
import { inRequestLanguage } from '../http/request-language';
import { requestOrigin, userActor } from '../auth/audit-actor';

const HOUR_MS = 60 * 60 * 1000;

/** Who an owner-made link is for, by the path it is made on. */
const RESET_LINK_TARGETS = [
  { path: '/api/agents/:id/reset-link', kind: 'agent', what: 'Agent' },
  { path: '/api/users/:id/reset-link', kind: 'user', what: 'User' },
] as const;

/**
 * One-time password links (docs/product.md §12.9): whoever holds a link sets the account's password with it, once,
 * before it expires; every session of the account ends. A token that was used, has expired or never existed gets
 * the same 400, and changes nothing. Every attempt counts against the client's address like a sign-in (`signIn`:
 * server/http/security.ts), so tokens cannot be guessed at speed.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  // A link by email for whoever knows the address (docs/product.md §12.9). The answer is the same whether or not an
  // account uses it, and the work nearly so (a link is made only for a known address: a few milliseconds of writes),
  // so the route tells nobody who has an account. Counted against the client's address like a sign-in; at most
  // RESET_EMAILS_PER_HOUR emails an hour go to one account.
  app.post('/api/password-resets', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(requestPasswordResetInput, request.body);
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + EMAILED_RESET_LINK_MINUTES * 60_000);
    const origin = ctx.linkOrigin();
    const queued = await requestEmailedResets(
      ctx.db,
      input.email,
      now,
      expiresAt,
      (account) => {
        const token = randomBytes(32).toString('base64url');
        // In the account's language, else the organisation's (docs/product.md §12.22).
        const orgLocale = ctx.organisation.current().locale;
        const reader = { language: resolveLanguage({ chosen: account.language, orgLocale }), orgLocale };
        return { tokenHash: hashToken(token), ...composePasswordResetEmail(account, resetLinkFor(origin, token), EMAILED_RESET_LINK_MINUTES, reader) };
      },
      requestOrigin(request),
      // While company sign-in is required, only owners sign in with a password: nobody else is sent a link (the answer
      // is the same, so it tells nothing about the address).
      await passwordsOwnersOnly(ctx),
    );
    if (queued > 0) ctx.emails.kick();
    const answer: PasswordResetRequested = { message: inRequestLanguage(request, reply, () => render(RESET_REQUESTED_TEXT)) };
    return reply.status(202).send(answer);
  });

  app.post('/api/password-resets/complete', { config: { signIn: true } }, async (request, reply) => {
    const input = parseInput(completePasswordResetInput, request.body);
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    // Hashed before the link is looked up: a wrong token takes as long as a right one.
    const passwordHash = await hashPassword(input.newPassword);
    const done = await completePasswordReset(ctx.db, hashToken(input.token), passwordHash, ctx.now(), requestOrigin(request));
    if (!done) throw invalid(RESET_LINK_INVALID_TEXT, 'token');
    request.log.info({ kind: done.kind, accountId: done.accountId }, 'password set with a one-time link');
    return reply.status(204).send();
  });

  // The owner makes a link for someone who lost their password (an agent, a manager, another owner), with their own
  // password entered in the last minutes, like other changes to accounts. Their own password they change themselves.
  for (const target of RESET_LINK_TARGETS) {
    app.post<{ Params: { id: string } }>(target.path, async (request, reply) => {
      const owner = await requireOwner(ctx, request, reply);
      const id = parseId(request.params.id, target.what);
      if (target.kind === 'user' && id === owner.id) throw forbidden(text(messages, 'changeOwnPassword'));
      // While company sign-in is required, a link only for another owner (an unknown user is createOwnerResetLink's 404).
      const role = target.kind === 'user' ? (await findUserById(ctx.db, id))?.role : undefined;
      if (target.kind === 'agent') await assertPasswordLinkUseful(ctx, { kind: 'agent' });
      else if (role) await assertPasswordLinkUseful(ctx, { kind: 'user', role });
      await requireRecentPassword(ctx, request, 'user');
      const token = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + OWNER_MADE_RESET_LINK_HOURS * HOUR_MS);
      await createOwnerResetLink(ctx.db, { kind: target.kind, accountId: id, tokenHash: hashToken(token), createdBy: owner.id, expiresAt }, userActor(request, owner), now);
      request.log.info({ kind: target.kind, accountId: id, by: owner.id }, 'password reset link made');
      const origin = ctx.linkOrigin();
      const answer: CreatedResetLink = { url: resetLinkFor(origin, token), expiresAt: expiresAt.toISOString() };
      return reply.status(201).send(answer);
    });
  }
}
