// The per-account guess budget (docs/decisions/0035-per-account-guess-budget.md): wrong passwords and wrong two-factor
// codes from devices that never signed in to an account share one budget per account, counted in the database before
// the guess is checked, so that no number of addresses, parallel requests or instances gets more guesses through;
// devices that signed in before keep signing in. Two app instances on one database, addresses from X-Forwarded-For
// behind one proxy (TRUST_PROXY=1).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { twoFactorSetup, WRONG_TWO_FACTOR_CODE } from '../../contract/two-factor';
import { totpCode } from '../../server/auth/totp';
import type { Database, Db } from '../../server/db/client';
import type { SignInRateLimits } from '../../server/http/security';
import { createAgent, createUser, FACTORY_PASSWORD, signInUser, uniqueSuffix } from '../factories/accounts';
import { cookieHeaderFrom, findSetCookie } from '../support/sign-in';
import { testEngines } from '../support/test-database';
import { twinAppsForSuite } from '../support/twin-apps';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const PASSWORD_BUDGET = { failures: 6, windowMs: HOUR };
const CODE_BUDGET = { failures: 4, windowMs: HOUR };
const LIMITS: SignInRateLimits = {
  perIp: 5,
  windowMs: MINUTE,
  perIpAndAccount: 3,
  pairWindowMs: 15 * MINUTE,
  // The growing delay has tests of its own (sign-in-throttling.test.ts); here it would only slow the bursts down.
  accountDelay: { afterFailures: 1_000, baseMs: 0, maxMs: 0, windowMs: 15 * MINUTE },
  accountBudget: PASSWORD_BUDGET,
  twoFactorCodeBudget: CODE_BUDGET,
};

const kinds = [
  { kind: 'owner', url: '/api/auth/login', device: 'device', make: (db: Db) => createUser(db, { role: 'owner' }) },
  { kind: 'agent', url: '/api/agents/login', device: 'agent_device', make: (db: Db) => createAgent(db) },
] as const;

let addressCount = 0;
/** A client address no other test uses (a documentation range). */
const freshAddress = () => {
  const n = ++addressCount;
  return `203.0.${113 + Math.floor(n / 250)}.${(n % 250) + 1}`;
};

const statusCounts = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, res) => ({ ...counts, [res.statusCode]: (counts[res.statusCode] ?? 0) + 1 }), {});

/** "name=value" of a cookie the answer set, or undefined. */
const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const line = findSetCookie(res.headers['set-cookie'], name);
  return line ? cookieHeaderFrom(line) : undefined;
};

