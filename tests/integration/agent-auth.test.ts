import { registrationMessages } from '../../contract/sign-up';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { agents, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/auth/sessions';
import { createAgent, createUser, FACTORY_PASSWORD, signInUser, uniqueSuffix } from '../factories/accounts';
import { cookieFrom } from '../support/sign-in';
import { describeEachEngine, type TestApp } from '../support/test-app';

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${uniqueSuffix()}@example.test`,
  password: 'long enough password',
  firstName: 'Ada',
  lastName: 'Lovelace',
  position: 'Sales Agent',
  ...overrides,
});

async function countAgents(get: () => TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(get().database.db, sql`select count(*)::int as n from agents`);
  return row!.n;
}

describeEachEngine('POST /api/agents/register', (get) => {
  it('creates the agent (202), stores first, last and full name, sets no session and never returns the hash', async () => {
    const body = registration({ email: `  Ada.${uniqueSuffix()}@Example.TEST `, firstName: ' Ada ', lastName: ' Lovelace ' });
    const res = await get().request({ method: 'POST', url: '/api/agents/register', payload: body });
    expect(res.statusCode).toBe(202);
    const email = (body.email as string).trim().toLowerCase();
    expect(res.json()).toEqual({ status: 'received', mode: 'open', message: registrationMessages.open });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain(body.password);

    const [row] = await get().database.db.select().from(agents).where(eq(agents.email, email));
    expect(row).toMatchObject({ email, name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', position: 'Sales Agent', status: 'active' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const login = await get().request({ method: 'POST', url: '/api/agents/login', payload: { email, password: body.password } });
    expect(login.statusCode).toBe(200);
    const session = await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie: cookieFrom(login.headers['set-cookie'], 'agent_sid') } });
    expect(session.json()).toEqual({ authenticated: true, agent: { id: row!.id, name: 'Ada Lovelace', email, position: 'Sales Agent', language: null } });
  });

  it('answers a taken email, in any case and with spaces around it, as it answers a new one, and creates nothing', async () => {
    const existing = await createAgent(get().database.db);
    const before = await countAgents(get);
    const res = await get().request({
      method: 'POST',
      url: '/api/agents/register',
      payload: registration({ email: `  ${existing.email.toUpperCase()}  ` }),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'received', mode: 'open', message: registrationMessages.open });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countAgents(get)).toBe(before);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['email', { email: undefined }, 'Invalid email address'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['password', { password: undefined }, 'Password must be at least 8 characters'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['position', { position: '' }, 'Position is required'],
  ])('names the bad field %s with the message of docs/product.md §11.15 (%j)', async (path, overrides, message) => {
    const before = await countAgents(get);
    const res = await get().request({ method: 'POST', url: '/api/agents/register', payload: registration(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path, message }] });
    expect(await countAgents(get)).toBe(before);
  });

  it('lists every missing field when the body is empty or absent', async () => {
    for (const payload of [{}, undefined]) {
      const res = await get().request({ method: 'POST', url: '/api/agents/register', ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual([
        'Invalid email address',
        'Password must be at least 8 characters',
        'First name is required',
        'Last name is required',
        'Position is required',
      ]);
    }
  });

  it('answers 400 (never 500) for bodies of the wrong shape', async () => {
    const before = await countAgents(get);
    for (const payload of ['[]', '"text"', '42', 'null', 'true', '{"email":{"$gt":""},"password":["x"]}']) {
      const res = await get().request({
        method: 'POST',
        url: '/api/agents/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await countAgents(get)).toBe(before);
  });
});

describeEachEngine('POST /api/agents/login', (get) => {
  it('signs in with the email in any case and with spaces (200 {authenticated, agent})', async () => {
    const agent = await createAgent(get().database.db, { firstName: 'Grace', lastName: 'Hopper', position: 'Account Executive' });
    const res = await get().request({
      method: 'POST',
      url: '/api/agents/login',
      payload: { email: ` ${agent.email.toUpperCase()} `, password: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      authenticated: true,
      agent: { id: agent.id, name: 'Grace Hopper', email: agent.email, position: 'Account Executive', language: null },
    });
    const cookie = cookieFrom(res.headers['set-cookie'], 'agent_sid');
    const rows = await get().database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(cookie.split('=')[1]!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'agent', agentId: agent.id, userId: null });
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const agent = await createAgent(get().database.db);
    for (const payload of [
      { email: agent.email, password: 'wrong password' },
      { email: `nobody-${uniqueSuffix()}@example.test`, password: FACTORY_PASSWORD },
    ]) {
      const res = await get().request({ method: 'POST', url: '/api/agents/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('does not sign owners or managers in as agents', async () => {
    const manager = await createUser(get().database.db);
    const res = await get().request({ method: 'POST', url: '/api/agents/login', payload: { email: manager.email, password: FACTORY_PASSWORD } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ email: 'nope', password: 'x' }, 'email', 'Invalid email address'],
    [{ password: 'x' }, 'email', 'Invalid email address'],
    [{ email: 'a@example.test', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@example.test' }, 'password', 'Password is required'],
  ])('validates %j: %s', async (payload, path, message) => {
    const res = await get().request({ method: 'POST', url: '/api/agents/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path, message }] });
  });
});

describeEachEngine('GET /api/agents/session and POST /api/agents/logout', (get) => {
  it('answers 401 {authenticated: false} with the error shape when there is no agent session', async () => {
    const res = await get().request({ method: 'GET', url: '/api/agents/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ authenticated: false, message: expect.stringContaining('Unauthorized'), code: 'UNAUTHENTICATED' });
  });

  it('does not count an owner session or a made-up token as an agent session', async () => {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const { token } = await signInUser(get().database.db, owner, get().clock.now);
    for (const cookie of [`sid=${token}`, `agent_sid=${token}`, 'agent_sid=made-up', `agent_sid=${'x'.repeat(5000)}`]) {
      const res = await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie } });
      expect(res.statusCode, cookie.slice(0, 30)).toBe(401);
      expect(res.json().authenticated).toBe(false);
    }
  });

  it('logout deletes the session row, clears the cookie (204), and the old cookie no longer works', async () => {
    const agent = await createAgent(get().database.db);
    const login = await get().request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } });
    const cookie = cookieFrom(login.headers['set-cookie'], 'agent_sid');
    expect((await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie } })).statusCode).toBe(200);

    const res = await get().request({ method: 'POST', url: '/api/agents/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('agent_sid='));
    expect(cleared).toMatch(/^agent_sid=;.*Expires=Thu, 01 Jan 1970/);
    const rows = await get().database.db.select().from(sessions).where(eq(sessions.agentId, agent.id));
    expect(rows).toEqual([]);

    const after = await get().request({ method: 'GET', url: '/api/agents/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('logout without a session is still 204', async () => {
    const res = await get().request({ method: 'POST', url: '/api/agents/logout' });
    expect(res.statusCode).toBe(204);
  });
});
