import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import {
  currentUser,
  TWO_FACTOR_CHALLENGE_ENDED,
  TWO_FACTOR_SETUP_REQUIRED,
  TWO_FACTOR_TOO_MANY_CODES,
  twoFactorEnabled,
  twoFactorSetup,
  WRONG_TWO_FACTOR_CODE,
} from '../../contract/two-factor';
import { totpCode } from '../../server/auth/totp';
import { queryRows, type Db } from '../../server/db/client';
import { createApiToken } from '../factories/api-tokens';
import { createUser, FACTORY_PASSWORD, signedInAgent, signedInUser, signInUser } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** "name=value" of a cookie the answer set, or undefined. */
function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const cookie = res.cookies.find((c) => c.name === name && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

async function setRequireManagerTwoFactor(db: Db, on: boolean) {
  await db.execute(
    sql`insert into organisation_settings (id, org_name, require_manager_two_factor) values (1, 'Test', ${on})
      on conflict (id) do update set require_manager_two_factor = excluded.require_manager_two_factor`,
  );
}

async function auditRows(db: Db, userId: number) {
  await sequenceAll(db);
  return queryRows<{ action: string; actor_id: number | null; before: unknown; after: unknown }>(
    db,
    sql`select action, actor_id, before, after from audit_log where target_type = 'user' and target_id = ${String(userId)} and action like 'two_factor.%' order by id`,
  );
}

describeEachEngine('Two-factor sign-in (TOTP): setup, enable, sign-in with a code or a recovery code, disable, required for managers', (get) => {
  /** Each test starts at its own time, a minute apart from the others' steps. */
  let base = new Date('2026-12-01T09:00:00Z').getTime();
  const startClock = (t: TestApp) => {
    base += 60 * MINUTE;
    t.clock.now = new Date(base);
  };
  /** Moves the app's clock on (a code is good once per 30-second step). */
  const later = (t: TestApp, ms: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + ms);
  };
  const code = (t: TestApp, secret: string, offsetMs = 0) => totpCode(secret, t.clock.now.getTime() + offsetMs);

  const post = (t: TestApp, url: string, cookie: string | undefined, payload?: unknown) =>
    t.request({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

  /** Signs the password step in: the answer, and the challenge cookie it set. */
  async function passwordStep(t: TestApp, email: string) {
    const res = await post(t, '/api/auth/login', undefined, { email, password: FACTORY_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return { res, challenge: cookieOf(res, 'two_factor') };
  }

  /** A user with two-factor sign-in on: the account, a session cookie, the secret and the recovery codes. */
  async function userWithTwoFactor(t: TestApp, role: 'owner' | 'manager' = 'owner') {
    const user = await signedInUser(t, role);
    const setup = await post(t, '/api/auth/2fa/setup', user.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = twoFactorSetup.parse(setup.json());
    const enabled = await post(t, '/api/auth/2fa/enable', user.cookie, { code: code(t, secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    later(t, 30 * SECOND);
    return { ...user, secret, recoveryCodes: twoFactorEnabled.parse(enabled.json()).recoveryCodes };
  }

  it('sets up (secret and otpauth URI), refuses a wrong code, turns on with a right one and shows ten recovery codes once', async () => {
    const t = get();
    startClock(t);
    const owner = await signedInUser(t, 'owner');
    const me = async () => currentUser.parse((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } })).json());
    expect(await me()).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: false });

    // Enabling before any setup: nothing to confirm.
    expect((await post(t, '/api/auth/2fa/enable', owner.cookie, { code: '123456' })).statusCode).toBe(409);

    const setup = await post(t, '/api/auth/2fa/setup', owner.cookie);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri } = twoFactorSetup.parse(setup.json());
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toContain(owner.email);
    // Set up is not on: the password alone still signs in.
    expect(await me()).toMatchObject({ twoFactorEnabled: false });
    const plain = await post(t, '/api/auth/login', undefined, { email: owner.email, password: FACTORY_PASSWORD });
    expect(plain.json()).toMatchObject({ id: owner.id, twoFactorEnabled: false });

    const wrong = await post(t, '/api/auth/2fa/enable', owner.cookie, { code: code(t, secret, 5 * MINUTE) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: WRONG_TWO_FACTOR_CODE, issues: [{ path: 'code' }] });
    expect((await post(t, '/api/auth/2fa/enable', owner.cookie, { code: 'abcdef' })).statusCode).toBe(400);

    const enabled = await post(t, '/api/auth/2fa/enable', owner.cookie, { code: code(t, secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = twoFactorEnabled.parse(enabled.json());
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await me()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });

    // Only hashes are stored; a second setup or enable is refused while it is on.
    const [stored] = await queryRows<{ hashes: string }>(t.database.db, sql`select string_agg(code_hash, ',') as hashes from recovery_codes where user_id = ${owner.id}`);
    for (const recovery of recoveryCodes) expect(stored!.hashes).not.toContain(recovery);
    expect((await post(t, '/api/auth/2fa/setup', owner.cookie)).statusCode).toBe(409);
    expect((await post(t, '/api/auth/2fa/enable', owner.cookie, { code: code(t, secret, 30 * SECOND) })).statusCode).toBe(409);

    // Audited, by the owner, without the secret or any code.
    const audit = await auditRows(t.database.db, owner.id);
    expect(audit.map((row) => row.action)).toEqual(['two_factor.setup_started', 'two_factor.enabled']);
    expect(audit.every((row) => row.actor_id === owner.id)).toBe(true);
    const written = JSON.stringify(audit);
    expect(written).not.toContain(secret);
    for (const recovery of recoveryCodes) expect(written).not.toContain(recovery);
  });

  it('asks for a code after the password (no session, a strict challenge cookie) and signs in with a right code', async () => {
    const t = get();
    startClock(t);
    const owner = await userWithTwoFactor(t);
    const { res, challenge } = await passwordStep(t, owner.email);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(cookieOf(res, 'sid')).toBeUndefined();
    expect(challenge).toBeDefined();
    const line = [res.headers['set-cookie']].flat().find((l) => String(l).startsWith('two_factor='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api\/auth(;|$)/);
    // The challenge cookie is no session.
    expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: challenge! } })).statusCode).toBe(401);

    const done = await post(t, '/api/auth/login/2fa', challenge, { code: code(t, owner.secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(currentUser.parse(done.json())).toMatchObject({ id: owner.id, email: owner.email, role: 'owner', twoFactorEnabled: true });
    const sid = cookieOf(done, 'sid');
    expect(sid).toBeDefined();
    expect(cookieOf(done, 'device')).toBeDefined();
    expect((await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: sid! } })).statusCode).toBe(200);
    // The challenge is used up.
    later(t, 30 * SECOND);
    const again = await post(t, '/api/auth/login/2fa', challenge, { code: code(t, owner.secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: TWO_FACTOR_CHALLENGE_ENDED });
    // Without any challenge: 401 too.
    expect((await post(t, '/api/auth/login/2fa', undefined, { code: '123456' })).statusCode).toBe(401);
  });

  it('refuses a replayed code and codes outside one step either side; accepts the step before and after', async () => {
    const t = get();
    startClock(t);
    const owner = await userWithTwoFactor(t);
    const first = await passwordStep(t, owner.email);
    const used = code(t, owner.secret);
    expect((await post(t, '/api/auth/login/2fa', first.challenge, { code: used })).statusCode).toBe(200);

    // The same code (same step) again, at once: a replay.
    const second = await passwordStep(t, owner.email);
    const replay = await post(t, '/api/auth/login/2fa', second.challenge, { code: used });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: WRONG_TWO_FACTOR_CODE });

    // Two steps away either way: outside the window.
    later(t, 2 * MINUTE);
    expect((await post(t, '/api/auth/login/2fa', second.challenge, { code: code(t, owner.secret, -60 * SECOND) })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/login/2fa', second.challenge, { code: code(t, owner.secret, 60 * SECOND) })).statusCode).toBe(400);
    // One step back (a slow typist) is fine, and afterwards that step and the ones before it are spent.
    const slow = await post(t, '/api/auth/login/2fa', second.challenge, { code: code(t, owner.secret, -30 * SECOND) });
    expect(slow.statusCode, slow.body).toBe(200);
    const third = await passwordStep(t, owner.email);
    expect((await post(t, '/api/auth/login/2fa', third.challenge, { code: code(t, owner.secret, -30 * SECOND) })).statusCode).toBe(400);
    // One step ahead (a phone's clock a little fast) is fine.
    expect((await post(t, '/api/auth/login/2fa', third.challenge, { code: code(t, owner.secret, 30 * SECOND) })).statusCode).toBe(200);
  });

  it('signs in with a recovery code once only, audited, in any case and without the dash', async () => {
    const t = get();
    startClock(t);
    const manager = await userWithTwoFactor(t, 'manager');
    const [recovery, other] = manager.recoveryCodes as [string, string];

    const first = await passwordStep(t, manager.email);
    const done = await post(t, '/api/auth/login/2fa', first.challenge, { code: recovery });
    expect(done.statusCode, done.body).toBe(200);
    expect(cookieOf(done, 'sid')).toBeDefined();

    const second = await passwordStep(t, manager.email);
    const reused = await post(t, '/api/auth/login/2fa', second.challenge, { code: recovery });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: WRONG_TWO_FACTOR_CODE });
    const written = await post(t, '/api/auth/login/2fa', second.challenge, { code: other.replace('-', '').toUpperCase() });
    expect(written.statusCode, written.body).toBe(200);

    const audit = await auditRows(t.database.db, manager.id);
    const used = audit.filter((row) => row.action === 'two_factor.recovery_code_used');
    expect(used).toHaveLength(2);
    expect(used[1]).toMatchObject({ actor_id: manager.id, after: { recoveryCodesLeft: 8 } });
    expect(JSON.stringify(audit)).not.toContain(recovery);
  });

  it('ends the challenge after five wrong codes: the password must be entered again', async () => {
    const t = get();
    startClock(t);
    const owner = await userWithTwoFactor(t);
    const { challenge } = await passwordStep(t, owner.email);
    const wrong = String((Number(code(t, owner.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await post(t, '/api/auth/login/2fa', challenge, { code: attempt === 2 ? 'aaaaa-aaaaa' : wrong });
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const fifth = await post(t, '/api/auth/login/2fa', challenge, { code: wrong });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: TWO_FACTOR_TOO_MANY_CODES });
    // Even the right code does not revive it.
    const right = await post(t, '/api/auth/login/2fa', challenge, { code: code(t, owner.secret) });
    expect(right.statusCode).toBe(401);
    expect(cookieOf(right, 'sid')).toBeUndefined();
    // A new sign-in with the password gets a new challenge, and the right code works.
    const fresh = await passwordStep(t, owner.email);
    expect((await post(t, '/api/auth/login/2fa', fresh.challenge, { code: code(t, owner.secret) })).statusCode).toBe(200);
  });

  it('lets the challenge expire five minutes after the password', async () => {
    const t = get();
    startClock(t);
    const owner = await userWithTwoFactor(t);
    const { challenge } = await passwordStep(t, owner.email);
    later(t, 5 * MINUTE + SECOND);
    const late = await post(t, '/api/auth/login/2fa', challenge, { code: code(t, owner.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ message: TWO_FACTOR_CHALLENGE_ENDED });

    const onTime = await passwordStep(t, owner.email);
    later(t, 4 * MINUTE + 30 * SECOND);
    expect((await post(t, '/api/auth/login/2fa', onTime.challenge, { code: code(t, owner.secret) })).statusCode).toBe(200);
  });

  it('turns off with a code (password entered lately) or a recovery code; erases the secret and codes; audited', async () => {
    const t = get();
    startClock(t);
    const owner = await userWithTwoFactor(t);
    const off = (cookie: string, payload: unknown) => t.request({ method: 'DELETE', url: '/api/auth/2fa', headers: { cookie }, payload: payload as Record<string, unknown> });

    // The password was entered more than ten minutes ago: confirm it first.
    later(t, 11 * MINUTE);
    const stale = await off(owner.cookie, { code: code(t, owner.secret) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect((await post(t, '/api/auth/confirm-password', owner.cookie, { password: FACTORY_PASSWORD })).statusCode).toBe(204);

    expect((await off(owner.cookie, { code: code(t, owner.secret, 5 * MINUTE) })).statusCode).toBe(400);
    expect((await off(owner.cookie, { code: 'aaaaa-aaaaa' })).statusCode).toBe(400);
    const done = await off(owner.cookie, { code: code(t, owner.secret) });
    expect(done.statusCode, done.body).toBe(204);
    const [row] = await queryRows<{ secret: string | null; enabled: boolean; codes: number }>(
      t.database.db,
      sql`select totp_secret as secret, totp_enabled_at is not null as enabled, (select count(*)::int from recovery_codes where user_id = ${owner.id}) as codes from users where id = ${owner.id}`,
    );
    expect(row).toEqual({ secret: null, enabled: false, codes: 0 });
    expect((await off(owner.cookie, { code: code(t, owner.secret, 30 * SECOND) })).statusCode).toBe(409);
    // The password alone signs in again.
    const plain = await post(t, '/api/auth/login', undefined, { email: owner.email, password: FACTORY_PASSWORD });
    expect(plain.json()).toMatchObject({ id: owner.id, twoFactorEnabled: false });
    expect(cookieOf(plain, 'sid')).toBeDefined();

    // With a recovery code instead.
    const other = await userWithTwoFactor(t);
    expect((await off(other.cookie, { code: other.recoveryCodes[3] })).statusCode).toBe(204);
    expect((await auditRows(t.database.db, other.id)).map((r) => r.action)).toEqual([
      'two_factor.setup_started',
      'two_factor.enabled',
      'two_factor.recovery_code_used',
      'two_factor.disabled',
    ]);
    expect((await auditRows(t.database.db, owner.id)).at(-1)).toMatchObject({ action: 'two_factor.disabled', after: { with: 'code' } });
  });

  it('when the organisation requires it, keeps a manager without it to setting it up; owners and managers with it work', async () => {
    const t = get();
    startClock(t);
    const manager = await signedInUser(t, 'manager');
    const owner = await signedInUser(t, 'owner');
    const protectedManager = await userWithTwoFactor(t, 'manager');
    const agent = await signedInAgent(t);
    await setRequireManagerTwoFactor(t.database.db, true);
    try {
      const get_ = (url: string, cookie: string) => t.request({ method: 'GET', url, headers: { cookie } });
      const me = currentUser.parse((await get_('/api/auth/user', manager.cookie)).json());
      expect(me).toMatchObject({ id: manager.id, twoFactorEnabled: false, twoFactorSetupRequired: true });

      for (const url of ['/api/owner/dashboard', '/api/agents', `/api/rewards/agent/${agent.id}`, '/api/notifications', '/api/owner/leaderboard']) {
        const refused = await get_(url, manager.cookie);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
      }
      // What stays open: their sessions, sign-out, and setting it up.
      expect((await get_('/api/sessions', manager.cookie)).statusCode).toBe(200);
      expect((await post(t, '/api/auth/confirm-password', manager.cookie, { password: FACTORY_PASSWORD })).statusCode).toBe(204);

      // Signing in says so too.
      const signIn = await post(t, '/api/auth/login', undefined, { email: manager.email, password: FACTORY_PASSWORD });
      expect(currentUser.parse(signIn.json())).toMatchObject({ twoFactorSetupRequired: true });

      // Others are not held up: the owner without it, the manager with it, agents.
      expect((await get_('/api/owner/dashboard', owner.cookie)).statusCode).toBe(200);
      expect(currentUser.parse((await get_('/api/auth/user', owner.cookie)).json())).toMatchObject({ twoFactorSetupRequired: false });
      expect((await get_('/api/owner/dashboard', protectedManager.cookie)).statusCode).toBe(200);
      expect((await get_('/api/agent-tier-data', agent.cookie)).statusCode).toBe(200);
      // A manager may not turn it off while it is required.
      const off = await t.request({ method: 'DELETE', url: '/api/auth/2fa', headers: { cookie: protectedManager.cookie }, payload: { code: code(t, protectedManager.secret) } });
      expect(off.statusCode).toBe(403);

      // Once set up, everything is open again.
      const setup = await post(t, '/api/auth/2fa/setup', manager.cookie);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = twoFactorSetup.parse(setup.json());
      expect((await post(t, '/api/auth/2fa/enable', manager.cookie, { code: code(t, secret) })).statusCode).toBe(200);
      expect((await get_('/api/owner/dashboard', manager.cookie)).statusCode).toBe(200);
      expect(currentUser.parse((await get_('/api/auth/user', manager.cookie)).json())).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
    } finally {
      await setRequireManagerTwoFactor(t.database.db, false);
    }
    // Off again: a manager without it is not held up.
    const another = await signedInUser(t, 'manager');
    expect((await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: another.cookie } })).statusCode).toBe(200);
  });

  it('is for owners and managers: agents get 403, API tokens 403, nobody 401', async () => {
    const t = get();
    startClock(t);
    const agent = await signedInAgent(t);
    const owner = await createUser(t.database.db, { role: 'owner' });
    const token = await createApiToken(t.database.db, owner, ['read', 'entries:write', 'agents:write']);
    const calls = [
      { method: 'POST' as const, url: '/api/auth/2fa/setup' },
      { method: 'POST' as const, url: '/api/auth/2fa/enable', payload: { code: '123456' } },
      { method: 'DELETE' as const, url: '/api/auth/2fa', payload: { code: '123456' } },
    ];
    for (const call of calls) {
      expect((await t.request({ ...call, headers: { cookie: agent.cookie } })).statusCode, `${call.url} agent`).toBe(403);
      expect((await t.request({ ...call, headers: { authorization: token.authorization } })).statusCode, `${call.url} token`).toBe(403);
      expect((await t.request(call)).statusCode, `${call.url} anonymous`).toBe(401);
    }
    // An agent's session is no sign-in challenge.
    expect((await post(t, '/api/auth/login/2fa', agent.cookie, { code: '123456' })).statusCode).toBe(401);
    // And a user's session is not one either.
    const user = await signInUser(t.database.db, owner, t.clock.now);
    expect((await post(t, '/api/auth/login/2fa', user.cookie, { code: '123456' })).statusCode).toBe(401);
  });

  it('lets the owner turn off a manager’s two-factor sign-in (lost phone and codes), with the password just entered', async () => {
    const t = get();
    startClock(t);
    const manager = await userWithTwoFactor(t, 'manager');
    const owner = await signedInUser(t, 'owner');
    const reset = (cookie: string, id: number) => t.request({ method: 'DELETE', url: `/api/users/${id}/2fa`, headers: { cookie } });

    // The owner's own second factor is turned off on the account page, with a code.
    expect(await reset(owner.cookie, owner.id)).toMatchObject({ statusCode: 403 });
    expect((await reset(owner.cookie, 999_999)).statusCode).toBe(404);
    // An owner who signed in long ago enters the password again first.
    const stale = await signedInUser(t, 'owner', new Date(t.clock.now.getTime() - 60 * MINUTE));
    const refused = await reset(stale.cookie, manager.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect(currentUser.parse((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: manager.cookie } })).json()).twoFactorEnabled).toBe(true);

    expect((await reset(owner.cookie, manager.id)).statusCode).toBe(204);
    // The manager signs in with the password alone, and the recovery codes are gone.
    const login = await post(t, '/api/auth/login', undefined, { email: manager.email, password: FACTORY_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: manager.id, twoFactorEnabled: false });
    const left = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from recovery_codes where user_id = ${manager.id}`);
    expect(left[0]!.n).toBe(0);
    expect((await reset(owner.cookie, manager.id)).statusCode).toBe(409);
    expect((await auditRows(t.database.db, manager.id)).at(-1)).toMatchObject({ action: 'two_factor.reset', actor_id: owner.id });
    // Only the owner may.
    const other = await signedInUser(t, 'manager');
    expect((await reset(other.cookie, manager.id)).statusCode).toBe(403);
  });
});
