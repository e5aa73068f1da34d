// Company sign-in with OpenID Connect (DESIGN §8, docs/decisions/0090-company-sign-in.md), against a real OpenID
// provider in this process (oidc-provider, tests/support/oidc-provider.ts): the whole authorization code flow with
// PKCE, state and nonce, and each way it must fail with a clear reason and no session.
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { passwordsOff, SSO_ERRORS, SSO_REQUIRED_NEEDS_OWNER_2FA, ssoSettingsView, ssoStatus, type SsoErrorCode } from '../../contract/sso';
import { passwordLinkOff } from '../../contract/sso-text';
import { createApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { createAgent, createUser, FACTORY_PASSWORD, signInUser } from '../factories/accounts';
import { CookieJar, startIdentityProvider, type TestIdentityProvider, type TestPerson } from '../support/oidc-provider';
import { describeEachEngine, type TestApp } from '../support/test-app';

const DOMAIN = 'acme-sso.test';
const LABEL = 'Acme';

describeEachEngine('company sign-in (OpenID Connect)', (get) => {
  let idp: TestIdentityProvider;
  let owner = { id: 0, email: '', cookie: '' };
  let redirectUrl = '';

  const ownerRequest = (method: 'GET' | 'PUT' | 'DELETE', payload?: Record<string, unknown>) =>
    get().request({ method, url: '/api/owner/sso', headers: { cookie: owner.cookie }, ...(payload === undefined ? {} : { payload }) });

  const settings = (overrides: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    label: LABEL,
    allowedDomains: [DOMAIN],
    roleClaim: 'groups',
    managerValue: 'sales-managers',
    ...overrides,
  });

  const save = async (overrides: Record<string, unknown> = {}) => {
    const res = await ownerRequest('PUT', settings(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return ssoSettingsView.parse(res.json());
  };

  beforeAll(async () => {
    const t = get();
    t.clock.now = new Date();
    const made = await createUser(t.database.db, { role: 'owner', email: `owner@${DOMAIN}` });
    owner = { id: made.id, email: made.email, cookie: (await signInUser(t.database.db, made, new Date('2099-01-01T00:00:00Z'))).cookie };
    const view = await ownerRequest('GET');
    redirectUrl = ssoSettingsView.parse(view.json()).redirectUrl;
    idp = await startIdentityProvider(redirectUrl);
  });
  afterAll(async () => {
    await idp?.close();
  });
  beforeEach(async () => {
    // The ID token's times are checked against the app's clock: the provider signs with the real one.
    get().clock.now = new Date();
    idp.tap(undefined);
    // The owner's session counts as "password just entered" from its start: keep it so for every test.
    await get().database.db.execute(sql`update sessions set password_confirmed_at = now() + interval '100 years' where user_id = ${owner.id}`);
    await save();
  });

  interface Flow {
    /** Where the app sent the browser at the end (a page of ours). */
    location: string;
    /** The app's session cookie, when it made one. */
    cookie: string | undefined;
    /** The callback URL the provider sent the browser to. */
    callback: string;
    stateCookie: string;
  }

  const cookieFrom = (setCookie: string | string[] | undefined, name: string): string | undefined => {
    for (const line of [setCookie ?? []].flat()) {
      const pair = line.split(';')[0]!;
      if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
    }
    return undefined;
  };

  /** Starts a sign-in at the app, goes through the provider as `person`, and brings the callback back to the app. */
  async function signIn(t: TestApp, person: TestPerson, audience: 'staff' | 'agent', query = '', finishOn?: Pick<TestApp, 'request'>): Promise<Flow> {
    idp.signInAs(person);
    const start = await t.request({ method: 'GET', url: `/api/sso/start?audience=${audience}${query}` });
    expect(start.statusCode, start.body).toBe(302);
    const stateCookie = cookieFrom(start.headers['set-cookie'], 'sso_state');
    expect(stateCookie, String(start.headers.location)).toBeDefined();
    let url = String(start.headers.location);
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('state')).toBeTruthy();
    const jar = new CookieJar();
    let callback: URL | undefined;
    for (let hop = 0; hop < 10 && !callback; hop += 1) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.store(res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUrl)) callback = next;
      url = next.href;
    }
    if (!callback) throw new Error('the provider never sent the browser back');
    const done = await callbackWith(finishOn ?? t, `${callback.pathname}${callback.search}`, stateCookie!);
    return { ...done, callback: `${callback.pathname}${callback.search}`, stateCookie: stateCookie! };
  }

  async function callbackWith(t: Pick<TestApp, 'request'>, path: string, stateCookie: string | undefined) {
    const res = await t.request({ method: 'GET', url: path, headers: stateCookie ? { cookie: stateCookie } : {} });
    expect(res.statusCode, res.body).toBe(302);
    const setCookie = res.headers['set-cookie'];
    return { location: String(res.headers.location), cookie: cookieFrom(setCookie, 'agent_sid') ?? cookieFrom(setCookie, 'sid') };
  }

  const refusedWith = (flow: { location: string; cookie: string | undefined }, page: '/login' | '/agents', code: SsoErrorCode) => {
    expect(flow.location).toBe(`${page}?ssoError=${code}`);
    expect(flow.cookie).toBeUndefined();
  };

  const agentSession = (cookie: string) => get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie } });
  const person = (local: string, extra: TestPerson = {}): TestPerson => ({
    email: `${local}@${DOMAIN}`,
    email_verified: true,
    given_name: 'Ada',
    family_name: local,
    ...extra,
  });

  it('keeps the settings for the owner only, never shows the secret, and tells the sign-in pages what to offer', async () => {
    const t = get();
    const view = ssoSettingsView.parse((await ownerRequest('GET')).json());
    expect(view).toMatchObject({ configured: true, issuer: idp.issuer, clientId: idp.clientId, hasSecret: true, label: LABEL, allowedDomains: [DOMAIN], required: false });
    expect(view.redirectUrl).toMatch(/\/api\/sso\/callback$/);
    expect(JSON.stringify(view)).not.toContain(idp.clientSecret);
    const status = ssoStatus.parse((await t.request({ method: 'GET', url: '/api/sso' })).json());
    expect(status).toEqual({ enabled: true, label: LABEL, required: false });

    // Changing the label without sending the secret again keeps the saved one.
    const { clientSecret: _secret, ...withoutSecret } = settings({ label: 'Acme Corp' });
    const relabelled = await ownerRequest('PUT', withoutSecret);
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    const [row] = await queryRows<{ client_secret: string; label: string }>(t.database.db, sql`select client_secret, label from sso_settings`);
    expect(row).toEqual({ client_secret: idp.clientSecret, label: 'Acme Corp' });

    const manager = await createUser(t.database.db, { role: 'manager' });
    const managerCookie = (await signInUser(t.database.db, manager)).cookie;
    expect((await t.request({ method: 'GET', url: '/api/owner/sso', headers: { cookie: managerCookie } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/owner/sso', headers: { cookie: managerCookie }, payload: settings() })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/owner/sso' })).statusCode).toBe(401);
  });

  it('refuses bad settings with a clear message and saves nothing', async () => {
    const t = get();
    const before = await queryRows(t.database.db, sql`select * from sso_settings`);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ issuer: 'http://login.example.com' }, /https:\/\/ address/],
      [{ issuer: 'not a url' }, /issuer must be/],
      [{ issuer: `${idp.issuer}?x=1` }, /issuer must be/],
      [{ allowedDomains: [] }, /allowedDomains must be one or more/],
      [{ allowedDomains: ['@acme.test'] }, /allowedDomains must be one or more/],
      [{ roleClaim: 'groups', managerValue: null }, /roleClaim and managerValue go together/],
      [{ clientId: '' }, /clientId is required/],
      [{ label: '' }, /label is required/],
      [{ required: 'yes' }, /required must be true or false/],
      [{ extra: 1 }, /Unrecognized key/i],
      // A provider that does not answer: nothing saved.
      [{ issuer: 'http://127.0.0.1:9' }, /Could not read the provider's discovery document at http:\/\/127\.0\.0\.1:9/],
      // Another client id: the saved secret is not sent along to it.
      [{ clientId: 'another-client', clientSecret: undefined }, /clientSecret is required/],
    ];
    for (const [overrides, message] of cases) {
      const body = settings(overrides);
      if ('clientSecret' in overrides && overrides['clientSecret'] === undefined) delete (body as Record<string, unknown>)['clientSecret'];
      const res = await ownerRequest('PUT', body);
      expect(res.statusCode, `${JSON.stringify(overrides)}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await queryRows(t.database.db, sql`select * from sso_settings`)).toEqual(before);
  });

  it('signs a new agent in through the provider, makes the account as the sign-up mode allows, and finds it again next time', async () => {
    const t = get();
    const flow = await signIn(t, person('new.agent', { given_name: 'Nia', family_name: 'Okafor' }), 'agent', `&returnTo=${encodeURIComponent('/agent/profile')}`);
    expect(flow.location).toBe('/agent/profile');
    expect(flow.cookie).toMatch(/^agent_sid=/);
    const session = await agentSession(flow.cookie!);
    expect(session.statusCode).toBe(200);
    expect(session.json().agent).toMatchObject({ email: `new.agent@${DOMAIN}`, name: 'Nia Okafor' });

    // The same person again: the same agent, no second account.
    const again = await signIn(t, person('NEW.Agent'), 'agent');
    expect(again.location).toBe('/agent/dashboard');
    expect((await agentSession(again.cookie!)).json().agent.id).toBe(session.json().agent.id);
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from agents where email = ${`new.agent@${DOMAIN}`}`);
    expect(count!.n).toBe(1);

    // A return address elsewhere is not followed.
    const elsewhere = await signIn(t, person('new.agent'), 'agent', `&returnTo=${encodeURIComponent('//evil.example/x')}`);
    expect(elsewhere.location).toBe('/agent/dashboard');

    // With approval required the new agent waits; invitation-only makes nobody.
    await t.request({ method: 'PUT', url: '/api/owner/sign-up', headers: { cookie: owner.cookie }, payload: { mode: 'approval' } });
    refusedWith(await signIn(t, person('waiting.agent'), 'agent'), '/agents', 'awaiting_approval');
    const [waiting] = await queryRows<{ status: string }>(t.database.db, sql`select status from agents where email = ${`waiting.agent@${DOMAIN}`}`);
    expect(waiting).toEqual({ status: 'pending' });
    await t.request({ method: 'PUT', url: '/api/owner/sign-up', headers: { cookie: owner.cookie }, payload: { mode: 'invite' } });
    refusedWith(await signIn(t, person('uninvited.agent'), 'agent'), '/agents', 'sign_up_closed');
    expect(await queryRows(t.database.db, sql`select id from agents where email = ${`uninvited.agent@${DOMAIN}`}`)).toEqual([]);
    await t.request({ method: 'PUT', url: '/api/owner/sign-up', headers: { cookie: owner.cookie }, payload: { mode: 'open' } });

    // An inactive agent stays out.
    const inactive = await createAgent(t.database.db, { email: `gone.agent@${DOMAIN}` });
    await t.database.db.execute(sql`update agents set status = 'inactive' where id = ${inactive.id}`);
    refusedWith(await signIn(t, person('gone.agent'), 'agent'), '/agents', 'inactive');
  });

  it('signs owners and managers in to the dashboard, with the manager role from the provider\'s claim', async () => {
    const t = get();
    const asOwner = await signIn(t, { email: owner.email, email_verified: true, name: 'The Owner' }, 'staff');
    expect(asOwner.location).toBe('/');
    expect(asOwner.cookie).toMatch(/^sid=/);
    const me = await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: asOwner.cookie! } });
    expect(me.json()).toMatchObject({ id: owner.id, role: 'owner' });

    // Someone the provider puts in the managers' group gets a manager account at first sign-in.
    const lead = await signIn(t, person('team.lead', { name: 'Tess Lead', groups: ['everyone', 'sales-managers'] }), 'staff');
    expect(lead.location).toBe('/');
    const leadUser = await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: lead.cookie! } });
    expect(leadUser.json()).toMatchObject({ email: `team.lead@${DOMAIN}`, name: 'Tess Lead', role: 'manager' });
    const [audit] = await queryRows<{ action: string; actor_kind: string }>(
      t.database.db,
      // On PostgreSQL a change's audit rows wait in audit_inbox until the sequencer chains them (decision 0042).
      sql`select action, actor_kind from audit_log where action = 'user.created' and target_id = ${leadUser.json().id}
        union all select action, actor_kind from audit_inbox where action = 'user.created' and target_id = ${leadUser.json().id}`,
    );
    expect(audit).toEqual({ action: 'user.created', actor_kind: 'system' });

    // Out of the group, the same manager is refused; without a staff account, so is anyone else.
    refusedWith(await signIn(t, person('team.lead', { groups: ['everyone'] }), 'staff'), '/login', 'not_manager');
    refusedWith(await signIn(t, person('just.someone', { groups: ['everyone'] }), 'staff'), '/login', 'no_staff_account');
    // Without role mapping, managers made by the owner sign in as they are.
    await save({ roleClaim: null, managerValue: null });
    const manager = await createUser(t.database.db, { role: 'manager', email: `plain.manager@${DOMAIN}` });
    const plain = await signIn(t, person('plain.manager'), 'staff');
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: plain.cookie! } })).json()).toMatchObject({ id: manager.id });
  });

  it('refuses an unverified or missing email, a domain not allowed, and a sign-in cancelled at the provider', async () => {
    const t = get();
    refusedWith(await signIn(t, person('unverified', { email_verified: false }), 'agent'), '/agents', 'email_unverified');
    refusedWith(await signIn(t, { given_name: 'No', family_name: 'Email' }, 'agent'), '/agents', 'email_missing');
    refusedWith(await signIn(t, { email: 'someone@gmail.test', email_verified: true }, 'agent'), '/agents', 'domain_not_allowed');
    // A subdomain is not the allowed domain.
    refusedWith(await signIn(t, { email: `x@eu.${DOMAIN}`, email_verified: true }, 'agent'), '/agents', 'domain_not_allowed');
    expect(await queryRows(t.database.db, sql`select id from agents where email in ('someone@gmail.test', ${`unverified@${DOMAIN}`}, ${`x@eu.${DOMAIN}`})`)).toEqual([]);

    // The provider sends the browser back with an error (the person pressed cancel there).
    const start = await t.request({ method: 'GET', url: '/api/sso/start?audience=staff' });
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const stateCookie = cookieFrom(start.headers['set-cookie'], 'sso_state')!;
    const cancelled = await callbackWith(t, `/api/sso/callback?error=access_denied&error_description=cancelled&state=${state}&iss=${encodeURIComponent(idp.issuer)}`, stateCookie);
    refusedWith(cancelled, '/login', 'cancelled');
  });

  it('refuses a replayed state, a callback from another browser, a replayed nonce, a token for another client and an expired one', async () => {
    const t = get();
    const first = await signIn(t, person('replay.target'), 'agent');
    expect(first.cookie).toBeDefined();
    // The same callback again (its state and code): used.
    refusedWith(await callbackWith(t, first.callback, first.stateCookie), '/agents', 'already_used');

    // A callback without this browser's state cookie (another browser, a link someone sent): refused, and used up.
    idp.signInAs(person('other.browser'));
    const start = await t.request({ method: 'GET', url: '/api/sso/start?audience=agent' });
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    refusedWith(await callbackWith(t, `/api/sso/callback?code=forged&state=${state}`, undefined), '/agents', 'session_mismatch');
    refusedWith(await callbackWith(t, `/api/sso/callback?code=forged&state=${state}`, `sso_state=${state}`), '/agents', 'already_used');

    // The token endpoint hands back an earlier sign-in's ID token (valid signature, another nonce).
    const earlier = idp.idTokens.at(-1)!;
    idp.tap(async () => earlier);
    refusedWith(await signIn(t, person('replay.target'), 'agent'), '/agents', 'replayed');

    // An ID token signed by the provider's own key but for another client.
    const resign = (change: (claims: Record<string, unknown>) => Record<string, unknown>) =>
      idp.tap(async (idToken, key) => {
        const claims = change(decodeJwt(idToken) as Record<string, unknown>);
        return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(await importJWK(key.jwk, 'RS256'));
      });
    resign((claims) => ({ ...claims, aud: 'some-other-app' }));
    refusedWith(await signIn(t, person('replay.target'), 'agent'), '/agents', 'wrong_audience');
    // The same token re-signed unchanged goes through: the tap alone refuses nothing.
    resign((claims) => claims);
    expect((await signIn(t, person('replay.target'), 'agent')).cookie).toMatch(/^agent_sid=/);
    // A token whose signature does not hold.
    idp.tap(async (idToken) => `${idToken.slice(0, -4)}AAAA`);
    refusedWith(await signIn(t, person('replay.target'), 'agent'), '/agents', 'invalid_token');
    idp.tap(undefined);

    // This server's clock two hours on: the provider's hour-long ID token has expired when it arrives.
    t.clock.now = new Date(Date.now() + 2 * 60 * 60 * 1000);
    refusedWith(await signIn(t, person('replay.target'), 'agent'), '/agents', 'token_expired');
  });

  it('starts a sign-in on one instance and finishes it on another (nothing of it is kept in memory)', async () => {
    const t = get();
    const twin = await createApp({ database: t.database, config: t.config, webRoot: null, demo: false, now: () => t.clock.now, notifications: false });
    await twin.ready();
    try {
      const flow = await signIn(t, person('two.instances'), 'agent', '', { request: (req) => twin.inject(req) });
      expect(flow.location).toBe('/agent/dashboard');
      // The session made by the second instance serves on the first.
      expect((await agentSession(flow.cookie!)).json().agent.email).toBe(`two.instances@${DOMAIN}`);
      // And the state it used is gone for both.
      refusedWith(await callbackWith(t, flow.callback, flow.stateCookie), '/agents', 'already_used');
    } finally {
      await twin.close();
    }
  });

  it('follows a key rotation at the provider', async () => {
    const t = get();
    const before = await signIn(t, person('rotation'), 'agent');
    expect(before.cookie).toBeDefined();
    const oldKid = idp.kid;
    await idp.rotateKeys();
    expect(idp.kid).not.toBe(oldKid);
    const after = await signIn(t, person('rotation'), 'agent');
    expect(after.cookie).toMatch(/^agent_sid=/);
    const header = JSON.parse(Buffer.from(idp.idTokens.at(-1)!.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(header.kid).toBe(idp.kid);
  });

  it('with company sign-in required only the owner keeps a password (with two-factor), also while the provider is down', async () => {
    const t = get();
    // Not before the owner has two-factor sign-in: the owner would have no way in when the provider is down.
    const refused = await ownerRequest('PUT', settings({ required: true }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SSO_REQUIRED_NEEDS_OWNER_2FA);
    expect(ssoStatus.parse((await t.request({ method: 'GET', url: '/api/sso' })).json()).required).toBe(false);

    await t.database.db.execute(sql`update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = ${owner.id}`);
    try {
      await save({ required: true });
      expect(ssoStatus.parse((await t.request({ method: 'GET', url: '/api/sso' })).json())).toEqual({ enabled: true, label: LABEL, required: true });

      const manager = await createUser(t.database.db, { role: 'manager', email: `pw.manager@${DOMAIN}` });
      const agent = await createAgent(t.database.db, { email: `pw.agent@${DOMAIN}` });
      const off = passwordsOff(LABEL);
      const managerLogin = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: manager.email, password: FACTORY_PASSWORD } });
      expect(managerLogin.statusCode).toBe(403);
      expect(managerLogin.json().message).toBe(off);
      const agentLogin = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } });
      expect(agentLogin.statusCode).toBe(403);
      expect(agentLogin.json().message).toBe(off);
      const register = await t.request({
        method: 'POST',
        url: '/api/agents/register',
        payload: { email: `pw.new@${DOMAIN}`, password: 'a-long-unusual-password-42', firstName: 'Pat', lastName: 'New', position: 'Sales' },
      });
      expect(register.statusCode).toBe(403);
      expect(await queryRows(t.database.db, sql`select id from agents where email = ${`pw.new@${DOMAIN}`}`)).toEqual([]);

      // No password link for those who cannot sign in with one: none is emailed (the answer is the same, telling
      // nothing of the address), the owner is told why; another owner still gets them.
      const emailedLink = (email: string) => t.request({ method: 'POST', url: '/api/password-resets', payload: { email } });
      expect((await emailedLink(agent.email)).statusCode).toBe(202);
      expect((await emailedLink(manager.email)).statusCode).toBe(202);
      const ownerMadeLink = (path: string) => t.request({ method: 'POST', url: path, headers: { cookie: owner.cookie } });
      const agentLink = await ownerMadeLink(`/api/agents/${agent.id}/reset-link`);
      expect(agentLink.statusCode).toBe(403);
      expect(agentLink.json().message).toBe(passwordLinkOff(LABEL));
      expect((await ownerMadeLink(`/api/users/${manager.id}/reset-link`)).statusCode).toBe(403);
      const otherOwner = await createUser(t.database.db, { role: 'owner', email: `pw.owner@${DOMAIN}` });
      expect((await ownerMadeLink(`/api/users/${otherOwner.id}/reset-link`)).statusCode).toBe(201);
      expect((await emailedLink(otherOwner.email)).statusCode).toBe(202);
      const links = await queryRows<{ kind: string; account_id: number; source: string }>(
        t.database.db,
        sql`select kind, account_id, source from password_resets
          where (kind = 'agent' and account_id = ${agent.id}) or (kind = 'user' and account_id in (${manager.id}, ${otherOwner.id})) order by id`,
      );
      expect(links.map((link) => [link.kind, link.account_id])).toEqual([
        ['user', otherOwner.id],
        ['user', otherOwner.id],
      ]);

      // The provider is down: a clear reason on the sign-in page; the owner's password (with two-factor) still works.
      await idp.stop();
      try {
        const start = await t.request({ method: 'GET', url: '/api/sso/start?audience=staff' });
        expect(start.statusCode).toBe(302);
        expect(start.headers.location).toBe('/login?ssoError=provider_unreachable');
        expect(start.headers['set-cookie']).toBeUndefined();
        const ownerLogin = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } });
        expect(ownerLogin.statusCode, ownerLogin.body).toBe(200);
        expect(ownerLogin.json()).toEqual({ twoFactorRequired: true });
      } finally {
        await idp.start();
      }
      // Back up: the manager signs in through it.
      expect((await signIn(t, person('pw.manager', { groups: ['sales-managers'] }), 'staff')).cookie).toMatch(/^sid=/);
    } finally {
      await t.database.db.execute(sql`update sso_settings set required = false`);
      await t.database.db.execute(sql`update users set totp_secret = null, totp_enabled_at = null where id = ${owner.id}`);
    }
    // Not required any more: passwords work again.
    const agent = await createAgent(t.database.db, { email: `pw.back@${DOMAIN}` });
    expect((await t.request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } })).statusCode).toBe(200);
  });

  it('says each reason in words, and a sign-in with company sign-in turned off goes back to the password form', async () => {
    const t = get();
    for (const message of Object.values(SSO_ERRORS)) expect(message).toMatch(/^[A-Z{].{20,}[.]$/);
    const removed = await ownerRequest('DELETE');
    expect(removed.statusCode).toBe(204);
    expect(ssoStatus.parse((await t.request({ method: 'GET', url: '/api/sso' })).json())).toEqual({ enabled: false, label: null, required: false });
    const start = await t.request({ method: 'GET', url: '/api/sso/start?audience=agent' });
    expect(start.headers.location).toBe('/agents?ssoError=not_configured');
    const bad = await t.request({ method: 'GET', url: '/api/sso/start?audience=robots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/audience must be one of staff, agent/);
  });
});
