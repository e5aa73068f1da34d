import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  SSO_CALLBACK_PATH,
  SSO_REQUIRED_NEEDS_OWNER_2FA_TEXT,
  ssoSettingsInput,
  ssoStartQuery,
  type SsoAudience,
  type SsoErrorCode,
  type SsoSettingsView,
  type SsoStatus,
} from '../../contract/sso';
import type { AppContext } from '../app-context';
import { requestOrigin, userActor } from '../auth/audit-actor';
import { hashPassword } from '../auth/passwords';
import { requireOwner } from '../auth/permissions';
import { hashToken, renewSession, requireRecentPassword } from '../auth/sessions';
import { signInSucceeded } from '../auth/sign-in-throttle';
import { authorizationUrl, discoverProvider, exchangeCode, signInSecrets, SsoFailure } from '../auth/sso-client';
import { audited } from '../db/audit';
import { agentAccountForSso, staffAccountForSso, type SsoPerson } from '../db/operations/sso-account';
import { deleteSsoSettings, insertSsoLogin, readSsoSettings, saveSsoSettings, takeSsoLogin, type SsoSettingsRow } from '../db/queries/sso';
import { text } from '../../contract/i18n';
import { invalid } from '../domain/errors';
import { messages } from './messages';
import { domainAllowed, holdsRole, namesOf, safeReturnTo, SSO_LANDING, verifiedEmail } from '../domain/sso';
import { parseInput } from '../http/errors';

/** The browser's half of a sign-in under way: the state, in a cookie only the callback reads. */
const STATE_COOKIE = 'sso_state';
/** A sign-in must come back from the provider within this long. */
const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

