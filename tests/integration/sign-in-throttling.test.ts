// Sign-in throttling (docs/decisions/0012-sign-in-throttling.md): strangers' wrong passwords slow an attacker but
// lock nobody out. Runs on both engines, through two app instances sharing one database, with client addresses
// taken from X-Forwarded-For (TRUST_PROXY=1), as behind a reverse proxy.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../../server/db/client';
import { queryRows } from '../../server/db/client';
import type { SignInRateLimits } from '../../server/http/security';
import { createAgent, createUser, FACTORY_PASSWORD, uniqueSuffix } from '../factories/accounts';
import { cookieHeaderFrom, findSetCookie } from '../support/sign-in';
import { testEngines } from '../support/test-database';
import { twinAppsForSuite } from '../support/twin-apps';

const MINUTE = 60_000;
const DELAY = { afterFailures: 3, baseMs: 200, maxMs: 800, windowMs: 15 * MINUTE };
const LIMITS: SignInRateLimits = { perIp: 5, windowMs: MINUTE, perIpAndAccount: 3, pairWindowMs: 15 * MINUTE, accountDelay: DELAY };
/** Argon2, the queries and a busy test machine: time a sign-in may take beyond its delay. */
const SLACK_MS = 2_000;

const WAIT_A_MINUTE = { message: 'Too many sign-in attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };
const WAIT_15_MINUTES = { message: 'Too many sign-in attempts. Please wait 15 minutes and try again.', code: 'RATE_LIMITED' };
const INVALID = { message: 'Invalid email or password', code: 'UNAUTHENTICATED' };

const kinds = [
  { kind: 'owner', url: '/api/auth/login', session: 'sid', device: 'device', make: (db: Db) => createUser(db, { role: 'owner' }) },
  { kind: 'agent', url: '/api/agents/login', session: 'agent_sid', device: 'agent_device', make: (db: Db) => createAgent(db) },
] as const;

let addressCount = 0;
/** A client address no other test uses (documentation ranges, so never a real client). */
const freshAddress = () => {
  const n = ++addressCount;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
};

describe('sign-in throttling', () => {
  for (const engine of testEngines()) {
    describe(`[${engine}]`, () => {
      let database: Database;
      let app: FastifyInstance;
      let twin: FastifyInstance;
      const clock = { now: new Date() };
      // Two instances on one database: the counters and the device secret live in the database.
      twinAppsForSuite(engine, clock, LIMITS, (apps) => ({ database, app, twin } = apps));

      const attempt = async (
        target: FastifyInstance,
        url: string,
        address: string,
        payload: Record<string, unknown>,
        cookie?: string,
      ): Promise<{ res: LightMyRequestResponse; ms: number }> => {
        const started = performance.now();
        const res = await target.inject({
          method: 'POST',
          url,
          headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
          payload,
        });
        return { res, ms: performance.now() - started };
      };

      for (const { kind, url, session, device, make } of kinds) {
        describe(`${kind} sign-in`, () => {
          it('survives the attack: wrong passwords from many addresses lock the account out nowhere', async () => {
            const account = await make(database.db);
            const right = { email: account.email, password: FACTORY_PASSWORD };

            // The person signs in once at home: the browser becomes a known device of the account.
            const home = freshAddress();
            const first = await attempt(app, url, home, right);
            expect(first.res.statusCode).toBe(200);
            const deviceLine = findSetCookie(first.res.headers['set-cookie'], device);
            expect(deviceLine).toBeDefined();
            expect(deviceLine).toMatch(/; Path=\/api(;|$)/);
            expect(deviceLine).toMatch(/; HttpOnly(;|$)/);
            expect(deviceLine).toMatch(/; SameSite=Strict(;|$)/);
            expect(deviceLine).not.toContain(account.email.split('@')[0]!);
            const knownDevice = cookieHeaderFrom(deviceLine);

            // The attack: wrong passwords, each from another address, in two waves of 6 at once, on both instances.
            // (Under decision 0050, the fifth in a minute blocked the right password for everyone, indefinitely.)
            const waves: number[][] = [];
            for (let wave = 0; wave < 2; wave++) {
              const results = await Promise.all(
                Array.from({ length: 6 }, (_, i) => attempt(i % 2 ? twin : app, url, freshAddress(), { email: account.email, password: `guess ${wave}-${i}` })),
              );
              for (const { res } of results) {
                expect(res.statusCode).toBe(401);
                expect(res.json()).toEqual(INVALID);
              }
              waves.push(results.map(({ ms }) => ms));
            }
            // The attacker is slowed: once the account has failed enough, every guess waits the longest delay.
            for (const ms of waves[1]!) expect(ms).toBeGreaterThanOrEqual(DELAY.maxMs - 5);

            // The person, on the known device, signs in at once: no delay, no refusal.
            const known = await attempt(twin, url, home, right, knownDevice);
            expect(known.res.statusCode).toBe(200);
            expect(known.ms).toBeLessThan(DELAY.maxMs);
            expect(findSetCookie(known.res.headers['set-cookie'], session)).toBeDefined();
            // ...even from an address it never used.
            const travelling = await attempt(app, url, freshAddress(), right, knownDevice);
            expect(travelling.res.statusCode).toBe(200);
            expect(travelling.ms).toBeLessThan(DELAY.maxMs);

            // On a new device at a new address, the person still gets in, after the bounded delay.
            const newDevice = await attempt(app, url, freshAddress(), right);
            expect(newDevice.res.statusCode).toBe(200);
            expect(newDevice.ms).toBeGreaterThanOrEqual(DELAY.maxMs - 5);
            expect(newDevice.ms).toBeLessThan(DELAY.maxMs + SLACK_MS);
            expect(findSetCookie(newDevice.res.headers['set-cookie'], device)).toBeDefined();
          });

          it('throttles an attacker at one address: 429 past the limit, even for the right password', async () => {
            const account = await make(database.db);
            const attacker = freshAddress();
            for (let i = 0; i < LIMITS.perIpAndAccount!; i++) {
              const { res } = await attempt(i % 2 ? twin : app, url, attacker, { email: account.email, password: `guess ${i}` });
              expect(res.statusCode).toBe(401);
            }
            const limited = await attempt(app, url, attacker, { email: ` ${account.email.toUpperCase()}`, password: FACTORY_PASSWORD });
            expect(limited.res.statusCode).toBe(429);
            expect(limited.res.json()).toEqual(WAIT_15_MINUTES);
            const retryAfter = Number(limited.res.headers['retry-after']);
            expect(retryAfter).toBeGreaterThan(14 * 60);
            expect(retryAfter).toBeLessThanOrEqual(15 * 60);
            expect(limited.res.headers['set-cookie']).toBeUndefined();

            // The person at another address is not refused (the account's failures only delay them).
            const owner = await attempt(twin, url, freshAddress(), { email: account.email, password: FACTORY_PASSWORD });
            expect(owner.res.statusCode).toBe(200);

            // Spraying many accounts from one address meets the per-address limit of the route.
            const sprayer = freshAddress();
            for (let i = 0; i < LIMITS.perIp; i++) {
              const { res } = await attempt(app, url, sprayer, { email: `probe-${uniqueSuffix()}@example.test`, password: 'guess' });
              expect(res.statusCode).toBe(401);
            }
            const sprayed = await attempt(twin, url, sprayer, { email: account.email, password: FACTORY_PASSWORD });
            expect(sprayed.res.statusCode).toBe(429);
            expect(sprayed.res.json()).toEqual(WAIT_A_MINUTE);
            expect(Number(sprayed.res.headers['retry-after'])).toBeLessThanOrEqual(60);

            // When the window is over, the address may try again.
            const start = clock.now;
            try {
              clock.now = new Date(start.getTime() + LIMITS.pairWindowMs! + 1_000);
              const later = await attempt(app, url, attacker, { email: account.email, password: FACTORY_PASSWORD });
              expect(later.res.statusCode).toBe(200);
            } finally {
              clock.now = start;
            }
          });

          it('resets the count of an address and account at a successful sign-in', async () => {
            const account = await make(database.db);
            const address = freshAddress();
            const start = clock.now;
            try {
              // Three rounds of two typos and the right password, a minute apart (so the per-address limit of the
              // route does not count): without the reset, the fourth attempt would pass the pair's limit of three.
              for (let round = 0; round < 3; round++) {
                clock.now = new Date(start.getTime() + round * (LIMITS.windowMs + 1_000));
                for (let i = 0; i < LIMITS.perIpAndAccount! - 1; i++) {
                  expect((await attempt(app, url, address, { email: account.email, password: `typo ${i}` })).res.statusCode).toBe(401);
                }
                expect((await attempt(twin, url, address, { email: account.email, password: FACTORY_PASSWORD })).res.statusCode).toBe(200);
              }
            } finally {
              clock.now = start;
            }
          });

          it('lets a known device through at an address others have used up, and throttles the device on its own', async () => {
            const account = await make(database.db);
            const office = freshAddress();
            const signedIn = await attempt(app, url, office, { email: account.email, password: FACTORY_PASSWORD });
            const knownDevice = cookieHeaderFrom(findSetCookie(signedIn.res.headers['set-cookie'], device));

            // Someone else at the office uses up the address's limit and this account's limit there.
            for (let i = 0; i < LIMITS.perIpAndAccount!; i++) {
              expect((await attempt(app, url, office, { email: account.email, password: `guess ${i}` })).res.statusCode).toBe(401);
            }
            for (let i = LIMITS.perIpAndAccount! + 1; i < LIMITS.perIp; i++) {
              expect((await attempt(app, url, office, { email: `probe-${uniqueSuffix()}@example.test`, password: 'x' })).res.statusCode).toBe(401);
            }
            expect((await attempt(app, url, office, { email: account.email, password: FACTORY_PASSWORD })).res.statusCode).toBe(429);

            // The known device is not held up by them.
            const known = await attempt(twin, url, office, { email: account.email, password: FACTORY_PASSWORD }, knownDevice);
            expect(known.res.statusCode).toBe(200);
            const renewed = cookieHeaderFrom(findSetCookie(known.res.headers['set-cookie'], device));

            // A tampered cookie, or one of another account, is no known device: the office's limit applies.
            const other = await make(database.db);
            const otherDevice = cookieHeaderFrom(findSetCookie((await attempt(app, url, freshAddress(), { email: other.email, password: FACTORY_PASSWORD })).res.headers['set-cookie'], device));
            const tampered = renewed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
            for (const cookie of [tampered, otherDevice, `${device}=${account.id}.${clock.now.getTime()}.${'a'.repeat(22)}.${'b'.repeat(43)}`]) {
              const res = (await attempt(app, url, office, { email: account.email, password: FACTORY_PASSWORD }, cookie)).res;
              expect(res.statusCode, cookie).toBe(429);
            }

            // A device cookie older than its 180 days is no known device either, even where the browser kept it.
            const start = clock.now;
            try {
              clock.now = new Date(start.getTime() + 181 * 24 * 60 * 60 * 1000);
              const busy = freshAddress();
              for (let i = 0; i < LIMITS.perIp; i++) {
                expect((await attempt(app, url, busy, { email: `probe-${uniqueSuffix()}@example.test`, password: 'x' })).res.statusCode).toBe(401);
              }
              expect((await attempt(app, url, busy, { email: account.email, password: FACTORY_PASSWORD }, renewed)).res.statusCode).toBe(429);
            } finally {
              clock.now = start;
            }

            // The device itself may not guess without limit either: it has its own count, like an address.
            for (let i = 0; i < LIMITS.perIpAndAccount!; i++) {
              expect((await attempt(app, url, office, { email: account.email, password: `guess ${i}` }, renewed)).res.statusCode).toBe(401);
            }
            const deviceLimited = await attempt(app, url, office, { email: account.email, password: FACTORY_PASSWORD }, renewed);
            expect(deviceLimited.res.statusCode).toBe(429);
            expect(deviceLimited.res.json()).toEqual(WAIT_15_MINUTES);
          });
        });
      }

      it('delays attempts on an email without an account like on one with an account (no account discovery)', async () => {
        const ghost = `ghost-${uniqueSuffix()}@example.test`;
        for (let i = 0; i < DELAY.afterFailures; i++) {
          const { res, ms } = await attempt(app, '/api/auth/login', freshAddress(), { email: ghost, password: 'guess' });
          expect(res.statusCode).toBe(401);
          expect(ms).toBeLessThan(DELAY.baseMs + SLACK_MS);
        }
        const delayed = await attempt(twin, '/api/auth/login', freshAddress(), { email: ghost, password: 'guess' });
        expect(delayed.res.statusCode).toBe(401);
        expect(delayed.ms).toBeGreaterThanOrEqual(DELAY.baseMs - 5);
      });

      it('keeps no email, address or device id in the counters table', async () => {
        const rows = await queryRows<{ key: string }>(database.db, sql`select key from sign_in_attempts`);
        expect(rows.length).toBeGreaterThan(0);
        for (const { key } of rows) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });
    });
  }
});
