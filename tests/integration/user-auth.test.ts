import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEMO_AGENT, DEMO_OWNER } from '../../contract/demo';
import { sessions } from '../../server/db/schema';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser, uniqueSuffix } from '../factories/accounts';
import { cookieFrom } from '../support/sign-in';
import { describeEachEngine } from '../support/test-app';

describeEachEngine('owner and manager sign-in', (get) => {
  it('GET /api/login redirects (302) to the sign-in page /login', async () => {
    const res = await get().request({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('POST /api/auth/login returns the user {id, email, name, role} and its two-factor status, and sets sid; GET /api/auth/user returns it', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const user = await createUser(get().database.db, { role, name: `Pat ${role}` });
      const res = await get().request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `  ${user.email.toUpperCase()} `, password: FACTORY_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const expected = { id: user.id, email: user.email, name: `Pat ${role}`, role, twoFactorEnabled: false, twoFactorSetupRequired: false, language: null };
      expect(res.json()).toEqual(expected);

      const me = await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieFrom(res.headers['set-cookie'], 'sid') } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(expected);
    }
  });

  it('answers 401 "Invalid email or password" for a wrong password, an unknown email and an agent account', async () => {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const agent = await createAgent(get().database.db);
    for (const payload of [
      { email: owner.email, password: 'not the password' },
      { email: `ghost-${uniqueSuffix()}@example.test`, password: FACTORY_PASSWORD },
      { email: agent.email, password: FACTORY_PASSWORD },
    ]) {
      const res = await get().request({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates the login body with the messages of docs/product.md §11.4', async () => {
    const cases = [
      [{ email: 'x', password: 'y' }, 'Invalid email address'],
      [{ email: 'a@example.test', password: '' }, 'Password is required'],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await get().request({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await get().request({ method: 'POST', url: '/api/auth/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues.map((i: { path: string }) => i.path)).toEqual(['email', 'password']);
  });

  it('GET /api/auth/user answers 401 with a message containing Unauthorized without a user session, agents included', async () => {
    const agent = await createAgent(get().database.db);
    const { cookie } = await signInAgent(get().database.db, agent, get().clock.now);
    for (const headers of [{}, { cookie }, { cookie: 'sid=forged' }]) {
      const res = await get().request({ method: 'GET', url: '/api/auth/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.stringContaining('Unauthorized'), code: 'UNAUTHENTICATED' });
    }
  });

  it('GET /api/logout deletes the session, clears sid and redirects (302) to /', async () => {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const { cookie } = await signInUser(get().database.db, owner, get().clock.now);
    const res = await get().request({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect([res.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='))).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await get().database.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    const me = await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('logging out as owner leaves an agent session in the same browser alone, and the other way round', async () => {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const agent = await createAgent(get().database.db);
    const ownerCookie = (await signInUser(get().database.db, owner, get().clock.now)).cookie;
    const agentCookie = (await signInAgent(get().database.db, agent, get().clock.now)).cookie;
    const both = `${ownerCookie}; ${agentCookie}`;
    await get().request({ method: 'GET', url: '/api/logout', headers: { cookie: both } });
    expect((await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie: both } })).statusCode).toBe(200);

    const owner2 = (await signInUser(get().database.db, owner, get().clock.now)).cookie;
    const both2 = `${owner2}; ${agentCookie}`;
    await get().request({ method: 'POST', url: '/api/agents/logout', headers: { cookie: both2 } });
    expect((await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie: both2 } })).statusCode).toBe(200);
    expect((await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie: both2 } })).statusCode).toBe(401);
  });
});

describeEachEngine('GET /api/app-info outside demo mode', (get) => {
  it('says demo is off and carries no credentials', async () => {
    const res = await get().request({ method: 'GET', url: '/api/app-info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ demo: false, signUp: 'open', organisation: { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' } });
  });
});

describeEachEngine(
  'GET /api/app-info in demo mode',
  (get) => {
    it('gives the sign-in forms the demo agent and owner credentials, to anyone', async () => {
      const res = await get().request({ method: 'GET', url: '/api/app-info' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        demo: true,
        signUp: 'open',
        demoAgent: { email: DEMO_AGENT.email, password: DEMO_AGENT.password },
        demoOwner: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
        organisation: { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' },
      });
    });
  },
  { demo: true },
);
