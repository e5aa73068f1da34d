// Sessions follow the account (issue 30, docs/decisions/0034-sessions-follow-the-account.md): a sign-in whose password
// was checked before the account changed (made inactive, its password changed or reset, two-factor turned on) leaves no
// session that works, whatever the order of the two; a two-factor challenge dies with the password it was started
// with; an agent made inactive acts no more. On both engines, over HTTP for the streams.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorSetup } from '../../contract/two-factor';
import { hashToken } from '../../server/auth/sessions';
import { totpCode } from '../../server/auth/totp';
import { claimTierReward } from '../../server/db/operations/claim-tier-reward';
import { updateAgentProfile } from '../../server/db/operations/update-agent-profile';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { queryRows, type Db } from '../../server/db/client';
import { createAgent, createUser, FACTORY_PASSWORD, signedInAgent, signedInUser, signInUser } from '../factories/accounts';
import { addIncome, createRewardOption } from '../factories/rewards';
import { mismatches } from '../support/conformance';
import { openEventStream, type OpenedStream } from '../support/event-stream';
import { httpCaller } from '../support/http-call';
import { listening, startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';

const HOUR = 60 * 60 * 1000;
/** Sign-ins raced against one change at most; those refused add the sign-in throttle's delays (docs/decisions/0012). */
const MAX_ATTEMPTS = 24;
/** The racing tests sign in many times (Argon2 each) over several rounds. */
const RACE_TIMEOUT_MS = 180_000;

function cookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const cookie = res.cookies.find((c) => c.name === name && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/**
 * The session row a sign-in leaves when its insert commits after a change of the account it had checked the password
 * of (the only order the check at sign-in cannot see): written as that sign-in writes it, with the columns every
 * version of the schema has, so the credential version is the one the account had before the change.
 */
async function leftOverSession(db: Db, kind: 'agent' | 'user', id: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + 24 * HOUR).toISOString();
  await db.execute(
    kind === 'agent'
      ? sql`insert into sessions (token_hash, kind, agent_id, expires_at, created_at) values (${hashToken(token)}, 'agent', ${id}, ${expires}::timestamptz, ${now.toISOString()}::timestamptz)`
      : sql`insert into sessions (token_hash, kind, user_id, expires_at, created_at) values (${hashToken(token)}, 'user', ${id}, ${expires}::timestamptz, ${now.toISOString()}::timestamptz)`,
  );
  return `${kind === 'agent' ? 'agent_sid' : 'sid'}=${token}`;
}

async function insertResetLink(db: Db, kind: 'agent' | 'user', id: number, now: Date): Promise<string> {
  const token = `binding-reset-${randomBytes(8).toString('hex')}`;
  await db.execute(
    sql`insert into password_resets (kind, account_id, token_hash, source, created_at, expires_at)
      values (${kind}, ${id}, ${hashToken(token)}, 'email', ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + HOUR).toISOString()}::timestamptz)`,
  );
  return token;
}

async function setRequireManagerTwoFactor(db: Db, on: boolean) {
  await db.execute(
    sql`insert into organisation_settings (id, org_name, require_manager_two_factor) values (1, 'Test', ${on})
      on conflict (id) do update set require_manager_two_factor = excluded.require_manager_two_factor`,
  );
}

for (const engine of testEngines()) {
  describe(`sessions follow the account [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    let owner: { cookie: string };
    const opened: OpenedStream[] = [];
    const call = httpCaller(() => base);
    let address = 0;
    /** Each attempt from its own address, so that the per-address sign-in limits stay out of the way. */
    const nextAddress = () => `10.77.${(++address >> 8) & 255}.${address & 255}`;
    const signInAgentForm = (email: string, password = FACTORY_PASSWORD) =>
      t.request({ method: 'POST', url: '/api/agents/login', remoteAddress: nextAddress(), payload: { email, password } });
    const open = async (path: string, cookie: string, lastEventId?: number) => {
      const stream = await openEventStream(`${base}${path}`, { cookie, ...(lastEventId !== undefined ? { lastEventId } : {}) });
      opened.push(stream);
      return stream;
    };

    beforeAll(async () => {
      t = await startTestApp(engine, { eventHub: { checkCredentialsMs: 100 } });
      base = await listening(t);
      owner = await signedInUser(t, 'owner');
    });
    afterAll(async () => {
      for (const stream of opened) stream.close();
      await t.close();
      // Every answer matched the OpenAPI document (tests/support/conformance.ts), the new refusals included.
      expect(mismatches.splice(0)).toEqual([]);
    });

    /**
     * Sign-ins of `agent` with its current password, some sent before `change` starts and more while it is in flight
     * (each waits only for the event loop's next turn, so their password checks straddle the change's commit in every
     * order); then every session any of them made must be refused on its first use.
     */
    async function raceSignInsAgainst(agent: { email: string }, change: () => Promise<{ status: number }>) {
      const attempts: Promise<LightMyRequestResponse>[] = [];
      for (let i = 0; i < 6; i++) attempts.push(signInAgentForm(agent.email));
      let settled = false;
      const changed = change().finally(() => {
        settled = true;
      });
      while (!settled && attempts.length < MAX_ATTEMPTS) {
        attempts.push(signInAgentForm(agent.email));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await changed).status).toBeLessThan(300);
      const answers = await Promise.all(attempts);
      const cookies = answers.map((res) => cookieOf(res, 'agent_sid')).filter((cookie): cookie is string => cookie !== undefined);
      const firstUse = await Promise.all(cookies.map((cookie) => call('GET', '/api/agents/me', { cookie })));
      return { attempts: answers.length, signedIn: cookies.length, working: firstUse.filter((res) => res.status !== 401).length };
    }

    it('leaves no working session from sign-ins racing a deactivation, in any order (many rounds)', async () => {
      for (let round = 0; round < 4; round++) {
        const agent = await createAgent(t.database.db);
        const outcome = await raceSignInsAgainst(agent, () => call('PATCH', `/api/agents/${agent.id}`, { cookie: owner.cookie, body: { active: false } }));
        expect(outcome, `round ${round}`).toMatchObject({ working: 0 });
        // Made active again, it has no session from before: the racing sign-ins' sessions stay dead.
        expect((await call('PATCH', `/api/agents/${agent.id}`, { cookie: owner.cookie, body: { active: true } })).status).toBe(200);
        const [row] = await queryRows<{ holding: number }>(
          t.database.db,
          sql`select count(*)::int as holding from sessions s join agents a on a.id = s.agent_id where a.id = ${agent.id} and s.credential_version = a.credential_version`,
        );
        expect(row!.holding, `round ${round}`).toBe(0);
      }
    }, RACE_TIMEOUT_MS);

    it('leaves no working session from sign-ins with the old password racing a password change or a reset', async () => {
      for (let round = 0; round < 3; round++) {
        const agent = await signedInAgent(t);
        const changed = await raceSignInsAgainst(agent, () =>
          call('POST', '/api/agents/me/password', { cookie: agent.cookie, body: { currentPassword: FACTORY_PASSWORD, newPassword: `changed password ${round}` } }),
        );
        expect(changed, `change, round ${round}`).toMatchObject({ working: 0 });
        // The session that changed it stays.
        expect((await call('GET', '/api/agents/me', { cookie: agent.cookie })).status).toBe(200);

        const other = await createAgent(t.database.db);
        const token = await insertResetLink(t.database.db, 'agent', other.id, t.clock.now);
        const reset = await raceSignInsAgainst(other, () => call('POST', '/api/password-resets/complete', { body: { token, newPassword: `reset password ${round}` } }));
        expect(reset, `reset, round ${round}`).toMatchObject({ working: 0 });
      }
    }, RACE_TIMEOUT_MS);

    it('refuses on first use a session made after a deactivation by a sign-in that checked the password before it', async () => {
      const agent = await createAgent(t.database.db);
      await addIncome(t.database.db, agent, '6000.00', { now: t.clock.now });
      const option = await createRewardOption(t.database.db, { tierId: 1 });
      expect((await call('PATCH', `/api/agents/${agent.id}`, { cookie: owner.cookie, body: { active: false } })).status).toBe(200);
      const cookie = await leftOverSession(t.database.db, 'agent', agent.id, t.clock.now);

      expect((await call('GET', '/api/agents/me', { cookie })).status).toBe(401);
      expect((await call('GET', '/api/agents/session', { cookie })).status).toBe(401);
      const claim = await call('POST', '/api/agents/claim-reward', {
        cookie,
        body: { tierId: 1, rewardOptionId: option.id, agentData: { name: 'Pat Example', email: 'pat@example.test', address: '1 Main Street' } },
      });
      expect(claim.status).toBe(401);
      expect((await call('PATCH', '/api/agents/me', { cookie, body: { position: 'Still here' } })).status).toBe(401);
      expect((await open('/api/events', cookie)).status).toBe(401);
      expect((await open('/api/events', cookie, 0)).status).toBe(401);
      // Made active again, that session stays dead: it was made for the credentials the deactivation ended.
      expect((await call('PATCH', `/api/agents/${agent.id}`, { cookie: owner.cookie, body: { active: true } })).status).toBe(200);
      expect((await call('GET', '/api/agents/me', { cookie })).status).toBe(401);
      const [claims] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from reward_claims where agent_id = ${agent.id}`);
      expect(claims!.count).toBe(0);
    });

    it('refuses on first use a session made after a password change or reset by a sign-in with the old password', async () => {
      const agent = await signedInAgent(t);
      const changed = await call('POST', '/api/agents/me/password', { cookie: agent.cookie, body: { currentPassword: FACTORY_PASSWORD, newPassword: 'a brand new password' } });
      expect(changed.status).toBe(204);
      expect((await call('GET', '/api/agents/me', { cookie: await leftOverSession(t.database.db, 'agent', agent.id, t.clock.now) })).status).toBe(401);
      expect((await call('GET', '/api/agents/me', { cookie: agent.cookie })).status).toBe(200);

      const manager = await signedInUser(t, 'manager');
      expect((await call('POST', '/api/auth/password', { cookie: manager.cookie, body: { currentPassword: FACTORY_PASSWORD, newPassword: 'a brand new password' } })).status).toBe(204);
      expect((await call('GET', '/api/auth/user', { cookie: await leftOverSession(t.database.db, 'user', manager.id, t.clock.now) })).status).toBe(401);
      expect((await call('GET', '/api/auth/user', { cookie: manager.cookie })).status).toBe(200);

      const other = await createUser(t.database.db, { role: 'manager' });
      const token = await insertResetLink(t.database.db, 'user', other.id, t.clock.now);
      expect((await call('POST', '/api/password-resets/complete', { body: { token, newPassword: 'a brand new password' } })).status).toBe(204);
      const stale = await leftOverSession(t.database.db, 'user', other.id, t.clock.now);
      expect((await call('GET', '/api/auth/user', { cookie: stale })).status).toBe(401);
      expect((await open('/api/events', stale)).status).toBe(401);
    });

    it('refuses the writes of an agent made inactive after its session was read (claim, profile)', async () => {
      const agent = await createAgent(t.database.db);
      await addIncome(t.database.db, agent, '6000.00', { now: t.clock.now });
      const option = await createRewardOption(t.database.db, { tierId: 1 });
      await t.database.db.execute(sql`update agents set status = 'inactive' where id = ${agent.id}`);
      const contact = { fullName: 'Pat', email: 'pat@example.test', phone: null, telegram: null, address: '1 Main Street', city: null, zipcode: null, shippingInstructions: null };
      const actor = { ...SYSTEM_ACTOR, kind: 'agent' as const, id: agent.id };
      await expect(claimTierReward(t.database.db, { agentId: agent.id, rewardOptionId: option.id, contact, now: t.clock.now, actor })).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      await expect(updateAgentProfile(t.database.db, agent.id, { position: 'Gone' }, actor, t.clock.now)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      const [row] = await queryRows<{ position: string; claims: number }>(
        t.database.db,
        sql`select position, (select count(*)::int from reward_claims where agent_id = ${agent.id}) as claims from agents where id = ${agent.id}`,
      );
      expect(row).toEqual({ position: 'Sales Agent', claims: 0 });
    });

    describe('two-factor sign-in', () => {
      /** A manager with two-factor sign-in on, set up and turned on in the session `cookie`; its secret. */
      async function turnOn(cookie: string): Promise<string> {
        const setup = await call('POST', '/api/auth/2fa/setup', { cookie });
        expect(setup.status, setup.text).toBe(200);
        const { secret } = twoFactorSetup.parse(setup.body);
        const enabled = await call('POST', '/api/auth/2fa/enable', { cookie, body: { code: totpCode(secret, t.clock.now.getTime()) } });
        expect(enabled.status, enabled.text).toBe(200);
        return secret;
      }

      it('ends a challenge started with the old password when the password is reset or changed', async () => {
        t.clock.now = new Date(t.clock.now.getTime() + HOUR);
        const manager = await signedInUser(t, 'manager');
        const secret = await turnOn(manager.cookie);
        t.clock.now = new Date(t.clock.now.getTime() + 60_000);
        const passwordStep = async () => {
          const res = await t.request({ method: 'POST', url: '/api/auth/login', remoteAddress: nextAddress(), payload: { email: manager.email, password: FACTORY_PASSWORD } });
          expect(res.json()).toEqual({ twoFactorRequired: true });
          return cookieOf(res, 'two_factor')!;
        };
        const codeStep = (challenge: string) =>
          t.request({ method: 'POST', url: '/api/auth/login/2fa', remoteAddress: nextAddress(), headers: { cookie: challenge }, payload: { code: totpCode(secret, t.clock.now.getTime()) } });

        const beforeReset = await passwordStep();
        const token = await insertResetLink(t.database.db, 'user', manager.id, t.clock.now);
        expect((await call('POST', '/api/password-resets/complete', { body: { token, newPassword: 'the reset password' } })).status).toBe(204);
        const afterReset = await codeStep(beforeReset);
        expect(afterReset.statusCode, afterReset.body).toBe(401);
        expect(cookieOf(afterReset, 'sid')).toBeUndefined();

        // The same for a change made in another session: sign in again with the new password (and a code) first.
        const newCookie = await signInUser(t.database.db, manager, t.clock.now);
        const beforeChange = await (async () => {
          const res = await t.request({ method: 'POST', url: '/api/auth/login', remoteAddress: nextAddress(), payload: { email: manager.email, password: 'the reset password' } });
          expect(res.json()).toEqual({ twoFactorRequired: true });
          return cookieOf(res, 'two_factor')!;
        })();
        expect((await call('POST', '/api/auth/password', { cookie: newCookie.cookie, body: { currentPassword: 'the reset password', newPassword: 'the changed password' } })).status).toBe(204);
        t.clock.now = new Date(t.clock.now.getTime() + 60_000);
        const afterChange = await codeStep(beforeChange);
        expect(afterChange.statusCode, afterChange.body).toBe(401);
        expect(cookieOf(afterChange, 'sid')).toBeUndefined();
      });

      it('ends the account’s other sessions and their streams when it is turned on; the current one stays', async () => {
        t.clock.now = new Date(t.clock.now.getTime() + HOUR);
        const manager = await signedInUser(t, 'manager');
        const other = await signInUser(t.database.db, manager, t.clock.now);
        const stream = await open('/api/events', other.cookie);
        expect(stream.status).toBe(200);
        await turnOn(manager.cookie);
        expect((await call('GET', '/api/auth/user', { cookie: other.cookie })).status).toBe(401);
        await stream.ended;
        expect((await call('GET', '/api/auth/user', { cookie: manager.cookie })).status).toBe(200);
        const listed = await call('GET', '/api/sessions', { cookie: manager.cookie });
        expect(listed.body).toMatchObject({ sessions: [{ current: true }] });
        expect((listed.body.sessions as unknown[]).length).toBe(1);
      });

      it('refuses the live stream, with or without a replay, to a manager who must set it up, and ends one open when the rule is turned on', async () => {
        const manager = await signedInUser(t, 'manager');
        const before = await open('/api/events', manager.cookie);
        expect(before.status).toBe(200);
        await setRequireManagerTwoFactor(t.database.db, true);
        try {
          await before.ended;
          for (const lastEventId of [undefined, 0]) {
            const refused = await open('/api/events', manager.cookie, lastEventId);
            expect(refused.status, `lastEventId ${lastEventId}`).toBe(403);
            expect(refused.refusal).toMatchObject({ code: 'FORBIDDEN' });
            expect(refused.messages).toEqual([]);
          }
          // Owners, and managers who have it on, keep their streams.
          expect((await open('/api/events', owner.cookie)).status).toBe(200);
          const enrolled = await signedInUser(t, 'manager');
          await turnOn(enrolled.cookie);
          expect((await open('/api/events', enrolled.cookie, 0)).status).toBe(200);
        } finally {
          await setRequireManagerTwoFactor(t.database.db, false);
        }
      });
    });
  });
}
