import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { lockDataDir } from '../../server/db/data-dir-lock';
import { findUserByEmail } from '../../server/db/queries/users';
import { sessions, users } from '../../server/db/schema';
import { createAgent, createUser, signedInUser, signInAgent, signInUser, uniqueSuffix } from '../factories/accounts';
import { adminPool, postgresTestUrl } from '../support/postgres-admin';
import { describeEachEngine, type TestApp } from '../support/test-app';


const managerInput = (overrides: Record<string, unknown> = {}) => ({
  email: `manager-${uniqueSuffix()}@example.test`,
  name: 'Morgan Manager',
  role: 'manager',
  password: 'manager password',
  ...overrides,
});

async function countUsers(get: () => TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(get().database.db, sql`select count(*)::int as n from users`);
  return row!.n;
}

describeEachEngine('/api/users (owner only)', (get) => {
  it('GET lists owners and managers with {id, email, name, role, createdAt, twoFactorEnabled} and never a hash', async () => {
    const { cookie, ...owner } = await signedInUser(get(), 'owner');
    const manager = await createUser(get().database.db, { role: 'manager', name: 'Listed Manager' });
    const res = await get().request({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toContainEqual({ id: owner.id, email: owner.email, name: owner.name, role: 'owner', createdAt: expect.any(String), twoFactorEnabled: false });
    expect(list).toContainEqual({ id: manager.id, email: manager.email, name: 'Listed Manager', role: 'manager', createdAt: expect.any(String), twoFactorEnabled: false });
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'role', 'twoFactorEnabled']);
    expect(res.body).not.toContain('argon2');
  });

  it('POST creates a manager (201) who can sign in at once; the email is trimmed and lower-cased', async () => {
    const { cookie } = await signedInUser(get(), 'owner');
    const input = managerInput({ email: `  New.Manager.${uniqueSuffix()}@Example.TEST ` });
    const res = await get().request({ method: 'POST', url: '/api/users', headers: { cookie }, payload: input });
    expect(res.statusCode).toBe(201);
    const email = (input.email as string).trim().toLowerCase();
    expect(res.json()).toEqual({ id: expect.any(Number), email, name: 'Morgan Manager', role: 'manager', createdAt: expect.any(String), twoFactorEnabled: false });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('manager password');

    const login = await get().request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'manager password' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().role).toBe('manager');
  });

  it('POST answers 409 for a taken email in any case, and creates nothing', async () => {
    const { cookie, ...owner } = await signedInUser(get(), 'owner');
    const before = await countUsers(get);
    const res = await get().request({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: managerInput({ email: owner.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT', issues: [{ path: 'email', message: 'An account with this email already exists' }] });
    expect(await countUsers(get)).toBe(before);
  });

  it.each([
    [{ role: 'owner' }, 'role', 'Only manager accounts can be created here'],
    [{ role: undefined }, 'role', 'Only manager accounts can be created here'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ password: 'short' }, 'password', 'Password must be at least 10 characters'],
  ])('POST validates %j (400, nothing created)', async (overrides, field, message) => {
    const { cookie } = await signedInUser(get(), 'owner');
    const before = await countUsers(get);
    const res = await get().request({ method: 'POST', url: '/api/users', headers: { cookie }, payload: managerInput(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path: field, message }] });
    expect(await countUsers(get)).toBe(before);
  });

  it('DELETE removes a manager (204) with its sessions; a second delete is 404', async () => {
    const { cookie } = await signedInUser(get(), 'owner');
    const manager = await createUser(get().database.db, { role: 'manager' });
    const managerSession = await signInUser(get().database.db, manager, get().clock.now);

    const res = await get().request({ method: 'DELETE', url: `/api/users/${manager.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await get().database.db.select().from(users).where(eq(users.id, manager.id))).toEqual([]);
    expect(await get().database.db.select().from(sessions).where(eq(sessions.userId, manager.id))).toEqual([]);
    const me = await get().request({ method: 'GET', url: '/api/auth/user', headers: { cookie: managerSession.cookie } });
    expect(me.statusCode).toBe(401);

    const again = await get().request({ method: 'DELETE', url: `/api/users/${manager.id}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
  });

  it('DELETE refuses the owner itself (400) and another owner (403), and deletes nothing', async () => {
    const { cookie, ...owner } = await signedInUser(get(), 'owner');
    const otherOwner = await createUser(get().database.db, { role: 'owner' });
    const self = await get().request({ method: 'DELETE', url: `/api/users/${owner.id}`, headers: { cookie } });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account', code: 'VALIDATION_FAILED' });
    const other = await get().request({ method: 'DELETE', url: `/api/users/${otherOwner.id}`, headers: { cookie } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Owner accounts cannot be deleted; only manager accounts can', code: 'FORBIDDEN' });
    expect(await findUserByEmail(get().database.db, owner.email)).toBeDefined();
    expect(await findUserByEmail(get().database.db, otherOwner.email)).toBeDefined();
  });

  it('DELETE with an id that cannot exist is 404, not 500', async () => {
    const { cookie } = await signedInUser(get(), 'owner');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483647']) {
      const res = await get().request({ method: 'DELETE', url: `/api/users/${id}`, headers: { cookie } });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('refuses managers and agents (403) and anonymous callers (401), changing nothing', async () => {
    const manager = await createUser(get().database.db, { role: 'manager' });
    const victim = await createUser(get().database.db, { role: 'manager' });
    const agent = await createAgent(get().database.db);
    const callers = [
      { cookie: (await signInUser(get().database.db, manager, get().clock.now)).cookie, status: 403 },
      { cookie: (await signInAgent(get().database.db, agent, get().clock.now)).cookie, status: 403 },
      { cookie: undefined, status: 401 },
    ];
    const before = await countUsers(get);
    for (const { cookie, status } of callers) {
      const headers = cookie ? { cookie } : {};
      expect((await get().request({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(status);
      expect((await get().request({ method: 'POST', url: '/api/users', headers, payload: managerInput() })).statusCode).toBe(status);
      expect((await get().request({ method: 'DELETE', url: `/api/users/${victim.id}`, headers })).statusCode).toBe(status);
    }
    expect(await countUsers(get)).toBe(before);
  });
});

describe('npm run user:create', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-user-create-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', USER_PASSWORD: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
  }

  async function checkCreated(database: Database, email: string, role: string, password: string) {
    const user = await findUserByEmail(database.db, email);
    expect(user).toMatchObject({ email, role, name: 'Jane Doe' });
    expect(await verifyPassword(user!.passwordHash, password)).toBe(true);
  }

  it('creates an owner in the embedded database of DATA_DIR, prints no password or hash, and refuses a taken email', async () => {
    const dataDir = path.join(root, 'data');
    const email = 'jane@example.test';
    const created = await run(['--email', ' Jane@Example.TEST ', '--name', 'Jane Doe', '--role', 'owner'], {
      DATA_DIR: dataDir,
      USER_PASSWORD: 'from the environment',
    });
    expect(created.output).toContain('Created owner Jane Doe <jane@example.test>');
    expect(created.code).toBe(0);
    expect(created.output).not.toContain('argon2');
    expect(created.output).not.toContain('from the environment');

    const taken = await run(['--email', email, '--name', 'Jane Doe', '--role', 'manager', '--password', 'another password'], { DATA_DIR: dataDir });
    expect(taken.code).toBe(1);
    expect(taken.output).toContain('An account with this email already exists');

    const database = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await checkCreated(database, email, 'owner', 'from the environment');
    } finally {
      await database.close();
    }
  }, 90_000);

  it('names every bad or missing value when there is no terminal to ask, and creates nothing', async () => {
    const dataDir = path.join(root, 'never-created');
    const result = await run(['--email', 'nope', '--role', 'boss', '--password', 'short'], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
    for (const line of ['email: Invalid email address', 'name: Name is required', 'role: Role must be owner or manager', 'password: Password must be at least 10 characters']) {
      expect(result.output).toContain(line);
    }
  });

  it('refuses with a clear message while the app holds the data directory', async () => {
    const dataDir = path.join(root, 'locked');
    const release = await lockDataDir(dataDir);
    try {
      const result = await run(['--email', 'x@example.test', '--name', 'X', '--role', 'manager', '--password', 'long enough'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`is in use by another process (pid ${process.pid})`);
      expect(result.output).toContain('stop the app');
    } finally {
      release();
    }
  });

  // Like the other suites: on PostgreSQL too when TEST_DATABASE_URL is set.
  if (postgresTestUrl()) it('creates a manager in the PostgreSQL database of DATABASE_URL', async () => {
    const url = postgresTestUrl()!;
    const name = `tt_user_create_${process.pid}_${uniqueSuffix()}`;
    const admin = adminPool(url);
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      const result = await run(['--email', 'jane@example.test', '--name', 'Jane Doe', '--role', 'manager', '--password', 'postgres password'], {
        DATABASE_URL: target.toString(),
      });
      expect(result.output).toContain('Created manager Jane Doe');
      expect(result.code).toBe(0);
      const database = await openDatabase({ engine: 'postgres', url: target.toString(), poolSize: 1 });
      try {
        await checkCreated(database, 'jane@example.test', 'manager', 'postgres password');
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