/** Company sign-in with OpenID Connect (DESIGN §8, docs/decisions/0090-company-sign-in.md). */
export function registerSsoRoutes(app: FastifyInstance, ctx: AppContext) {
  const redirectUrl = () => `${ctx.linkOrigin()}${SSO_CALLBACK_PATH}`;

  const view = (row: SsoSettingsRow | undefined): SsoSettingsView => ({
    configured: row !== undefined,
    redirectUrl: redirectUrl(),
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    hasSecret: row !== undefined,
    label: row?.label ?? null,
    allowedDomains: row?.allowedDomains ?? [],
    roleClaim: row?.roleClaim ?? null,
    managerValue: row?.managerValue ?? null,
    required: row?.required ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  });

  // What the sign-in pages need: whether to offer the button, its label, and whether passwords are off.
  app.get('/api/sso', async (): Promise<SsoStatus> => {
    const row = await readSsoSettings(ctx.db);
    return { enabled: row !== undefined, label: row?.label ?? null, required: row?.required ?? false };
  });

  app.get('/api/owner/sso', async (request, reply): Promise<SsoSettingsView> => {
    await requireOwner(ctx, request, reply);
    return view(await readSsoSettings(ctx.db));
  });

  app.put('/api/owner/sso', async (request, reply): Promise<SsoSettingsView> => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(ssoSettingsInput, request.body ?? {});
    await requireRecentPassword(ctx, request, 'user');
    const saved = await readSsoSettings(ctx.db);
    const clientSecret = input.clientSecret ?? (saved?.issuer === input.issuer && saved.clientId === input.clientId ? saved.clientSecret : undefined);
    if (clientSecret === undefined) throw invalid(text(messages, 'clientSecretRequired'), 'clientSecret');
    // The owner keeps a password with two-factor as the way in while company sign-in is required: never locked out.
    if (input.required && !owner.twoFactorEnabled) throw invalid(SSO_REQUIRED_NEEDS_OWNER_2FA_TEXT, 'required');
    try {
      await discoverProvider({ issuer: input.issuer, clientId: input.clientId, clientSecret }, ctx.now());
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      request.log.info({ issuer: input.issuer, detail }, 'company sign-in settings refused: discovery failed');
      throw invalid(text(messages, 'discoveryFailed', { issuer: input.issuer }), 'issuer');
    }
    const row = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) =>
        saveSsoSettings(
          tx,
          {
            issuer: input.issuer,
            clientId: input.clientId,
            clientSecret,
            label: input.label,
            allowedDomains: input.allowedDomains,
            roleClaim: input.roleClaim,
            managerValue: input.managerValue,
            required: input.required,
          },
          ctx.now(),
        ),
      (made) => ({
        action: 'sso.updated',
        targetType: 'sso',
        targetId: null,
        before: saved ? { issuer: saved.issuer, required: saved.required, domains: saved.allowedDomains.length } : null,
        after: { issuer: made.issuer, required: made.required, domains: made.allowedDomains.length, roleMapping: made.roleClaim !== null },
      }),
    );
    return view(row);
  });

  app.delete('/api/owner/sso', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    await requireRecentPassword(ctx, request, 'user');
    await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) => deleteSsoSettings(tx),
      (removed) => (removed ? { action: 'sso.removed', targetType: 'sso', targetId: null } : null),
    );
    return reply.status(204).send();
  });

  /** Back to the sign-in page with the reason the sign-in ended (the page shows its message). */
  const fail = (reply: FastifyReply, audience: SsoAudience, code: SsoErrorCode) => reply.redirect(`${SSO_LANDING[audience].signIn}?ssoError=${code}`, 302);

  app.get('/api/sso/start', { config: { signIn: true } }, async (request, reply) => {
    const query = parseInput(ssoStartQuery, request.query ?? {});
    const audience = query.audience;
    const settings = await readSsoSettings(ctx.db);
    if (!settings) return fail(reply, audience, 'not_configured');
    const now = ctx.now();
    let url: URL;
    const secrets = signInSecrets();
    try {
      const config = await discoverProvider(settings, now);
      url = await authorizationUrl(config, { redirectUri: redirectUrl(), ...secrets });
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      request.log.warn({ code: error.code, detail: error.message }, 'company sign-in could not start');
      return fail(reply, audience, error.code);
    }
    await insertSsoLogin(ctx.db, {
      stateHash: hashToken(secrets.state),
      nonce: secrets.nonce,
      codeVerifier: secrets.codeVerifier,
      audience,
      returnTo: safeReturnTo(query.returnTo, audience),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_WINDOW_MS),
    });
    reply.setCookie(STATE_COOKIE, secrets.state, {
      path: '/api/sso',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.cookieSecure,
      maxAge: SIGN_IN_WINDOW_MS / 1000,
    });
    return reply.redirect(url.href, 302);
  });

  app.get('/api/sso/callback', { config: { signIn: true } }, async (request, reply) => {
    const params = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
    const state = params.get('state') ?? '';
    const cookieState = request.cookies[STATE_COOKIE] ?? '';
    reply.clearCookie(STATE_COOKIE, { path: '/api/sso' });
    const now = ctx.now();
    // Taken once whatever follows: a replayed callback finds nothing.
    const login = state !== '' && state.length <= 200 ? await takeSsoLogin(ctx.db, hashToken(state), now) : undefined;
    const audience = login?.audience ?? 'agent';
    if (cookieState === '' || cookieState !== state) return fail(reply, audience, login ? 'session_mismatch' : 'already_used');
    if (!login) return fail(reply, audience, 'already_used');
    const settings = await readSsoSettings(ctx.db);
    if (!settings) return fail(reply, audience, 'not_configured');

    let claims: Record<string, unknown>;
    try {
      const config = await discoverProvider(settings, now);
      const current = new URL(`${redirectUrl()}?${params.toString()}`);
      claims = await exchangeCode(config, current, { state, nonce: login.nonce, codeVerifier: login.codeVerifier });
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      request.log.warn({ code: error.code, detail: error.message }, 'company sign-in refused');
      return fail(reply, audience, error.code);
    }

    const email = verifiedEmail(claims);
    if ('refused' in email) return fail(reply, audience, email.refused);
    if (!domainAllowed(email.email, settings.allowedDomains)) return fail(reply, audience, 'domain_not_allowed');
    const person: SsoPerson = {
      email: email.email,
      ...namesOf(claims, email.email),
      manager: settings.roleClaim && settings.managerValue ? holdsRole(claims, settings.roleClaim, settings.managerValue) : undefined,
      unusablePasswordHash: () => hashPassword(randomBytes(32).toString('base64url')),
    };
    const origin = requestOrigin(request);
    if (audience === 'staff') {
      const outcome = await staffAccountForSso(ctx.db, person, { kind: 'system', id: null, name: null, ...origin }, now);
      if ('refused' in outcome) return fail(reply, audience, outcome.refused);
      await renewSession(ctx, request, reply, 'user', outcome.account);
      await signInSucceeded(ctx, request, reply, 'user', outcome.account.id);
    } else {
      const outcome = await agentAccountForSso(ctx.db, person, origin, now, ctx.signUpDefault);
      if ('refused' in outcome) return fail(reply, audience, outcome.refused);
      await renewSession(ctx, request, reply, 'agent', outcome.account);
      await signInSucceeded(ctx, request, reply, 'agent', outcome.account.id);
    }
    return reply.redirect(login.returnTo, 302);
  });
}
