import type { FastifyInstance } from 'fastify';
import { changeStaffPasswordInput, confirmPasswordInput, loginInput, WRONG_PASSWORD_TEXT } from '../../contract/auth';
import { updateMyAccountInput, type CurrentUser, type LoginAnswer } from '../../contract/two-factor';
import { languageOrNull } from '../../contract/languages';
import { changeUserLanguage } from '../db/operations/change-user-language';
import type { AppContext } from '../app-context';
import { requireOwnerOrManager } from '../auth/permissions';
import { confirmPassword, cookieNames, endSession, hashToken, identify, renewSession } from '../auth/sessions';
import { assertPasswordNotCommon } from '../domain/password-policy';
import { hashPassword } from '../auth/passwords';
import { changePassword } from '../db/operations/change-password';
import { userActor } from '../auth/audit-actor';
import { findUserByEmail, findUserById } from '../db/queries/users';
import { checkPassword } from '../auth/credentials';
import { authenticateThrottled, passwordAccepted, signInSucceeded } from '../auth/sign-in-throttle';
import { startTwoFactorChallenge } from '../auth/two-factor-challenge';
import { readManagerTwoFactorRequired } from '../db/queries/two-factor';
import { text } from '../../contract/i18n';
import { invalid, unauthenticated } from '../domain/errors';
import { messages } from './messages';
import { parseInput } from '../http/errors';
import { assertPasswordSignInAllowed } from '../auth/sso-policy';

/** Owner and manager sign-in (docs/product.md §4, §12.2): the screens navigate to /api/login and /api/logout. */
export function registerUserAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/login', async (_request, reply) => reply.redirect('/login', 302));

  // Throttled per address, per address and account, and per account with known devices apart (server/http/security.ts).
  app.post('/api/auth/login', { config: { signIn: 'user' } }, async (request, reply): Promise<LoginAnswer> => {
    const input = parseInput(loginInput, request.body ?? {});
    const user = await authenticateThrottled(ctx, request, await findUserByEmail(ctx.db, input.email), input.password);
    // Checked after the password, so the answer tells only someone who knows it that this is no owner's account.
    if (user.role !== 'owner') await assertPasswordSignInAllowed(ctx);
    if (user.totpEnabledAt) {
      // No session until the code (POST /api/auth/login/2fa, server/routes/two-factor.ts); a session this browser
      // had ends now, as a sign-in would end it.
      await passwordAccepted(ctx, request);
      await endSession(ctx, request, reply, 'user');
      await startTwoFactorChallenge(ctx, reply, user);
      return { twoFactorRequired: true };
    }
    await renewSession(ctx, request, reply, 'user', user);
    await signInSucceeded(ctx, request, reply, 'user', user.id);
    const setupRequired = user.role === 'manager' && (await readManagerTwoFactorRequired(ctx.db));
    return { id: user.id, email: user.email, name: user.name, role: user.role, twoFactorEnabled: false, twoFactorSetupRequired: setupRequired, language: languageOrNull(user.language) };
  });

  app.get('/api/auth/user', async (request, reply) => {
    const { user } = await identify(ctx, request, reply);
    // An agent session is no user session: 401 (not 403) so the screens treat the visitor as signed out here.
    if (!user) throw unauthenticated(text(messages, 'signInAsOwnerOrManager'));
    const { id, email, name, role, twoFactorEnabled, twoFactorSetupRequired, language } = user;
    return { id, email, name, role, twoFactorEnabled, twoFactorSetupRequired, language } satisfies CurrentUser;
  });

  // The account's own settings (docs/product.md §12.22): the language the screens and emails use.
  app.patch('/api/auth/user', async (request, reply): Promise<CurrentUser> => {
    const signedIn = await requireOwnerOrManager(ctx, request, reply);
    const input = parseInput(updateMyAccountInput, request.body);
    const language = await changeUserLanguage(ctx.db, signedIn.id, input.language, userActor(request, signedIn), ctx.now());
    const { id, email, name, role, twoFactorEnabled, twoFactorSetupRequired } = signedIn;
    return { id, email, name, role, twoFactorEnabled, twoFactorSetupRequired, language };
  });

  // A password change (docs/product.md §12.14): the current password, counted like a sign-in; other sessions end.
  app.post('/api/auth/password', { config: { signIn: true } }, async (request, reply) => {
    const signedIn = await requireOwnerOrManager(ctx, request, reply);
    const input = parseInput(changeStaffPasswordInput, request.body);
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    if (!(await checkPassword((await findUserById(ctx.db, signedIn.id))?.passwordHash, input.currentPassword))) throw invalid(WRONG_PASSWORD_TEXT, 'currentPassword');
    const passwordHash = await hashPassword(input.newPassword);
    const keep = hashToken(request.cookies[cookieNames.user] ?? '');
    const ended = await changePassword(ctx.db, { kind: 'user', id: signedIn.id }, passwordHash, keep, userActor(request, signedIn), ctx.now());
    for (const tokenHash of ended) ctx.live.endSession(tokenHash);
    return reply.status(204).send();
  });

  // Sensitive actions need the password entered in the last minutes (server/auth/sessions.ts, requireRecentPassword).
  app.post('/api/auth/confirm-password', { config: { signIn: true } }, async (request, reply) => {
    const signedIn = await requireOwnerOrManager(ctx, request, reply);
    const input = parseInput(confirmPasswordInput, request.body ?? {});
    const account = await findUserByEmail(ctx.db, signedIn.email);
    if (!account || !(await checkPassword(account.passwordHash, input.password))) throw invalid(WRONG_PASSWORD_TEXT, 'password');
    await confirmPassword(ctx, request, 'user');
    return reply.status(204).send();
  });

  app.get('/api/logout', async (request, reply) => {
    // A plain link, so another site can lead a browser here with its cookie (SameSite=Lax lets top-level GETs
    // through). Only a navigation from our own pages, or one the person made (typed, bookmarked), signs out.
    // Browsers too old to send Sec-Fetch-Site, and scripts, are taken at their word.
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'none') await endSession(ctx, request, reply, 'user');
    return reply.redirect('/', 302);
  });
}