describe('per-account guess budget', () => {
  for (const engine of testEngines()) {
    describe(`[${engine}]`, () => {
      let database: Database;
      let app: FastifyInstance;
      let twin: FastifyInstance;
      const clock = { now: new Date('2026-12-01T09:00:00Z') };
      twinAppsForSuite(engine, clock, LIMITS, (apps) => ({ database, app, twin } = apps));
      /** Each test at its own hour: the budgets' windows of one test are over in the next. */
      const startClock = () => {
        clock.now = new Date(clock.now.getTime() + 3 * HOUR);
      };
      const later = (ms: number) => {
        clock.now = new Date(clock.now.getTime() + ms);
      };

      const post = (target: FastifyInstance, url: string, address: string, payload: Record<string, unknown>, cookie?: string) =>
        target.inject({ method: 'POST', url, headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) }, payload });

      const expectBudgetSpent = (res: LightMyRequestResponse) => {
        expect(res.statusCode, res.body).toBe(429);
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/sign in on a device you have signed in with before/) });
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(HOUR / SECOND);
        expect(res.headers['set-cookie']).toBeUndefined();
      };

      for (const { kind, url, device, make } of kinds) {
        describe(`${kind} passwords`, () => {
          it('lets through at most the budget of guesses from new devices, sent at once from many addresses to two instances', async () => {
            startClock();
            const account = await make(database.db);
            const right = { email: account.email, password: FACTORY_PASSWORD };
            const home = freshAddress();
            const first = await post(app, url, home, right);
            expect(first.statusCode, first.body).toBe(200);
            const knownDevice = cookieOf(first, device)!;

            // The attack of the review: wrong passwords, each from another address, all at once.
            const burst = 2 * PASSWORD_BUDGET.failures;
            const answers = await Promise.all(
              Array.from({ length: burst }, (_, i) => post(i % 2 ? twin : app, url, freshAddress(), { email: account.email, password: `guess ${i}` })),
            );
            expect(statusCounts(answers)).toEqual({ 401: PASSWORD_BUDGET.failures, 429: burst - PASSWORD_BUDGET.failures });
            for (const res of answers.filter((res) => res.statusCode === 429)) expectBudgetSpent(res);

            // Spent for every new device, the right password included...
            expectBudgetSpent(await post(twin, url, freshAddress(), right));
            // ...but not for the person's own browser, wherever it is.
            expect((await post(twin, url, freshAddress(), right, knownDevice)).statusCode).toBe(200);

            // Once the window is over, new devices may try again.
            later(PASSWORD_BUDGET.windowMs + SECOND);
            expect((await post(app, url, freshAddress(), right)).statusCode).toBe(200);
          });

          it('counts failures only: right passwords from new devices give their attempt back', async () => {
            startClock();
            const account = await make(database.db);
            for (let i = 0; i < PASSWORD_BUDGET.failures - 1; i++) {
              expect((await post(app, url, freshAddress(), { email: account.email, password: `typo ${i}` })).statusCode).toBe(401);
            }
            for (let i = 0; i < 3; i++) {
              expect((await post(twin, url, freshAddress(), { email: account.email, password: FACTORY_PASSWORD })).statusCode).toBe(200);
            }
            expect((await post(app, url, freshAddress(), { email: account.email, password: 'last typo' })).statusCode).toBe(401);
            expectBudgetSpent(await post(twin, url, freshAddress(), { email: account.email, password: FACTORY_PASSWORD }));
          });
        });
      }

      it('spends the budget of an email without an account the same way (no account discovery)', async () => {
        startClock();
        const ghost = `ghost-${uniqueSuffix()}@example.test`;
        for (let i = 0; i < PASSWORD_BUDGET.failures; i++) {
          expect((await post(app, '/api/auth/login', freshAddress(), { email: ghost, password: `guess ${i}` })).statusCode).toBe(401);
        }
        expectBudgetSpent(await post(twin, '/api/auth/login', freshAddress(), { email: ghost, password: 'guess' }));
      });

      describe('two-factor codes', () => {
        const code = (secret: string) => totpCode(secret, clock.now.getTime());
        const wrongCode = (secret: string) => String((Number(code(secret)) + 500_000) % 1_000_000).padStart(6, '0');

        /** An owner with two-factor sign-in on, and a session of theirs (password entered just now). */
        async function ownerWithTwoFactor() {
          const owner = await createUser(database.db, { role: 'owner' });
          const { cookie } = await signInUser(database.db, owner, clock.now);
          const setup = await post(app, '/api/auth/2fa/setup', freshAddress(), {}, cookie);
          expect(setup.statusCode, setup.body).toBe(200);
          const { secret } = twoFactorSetup.parse(setup.json());
          expect((await post(app, '/api/auth/2fa/enable', freshAddress(), { code: code(secret) }, cookie)).statusCode).toBe(200);
          later(30 * SECOND);
          return { ...owner, secret, session: cookie };
        }

        /** The password step from `address`: the two_factor challenge cookie it set. */
        async function challengeFrom(target: FastifyInstance, email: string, address: string, knownDevice?: string): Promise<string> {
          const res = await post(target, '/api/auth/login', address, { email, password: FACTORY_PASSWORD }, knownDevice);
          expect(res.json(), res.body).toEqual({ twoFactorRequired: true });
          return cookieOf(res, 'two_factor')!;
        }

        it('lets through at most the budget of wrong codes per account across challenges, addresses and instances', async () => {
          startClock();
          const owner = await ownerWithTwoFactor();
          // The person signs in at home with password and code: the browser becomes a known device.
          const home = freshAddress();
          const signedIn = await post(app, '/api/auth/login/2fa', home, { code: code(owner.secret) }, await challengeFrom(app, owner.email, home));
          expect(signedIn.statusCode, signedIn.body).toBe(200);
          const knownDevice = cookieOf(signedIn, 'device')!;
          later(30 * SECOND);

          // The attack of the review: the attacker has the password and starts four sign-ins from four addresses (a
          // right password used to start each challenge afresh), then sends three wrong codes on each, all at once.
          const attackers = await Promise.all(
            Array.from({ length: 4 }, async (_, i) => {
              const address = freshAddress();
              return { address, challenge: await challengeFrom(i % 2 ? twin : app, owner.email, address) };
            }),
          );
          const wrong = wrongCode(owner.secret);
          const answers = await Promise.all(
            attackers.flatMap(({ address, challenge }, i) => [0, 1, 2].map((j) => post((i + j) % 2 ? twin : app, '/api/auth/login/2fa', address, { code: wrong }, challenge))),
          );
          expect(statusCounts(answers)).toEqual({ 400: CODE_BUDGET.failures, 429: 12 - CODE_BUDGET.failures });
          for (const res of answers.filter((res) => res.statusCode === 400)) expect(res.json()).toMatchObject({ message: WRONG_TWO_FACTOR_CODE });
          for (const res of answers.filter((res) => res.statusCode === 429)) expectBudgetSpent(res);

          // The right code no longer helps the attacker (it used to sign in after any number of wrong ones)...
          expectBudgetSpent(await post(app, '/api/auth/login/2fa', attackers[0]!.address, { code: code(owner.secret) }, attackers[0]!.challenge));
          // ...nor does turning two-factor sign-in off with a session and a fresh password: it checks codes too.
          const off = await app.inject({
            method: 'DELETE',
            url: '/api/auth/2fa',
            headers: { 'x-forwarded-for': freshAddress(), cookie: owner.session },
            payload: { code: code(owner.secret) },
          });
          expectBudgetSpent(off);

          // The person at home signs in as usual: password and code from the known device.
          const challenge = await challengeFrom(twin, owner.email, home, knownDevice);
          const back = await post(twin, '/api/auth/login/2fa', home, { code: code(owner.secret) }, `${knownDevice}; ${challenge}`);
          expect(back.statusCode, back.body).toBe(200);
          expect(cookieOf(back, 'sid')).toBeDefined();

          // Once the window is over, a new device may enter a code again.
          later(CODE_BUDGET.windowMs + SECOND);
          const elsewhere = freshAddress();
          expect((await post(app, '/api/auth/login/2fa', elsewhere, { code: code(owner.secret) }, await challengeFrom(app, owner.email, elsewhere))).statusCode).toBe(200);
        });

        it('gives a known device a code budget of its own: a stolen device cookie with the password gets no more guesses', async () => {
          startClock();
          const owner = await ownerWithTwoFactor();
          const home = freshAddress();
          const signedIn = await post(app, '/api/auth/login/2fa', home, { code: code(owner.secret) }, await challengeFrom(app, owner.email, home));
          const knownDevice = cookieOf(signedIn, 'device')!;
          later(30 * SECOND);

          // The device travels: every request from another address.
          const withDevice = async () => `${knownDevice}; ${await challengeFrom(app, owner.email, freshAddress(), knownDevice)}`;
          const wrong = wrongCode(owner.secret);
          let cookie = '';
          for (let i = 0; i < CODE_BUDGET.failures; i++) {
            // A new challenge every two codes: the budget outlives challenges.
            if (i % 2 === 0) cookie = await withDevice();
            expect((await post(twin, '/api/auth/login/2fa', freshAddress(), { code: wrong }, cookie)).statusCode).toBe(400);
          }
          const spent = await post(app, '/api/auth/login/2fa', freshAddress(), { code: code(owner.secret) }, await withDevice());
          expect(spent.statusCode).toBe(429);
          expect(spent.json()).toMatchObject({ code: 'RATE_LIMITED' });
          // New devices have their budget still: the device's wrong codes were its own.
          const elsewhere = freshAddress();
          expect((await post(twin, '/api/auth/login/2fa', elsewhere, { code: code(owner.secret) }, await challengeFrom(twin, owner.email, elsewhere))).statusCode).toBe(200);
        });
      });
    });
  }
});
