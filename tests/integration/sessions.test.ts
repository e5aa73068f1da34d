import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { hashToken, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '../../server/auth/sessions';
import type { Database } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser } from '../factories/accounts';
import { cookieFrom, overInject, setCookieLine, signIn } from '../support/sign-in';
import { openTestDatabase, testEngines } from '../support/test-database';
import { describeEachEngine, startTestApp, testConfig } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('sessions', (get) => {
  const agentLogin = (email: string, cookie?: string) =>
    get().request({
      method: 'POST',
      url: '/api/agents/login',
      payload: { email, password: FACTORY_PASSWORD },
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const agentSession = (cookie: string) => get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie } });

  it('set HttpOnly, SameSite=Lax, Path=/ cookies that expire in 30 days, not Secure by default', async () => {
    const agent = await createAgent(get().database.db);
    const owner = await createUser(get().database.db, { role: 'owner' });
    const agentRes = await agentLogin(agent.email);
    const ownerRes = await get().request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } });
    for (const line of [setCookieLine(agentRes.headers['set-cookie'], 'agent_sid'), setCookieLine(ownerRes.headers['set-cookie'], 'sid')]) {
      const attributes = line.split('; ').slice(1);
      expect(attributes).toContain('HttpOnly');
      expect(attributes).toContain('SameSite=Lax');
      expect(attributes).toContain('Path=/');
      expect(attributes).not.toContain('Secure');
      const expires = new Date(attributes.find((a) => a.startsWith('Expires='))!.slice('Expires='.length));
      expect(Math.abs(expires.getTime() - (get().clock.now.getTime() + SESSION_TTL_MS))).toBeLessThan(2000);
    }
  });

  it('keep only the SHA-256 of the token in the database', async () => {
    const agent = await createAgent(get().database.db);
    const line = setCookieLine((await agentLogin(agent.email)).headers['set-cookie'], 'agent_sid');
    const token = line.split(';')[0]!.slice('agent_sid='.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const rows = await get().database.db.select().from(sessions).where(eq(sessions.agentId, agent.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('get a fresh token at every sign-in; signing in again over an old session ends the old one (no fixation)', async () => {
    const agent = await createAgent(get().database.db);
    const first = cookieFrom((await agentLogin(agent.email)).headers['set-cookie'], 'agent_sid');
    const second = cookieFrom((await agentLogin(agent.email)).headers['set-cookie'], 'agent_sid');
    expect(second).not.toBe(first);
    // Two sign-ins without a cookie are two devices: both live.
    expect((await agentSession(first)).statusCode).toBe(200);
    expect((await agentSession(second)).statusCode).toBe(200);

    // A sign-in that arrives with a session cookie (planted or old) replaces that session.
    const third = cookieFrom((await agentLogin(agent.email, first)).headers['set-cookie'], 'agent_sid');
    expect(third).not.toBe(first);
    expect((await agentSession(first)).statusCode).toBe(401);
    expect((await agentSession(third)).statusCode).toBe(200);
  });

  it('owner sign-in also rotates: the cookie sent with the sign-in stops working', async () => {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const login = () => get().request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } });
    const first = cookieFrom((await login()).headers['set-cookie'], 'sid');
    const again = await get().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { email: owner.email, password: FACTORY_PASSWORD },
    });
    const second = cookieFrom(again.headers['set-cookie'], 'sid');
    expect(second).not.toBe(first);
    expect((await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('slide: a session used after a day is extended to 30 days from then; unused for 30 days it is refused', async () => {
    const start = new Date(get().clock.now);
    try {
      const agent = await createAgent(get().database.db);
      const cookie = cookieFrom((await agentLogin(agent.email)).headers['set-cookie'], 'agent_sid');

      get().clock.now = new Date(start.getTime() + 2 * DAY);
      const used = await agentSession(cookie);
      expect(used.statusCode).toBe(200);
      const renewed = setCookieLine(used.headers['set-cookie'], 'agent_sid');
      const renewedUntil = start.getTime() + 2 * DAY + SESSION_TTL_MS;
      expect(new Date(/Expires=([^;]+)/.exec(renewed)![1]!).getTime()).toBe(Math.floor(renewedUntil / 1000) * 1000); // HTTP dates have whole seconds
      const [row] = await get().database.db.select().from(sessions).where(eq(sessions.agentId, agent.id));
      expect(row!.expiresAt.getTime()).toBe(renewedUntil);

      // 31 days after sign-in but 29 after the last use: still valid.
      get().clock.now = new Date(start.getTime() + 31 * DAY);
      expect((await agentSession(cookie)).statusCode).toBe(200);

      // Then 31 days of silence: refused.
      get().clock.now = new Date(start.getTime() + 62 * DAY);
      const expired = await agentSession(cookie);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().authenticated).toBe(false);
    } finally {
      get().clock.now = start;
    }
  });

  it('end 90 days after sign-in however often they are used (absolute lifetime)', async () => {
    const start = new Date(get().clock.now);
    try {
      const owner = await createUser(get().database.db, { role: 'owner' });
      const { session: cookie } = await signIn(overInject(get().request), 'user', { email: owner.email, password: FACTORY_PASSWORD });
      const me = () => get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      // Used every 10 days: each use slides the expiry, but never past 90 days after sign-in.
      let lastExpiry = '';
      for (let day = 10; day < 90; day += 10) {
        get().clock.now = new Date(start.getTime() + day * DAY);
        const used = await me();
        expect(used.statusCode, `day ${day}`).toBe(200);
        const line = [used.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sid='));
        if (line) lastExpiry = /Expires=([^;]+)/.exec(line)![1]!;
      }
      expect(new Date(lastExpiry).getTime()).toBe(Math.floor((start.getTime() + SESSION_MAX_AGE_MS) / 1000) * 1000);
      get().clock.now = new Date(start.getTime() + SESSION_MAX_AGE_MS - 60_000);
      expect((await me()).statusCode).toBe(200);
      get().clock.now = new Date(start.getTime() + SESSION_MAX_AGE_MS + 1_000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      get().clock.now = start;
    }
  });

  it('refuse an owner session 31 days after sign-in when it was never used', async () => {
    const start = new Date(get().clock.now);
    try {
      const owner = await createUser(get().database.db, { role: 'owner' });
      const { session: cookie } = await signIn(overInject(get().request), 'user', { email: owner.email, password: FACTORY_PASSWORD });
      get().clock.now = new Date(start.getTime() + 31 * DAY);
      const me = await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.statusCode).toBe(401);
      const users = await get().request({ method: 'GET', url: '/api/users', headers: { cookie } });
      expect(users.statusCode).toBe(401);
    } finally {
      get().clock.now = start;
    }
  });

  it('answer each of many requests sent together with its own session (they are read in one batch)', async () => {
    const { db } = get().database;
    const agents = await Promise.all([1, 2, 3, 4, 5].map(() => createAgent(db)));
    const agentCookies = await Promise.all(agents.map(async (agent) => (await signInAgent(db, agent, get().clock.now)).cookie));
    const users = await Promise.all([createUser(db, { role: 'owner' }), createUser(db)]);
    const userCookies = await Promise.all(users.map(async (user) => (await signInUser(db, user, get().clock.now)).cookie));
    // The third agent has signed out: its session row is gone.
    await db.delete(sessions).where(eq(sessions.agentId, agents[2]!.id));

    const [agentAnswers, userAnswers, crossed] = await Promise.all([
      Promise.all(agentCookies.map((cookie) => agentSession(cookie))),
      Promise.all(userCookies.map((cookie) => get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie } }))),
      // A user's cookie is no agent session, and an agent's no user session.
      Promise.all([agentSession(userCookies[0]!), get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie: agentCookies[0]! } })]),
    ]);
    expect(agentAnswers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200, 200]);
    agentAnswers.forEach((answer, index) => {
      if (index !== 2) expect(answer.json().agent).toMatchObject({ id: agents[index]!.id, email: agents[index]!.email });
    });
    expect(userAnswers.map((answer) => [answer.statusCode, answer.json().id, answer.json().role])).toEqual(
      users.map((user) => [200, user.id, user.role]),
    );
    expect(crossed.map((answer) => answer.statusCode)).toEqual([401, 401]);
  });
});

