import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type CreateAppOptions } from '../../server/app';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/client';
import { countSignInAttempt, deleteSignInAttemptsBefore } from '../../server/db/queries/sign-in-attempts';
import { agents, passwordResets, users } from '../../server/db/schema';
import { hashToken } from '../../server/auth/sessions';
import { PERMISSIONS_POLICY } from '../../server/http/security';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser, uniqueSuffix } from '../factories/accounts';
import { openTestDatabase, testEngines } from '../support/test-database';
import { describeEachEngine, testConfig } from '../support/test-app';

const TOO_MANY = { message: 'Too many sign-in attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };
const LIMITS = {
  perIp: 4,
  windowMs: 60_000,
  perIpAndAccount: 2,
  pairWindowMs: 60_000,
  accountDelay: { afterFailures: 100, baseMs: 0, maxMs: 0, windowMs: 60_000 },
};

/** An app of our own on a fresh database, for options the shared test app does not take. */
async function startApp(engine: 'pglite' | 'postgres', options: Partial<CreateAppOptions> = {}, env: Record<string, string> = {}) {
  const database = await openTestDatabase(engine);
  const clock = { now: new Date() };
  const app = await createApp({ database, config: testConfig(env), webRoot: null, now: () => clock.now, ...options });
  return { app, database, clock };
}

describe('sign-in rate limits', () => {
  for (const engine of testEngines()) {
    describe(`[${engine}]`, () => {
      let database: Database;
      let app: FastifyInstance;
      let twin: FastifyInstance;
      let clock: { now: Date };
      beforeAll(async () => {
        ({ app, database, clock } = await startApp(engine, { signInRateLimits: LIMITS }));
        // A second instance on the same database, with the same clock: the counters live in the database.
        twin = await createApp({ database, config: testConfig(), webRoot: null, now: () => clock.now, signInRateLimits: LIMITS });
      });
      afterAll(async () => {
        await app?.close();
        await twin?.close();
        await database?.close();
      });

      const login = (target: FastifyInstance, url: string, ip: string, payload: Record<string, unknown>) =>
        target.inject({ method: 'POST', url, remoteAddress: ip, payload });

      // Per account, only per address (or known device): strangers elsewhere cannot lock it out (decision 0012;
      // tests/integration/sign-in-throttling.test.ts has the attack and the growing delays).
      it('allow 2 attempts per address and account a minute, then answer 429 there even to the right password', async () => {
        const agent = await createAgent(database.db);
        expect((await login(app, '/api/agents/login', '10.0.1.1', { email: agent.email, password: 'wrong one' })).statusCode).toBe(401);
        expect((await login(twin, '/api/agents/login', '10.0.1.1', { email: ` ${agent.email.toUpperCase()}`, password: 'wrong two' })).statusCode).toBe(401);
        const limited = await login(app, '/api/agents/login', '10.0.1.1', { email: agent.email, password: FACTORY_PASSWORD });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual(TOO_MANY);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(limited.headers['set-cookie']).toBeUndefined();

        // Another address signs in to that account; another email from the same address, and the same email on
        // the owner sign-in route, are not held back.
        expect((await login(twin, '/api/agents/login', '10.0.1.2', { email: agent.email, password: FACTORY_PASSWORD })).statusCode).toBe(200);
        const other = await createAgent(database.db);
        expect((await login(app, '/api/agents/login', '10.0.1.1', { email: other.email, password: FACTORY_PASSWORD })).statusCode).toBe(200);
        expect((await login(app, '/api/auth/login', '10.0.1.1', { email: agent.email, password: 'x' })).statusCode).toBe(401);

        // A minute later the address may try that account again.
        const start = clock.now;
        try {
          clock.now = new Date(start.getTime() + 61_000);
          expect((await login(app, '/api/agents/login', '10.0.1.1', { email: agent.email, password: FACTORY_PASSWORD })).statusCode).toBe(200);
        } finally {
          clock.now = start;
        }
      });

      it('allow 4 attempts per IP a minute on each sign-in route, whatever the emails, across instances', async () => {
        const ip = '10.0.2.1';
        for (let i = 0; i < LIMITS.perIp; i++) {
          const target = i % 2 === 0 ? app : twin;
          const res = await login(target, '/api/auth/login', ip, { email: `probe-${i}-${uniqueSuffix()}@example.test`, password: 'guess' });
          expect(res.statusCode).toBe(401);
        }
        const owner = await createUser(database.db, { role: 'owner' });
        const limited = await login(app, '/api/auth/login', ip, { email: owner.email, password: FACTORY_PASSWORD });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual(TOO_MANY);
        // Other IPs, and the agent sign-in route from this IP, are not affected.
        expect((await login(app, '/api/auth/login', '10.0.2.2', { email: owner.email, password: FACTORY_PASSWORD })).statusCode).toBe(200);
        expect((await login(app, '/api/agents/login', ip, { email: 'someone@example.test', password: 'x' })).statusCode).toBe(401);
      });

      it('count malformed attempts against the IP too', async () => {
        const ip = '10.0.3.1';
        for (let i = 0; i < LIMITS.perIp; i++) {
          expect((await login(app, '/api/agents/login', ip, { password: 'no email' })).statusCode).toBe(400);
        }
        expect((await login(app, '/api/agents/login', ip, { password: 'no email' })).statusCode).toBe(429);
      });

      it('limit registrations per IP, creating nothing once limited', async () => {
        const ip = '10.0.4.1';
        const register = () =>
          login(app, '/api/agents/register', ip, {
            email: `reg-${uniqueSuffix()}@example.test`,
            password: 'long enough',
            firstName: 'Reg',
            lastName: 'Istered',
            position: 'Sales Agent',
          });
        for (let i = 0; i < LIMITS.perIp; i++) expect((await register()).statusCode).toBe(202);
        const [before] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from agents`);
        const limited = await register();
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual(TOO_MANY);
        const [after] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from agents`);
        expect(after!.n).toBe(before!.n);
      });

      it('limit one-time password link attempts per IP: past the limit even a valid link waits', async () => {
        const ip = '10.0.4.2';
        const agent = await createAgent(database.db);
        const token = `valid-${uniqueSuffix()}`;
        await database.db.insert(passwordResets).values({
          kind: 'agent',
          accountId: agent.id,
          tokenHash: hashToken(token),
          source: 'email',
          createdAt: clock.now,
          expiresAt: new Date(clock.now.getTime() + 60 * 60_000),
        });
        const complete = (tokenSent: string) =>
          login(app, '/api/password-resets/complete', ip, { token: tokenSent, newPassword: 'a new long password' });
        for (let i = 0; i < LIMITS.perIp; i++) expect((await complete(`guess${i}`)).statusCode).toBe(400);
        const limited = await complete(token);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual(TOO_MANY);
        const [row] = await queryRows<{ used: boolean }>(database.db, sql`select used_at is not null as used from password_resets where kind = 'agent' and account_id = ${agent.id}`);
        expect(row!.used).toBe(false);
        // Another address is not held up.
        expect((await login(twin, '/api/password-resets/complete', '10.0.4.3', { token, newPassword: 'a new long password' })).statusCode).toBe(204);
      });

      it('do not touch other routes', async () => {
        for (let i = 0; i < 3 * LIMITS.perIp; i++) {
          const res = await app.inject({ method: 'GET', url: '/api/agents/session', remoteAddress: '10.0.5.1' });
          expect(res.statusCode).toBe(401);
          const out = await app.inject({ method: 'POST', url: '/api/agents/logout', remoteAddress: '10.0.5.1' });
          expect(out.statusCode).toBe(204);
        }
      });

      it('count in fixed windows and sweep expired counters', async () => {
        const key = `test-${uniqueSuffix()}`;
        const t0 = new Date('2001-03-01T10:00:00.000Z');
        expect(await countSignInAttempt(database.db, key, t0, 60_000)).toEqual({ attempts: 1, resetAt: new Date('2001-03-01T10:01:00.000Z') });
        expect((await countSignInAttempt(database.db, key, new Date(t0.getTime() + 59_999), 60_000)).attempts).toBe(2);
        expect(await countSignInAttempt(database.db, key, new Date(t0.getTime() + 60_000), 60_000)).toEqual({
          attempts: 1,
          resetAt: new Date('2001-03-01T10:02:00.000Z'),
        });
        expect(await deleteSignInAttemptsBefore(database.db, new Date(t0.getTime() + 60_000))).toBe(0);
        expect(await deleteSignInAttemptsBefore(database.db, new Date(t0.getTime() + 60_001))).toBeGreaterThanOrEqual(1);
        const left = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sign_in_attempts where key = ${key}`);
        expect(left[0]!.n).toBe(0);
      });

      it('store hashed keys only: no email or address in the counters table', async () => {
        const rows = await queryRows<{ key: string }>(database.db, sql`select key from sign_in_attempts`);
        expect(rows.length).toBeGreaterThan(0);
        for (const { key } of rows) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });
    });
  }
});

describeEachEngine('same-origin rule for state-changing requests', (get) => {
  const host = 'tiertrack.example:3000';
  const withOrigin = (origin: string | undefined, options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { ...(options.headers as Record<string, string>), host, ...(origin ? { origin } : {}) },
  });

  it('refuses POST, PATCH and DELETE whose Origin names another site (403), changing nothing', async () => {
    const agent = await createAgent(get().database.db);
    const owner = await createUser(get().database.db, { role: 'owner' });
    const manager = await createUser(get().database.db, { role: 'manager' });
    const { cookie } = await signInUser(get().database.db, owner, get().clock.now);
    const attempts: InjectOptions[] = [
      { method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } },
      { method: 'DELETE', url: `/api/users/${manager.id}`, headers: { cookie } },
      { method: 'POST', url: '/api/users', headers: { cookie }, payload: { email: `x-${uniqueSuffix()}@example.test`, name: 'X', role: 'manager', password: 'long enough' } },
      { method: 'PATCH', url: '/api/tier-settings/1', headers: { cookie }, payload: { rewards: 'Cross-site' } },
    ];
    for (const origin of ['http://evil.example', 'http://tiertrack.example:3001', 'http://tiertrack.example.evil.example:3000', 'null', 'not a url']) {
      for (const attempt of attempts) {
        const res = await get().request(withOrigin(origin, attempt));
        expect(res.statusCode, `${origin} ${attempt.method} ${attempt.url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    expect(await get().database.db.select().from(users).where(eq(users.id, manager.id))).toHaveLength(1);
    const tiers = await get().request({ method: 'GET', url: '/api/tier-settings' });
    expect(tiers.json()[0].rewards).not.toBe('Cross-site');
  });

  it('lets through requests from the same host, requests without Origin, and reads from anywhere', async () => {
    const agent = await createAgent(get().database.db);
    const payload = { email: agent.email, password: FACTORY_PASSWORD };
    for (const origin of ['http://tiertrack.example:3000', 'https://TIERTRACK.example:3000', undefined]) {
      const res = await get().request(withOrigin(origin, { method: 'POST', url: '/api/agents/login', payload }));
      expect(res.statusCode, String(origin)).toBe(200);
    }
    const read = await get().request(withOrigin('http://evil.example', { method: 'GET', url: '/api/tier-settings' }));
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
}, { env: { ALLOWED_HOSTS: 'tiertrack.example' } });

describeEachEngine('request bodies', (get) => {
  it('are JSON only: other content types get 415 with the JSON error shape', async () => {
    const agent = await createAgent(get().database.db);
    const bodies = [
      ['text/plain', `{"email":"${agent.email}","password":"${FACTORY_PASSWORD}"}`],
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(agent.email)}&password=${FACTORY_PASSWORD}`],
      ['multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\n${agent.email}\r\n--xyz--\r\n`],
      ['application/xml', '<login/>'],
    ];
    for (const [type, payload] of bodies) {
      const res = await get().request({ method: 'POST', url: '/api/agents/login', headers: { 'content-type': type! }, payload: payload! });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json)', code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('larger than 64 KiB get 413 with the JSON error shape, and create nothing', async () => {
    const email = `big-${uniqueSuffix()}@example.test`;
    const res = await get().request({
      method: 'POST',
      url: '/api/agents/register',
      payload: { email, password: 'long enough', firstName: 'x'.repeat(70_000), lastName: 'Big', position: 'Agent' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(await get().database.db.select().from(agents).where(eq(agents.email, email))).toEqual([]);
  });

  it('that are not valid JSON get 400', async () => {
    const res = await get().request({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'VALIDATION_FAILED' });
  });
});

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';font-src 'self';" +
  "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe('security headers', () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  for (const engine of testEngines()) {
    it(`are sent with API answers, errors, the web app and its files [${engine}]`, async () => {
      const { app, database } = await startApp(engine, { webRoot });
      try {
        for (const url of ['/api/tier-settings', '/api/nothing-here', '/', '/agents', '/assets/app.js']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(url === '/api/nothing-here' ? 404 : 200);
          expect(res.headers['content-security-policy'], url).toBe(EXPECTED_CSP);
          expect(res.headers['x-content-type-options'], url).toBe('nosniff');
          expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
          expect(res.headers['x-frame-options'], url).toBe('DENY');
          expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
          expect(res.headers['strict-transport-security'], url).toBeUndefined();
        }
      } finally {
        await app.close();
        await database.close();
      }
    });

    it(`add HSTS and upgrade-insecure-requests when COOKIE_SECURE=1 (an HTTPS install) [${engine}]`, async () => {
      const { app, database } = await startApp(engine, {}, { COOKIE_SECURE: '1' });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/tier-settings' });
        expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
        expect(res.headers['content-security-policy']).toBe(`${EXPECTED_CSP};upgrade-insecure-requests`);
      } finally {
        await app.close();
        await database.close();
      }
    });
  }
});

describe('passwords and hashes', () => {
  for (const engine of testEngines()) {
    it(`appear in no response and no log line, a failed write included [${engine}]`, async () => {
      const lines: string[] = [];
      const { app, database, clock } = await startApp(engine, {
        logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      });
      try {
        const secrets = ['agent secret 123', 'manager secret 456', 'wrong secret 789', FACTORY_PASSWORD];
        const owner = await createUser(database.db, { role: 'owner' });
        const ownerCookie = (await signInUser(database.db, owner, clock.now)).cookie;
        const agent = await createAgent(database.db);
        const agentCookie = (await signInAgent(database.db, agent, clock.now)).cookie;
        // A constraint this test adds makes one insert fail, to see what a database error logs.
        await database.db.execute(sql`alter table users add constraint test_short_names check (length(name) < 40)`);

        const agentEmail = `secret-${uniqueSuffix()}@example.test`;
        const calls: InjectOptions[] = [
          { method: 'POST', url: '/api/agents/register', payload: { email: agentEmail, password: secrets[0], firstName: 'S', lastName: 'T', position: 'P' } },
          { method: 'POST', url: '/api/agents/register', payload: { email: agentEmail, password: secrets[0], firstName: 'S', lastName: 'T', position: 'P' } },
          { method: 'POST', url: '/api/agents/login', payload: { email: agentEmail, password: secrets[0] } },
          { method: 'POST', url: '/api/agents/login', payload: { email: agentEmail, password: secrets[2] } },
          { method: 'GET', url: '/api/agents/session', headers: { cookie: agentCookie } },
          { method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } },
          { method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: secrets[2] } },
          { method: 'GET', url: '/api/auth/user', headers: { cookie: ownerCookie } },
          { method: 'POST', url: '/api/users', headers: { cookie: ownerCookie }, payload: { email: `m-${uniqueSuffix()}@example.test`, name: 'M', role: 'manager', password: secrets[1] } },
          { method: 'POST', url: '/api/users', headers: { cookie: ownerCookie }, payload: { email: `m-${uniqueSuffix()}@example.test`, name: 'N'.repeat(60), role: 'manager', password: secrets[1] } },
          { method: 'GET', url: '/api/users', headers: { cookie: ownerCookie } },
          { method: 'GET', url: '/api/agents', headers: { cookie: ownerCookie } },
          { method: 'GET', url: '/api/owner/dashboard', headers: { cookie: ownerCookie } },
        ];
        const statuses: number[] = [];
        for (const call of calls) {
          const res = await app.inject(call);
          statuses.push(res.statusCode);
          const text = `${JSON.stringify(res.headers)}\n${res.body}`;
          for (const secret of secrets) expect(text, `${call.method} ${call.url}`).not.toContain(secret);
          expect(text, `${call.method} ${call.url}`).not.toMatch(/argon2|password_?hash/i);
        }
        expect(statuses.slice(0, 11)).toEqual([202, 202, 200, 401, 200, 200, 401, 200, 201, 500, 200]);

        expect(lines.length).toBeGreaterThan(calls.length);
        expect(lines.join('\n')).toContain('request failed');
        for (const line of lines) {
          for (const secret of secrets) expect(line).not.toContain(secret);
          expect(line).not.toMatch(/\$argon2/);
        }
      } finally {
        await app.close();
        await database.close();
      }
    });
  }
});