describeEachEngine('owner logout by link', (get) => {
  it('signs out from our own pages, and is harmless when another site leads the browser there', async () => {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const signOwnerIn = async () => (await signIn(overInject(get().request), 'user', { email: owner.email, password: FACTORY_PASSWORD })).session;
    const signedIn = async (cookie: string) =>
      (await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode === 200;
    const logout = (cookie: string, site?: string) =>
      get().request({ method: 'GET', url: '/api/logout', headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) } });

    const cookie = await signOwnerIn();
    for (const site of ['cross-site', 'same-site']) {
      const res = await logout(cookie, site);
      expect(res.statusCode).toBe(302);
      expect(res.headers['set-cookie'], site).toBeUndefined();
      expect(await signedIn(cookie), site).toBe(true);
    }
    for (const site of ['same-origin', 'none', undefined]) {
      const fresh = await signOwnerIn();
      const res = await logout(fresh, site);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(await signedIn(fresh), String(site)).toBe(false);
    }
  });
});

describeEachEngine('expired sessions', (get) => {
  it('are deleted from the database at the pace of sign-in attempts; live ones stay', async () => {
    const agent = await createAgent(get().database.db);
    const now = get().clock.now;
    await signInAgent(get().database.db, agent, new Date(now.getTime() - SESSION_TTL_MS - DAY));
    const live = await signInAgent(get().database.db, agent, now);
    const rows = () => get().database.db.select().from(sessions).where(eq(sessions.agentId, agent.id));
    expect(await rows()).toHaveLength(2);
    // Attempts without an email count against the IP only, and cost no password hashing.
    for (let i = 0; i < 100; i++) {
      expect((await get().request({ method: 'POST', url: '/api/agents/login', payload: { password: 'x' } })).statusCode).toBe(400);
    }
    await vi.waitFor(async () => expect((await rows()).map((r) => r.tokenHash)).toEqual([hashToken(live.token)]));
  });
});

describe('COOKIE_SECURE=1', () => {
  for (const engine of testEngines()) {
    it(`marks the session cookies Secure [${engine}]`, async () => {
      const testApp = await startTestApp(engine, { env: { COOKIE_SECURE: '1' } });
      try {
        const agent = await createAgent(testApp.database.db);
        const owner = await createUser(testApp.database.db, { role: 'owner' });
        const a = await testApp.request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } });
        const o = await testApp.request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } });
        for (const line of [setCookieLine(a.headers['set-cookie'], 'agent_sid'), setCookieLine(o.headers['set-cookie'], 'sid')]) {
          expect(line.split('; ')).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
        }
      } finally {
        await testApp.close();
      }
    });
  }
});

describe('two app instances on one database (stateless instances)', () => {
  for (const engine of testEngines()) {
    describe(`[${engine}]`, () => {
      let database: Database;
      let first: FastifyInstance;
      let second: FastifyInstance;
      beforeAll(async () => {
        database = await openTestDatabase(engine);
        const config = testConfig();
        first = await createApp({ database, config, webRoot: null });
        second = await createApp({ database, config, webRoot: null });
      });
      afterAll(async () => {
        await first?.close();
        await second?.close();
        await database?.close();
      });

      it('accept on one instance a session made on the other, and a logout on either ends it for both', async () => {
        const agent = await createAgent(database.db);
        const owner = await createUser(database.db, { role: 'owner' });
        const agentLogin = await first.inject({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } });
        const ownerLogin = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } });
        const agentCookie = cookieFrom(agentLogin.headers['set-cookie'], 'agent_sid');
        const ownerCookie = cookieFrom(ownerLogin.headers['set-cookie'], 'sid');

        expect((await second.inject({ method: 'GET', url: '/api/agents/session', headers: { cookie: agentCookie } })).json()).toMatchObject({
          authenticated: true,
          agent: { id: agent.id },
        });
        expect((await first.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: ownerCookie } })).json()).toMatchObject({ id: owner.id });

        expect((await second.inject({ method: 'POST', url: '/api/agents/logout', headers: { cookie: agentCookie } })).statusCode).toBe(204);
        expect((await first.inject({ method: 'GET', url: '/api/agents/session', headers: { cookie: agentCookie } })).statusCode).toBe(401);
        expect((await first.inject({ method: 'GET', url: '/api/logout', headers: { cookie: ownerCookie } })).statusCode).toBe(302);
        expect((await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: ownerCookie } })).statusCode).toBe(401);
      });
    });
  }
});
