// TRUST_PROXY (docs/decisions/0047-proxies-trusted-by-count-or-address.md): the client's address is read from X-Forwarded-For
// only as far as the configured proxies vouch for it. What a client writes into the header itself (its left-most
// entries) must never become its address: not in the per-address sign-in limits, not in the audit trail.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { queryRows, type Database } from '../../server/db/client';
import type { SignInRateLimits } from '../../server/http/security';
import { createUser, signInUser, uniqueSuffix } from '../factories/accounts';
import { openTestDatabase, testEngines } from '../support/test-database';
import { testConfig } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

const MINUTE = 60_000;
const LIMITS: SignInRateLimits = {
  perIp: 3,
  windowMs: MINUTE,
  perIpAndAccount: 1_000,
  pairWindowMs: MINUTE,
  accountDelay: { afterFailures: 1_000, baseMs: 0, maxMs: 0, windowMs: MINUTE },
};

/** What a client sends to pass for someone else: it is written first, left of what the proxies append. */
const FORGED = '6.6.6.6';

describe('trusted proxies (TRUST_PROXY)', () => {
  for (const engine of testEngines()) {
    describe(`[${engine}]`, () => {
      let database: Database;
      const apps: Record<string, FastifyInstance> = {};
      const clock = { now: new Date() };
      beforeAll(async () => {
        database = await openTestDatabase(engine);
        for (const trust of ['1', '2', '10.0.0.0/8, 127.0.0.1', 'true']) {
          apps[trust] = await createApp({ database, config: testConfig({ TRUST_PROXY: trust }), webRoot: null, now: () => clock.now, signInRateLimits: LIMITS });
        }
      });
      afterAll(async () => {
        for (const app of Object.values(apps)) await app.close();
        await database?.close();
      });

      /** The address the audit trail records for an owner's change made through `via`. */
      async function auditedAddress(app: FastifyInstance, via: Pick<InjectOptions, 'remoteAddress' | 'headers'>): Promise<string | null> {
        const owner = await createUser(database.db, { role: 'owner' });
        const { cookie } = await signInUser(database.db, owner, clock.now);
        const res = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', remoteAddress: via.remoteAddress, headers: { ...via.headers, cookie } });
        expect(res.statusCode, res.body).toBe(200);
        await sequenceAll(database.db);
        const [row] = await queryRows<{ ip: string | null }>(
          database.db,
          sql`select ip from audit_log where action = 'two_factor.setup_started' and target_id = ${String(owner.id)}`,
        );
        return row!.ip;
      }

      const signInFrom = (app: FastifyInstance, via: Pick<InjectOptions, 'remoteAddress' | 'headers'>) =>
        app.inject({ method: 'POST', url: '/api/auth/login', ...via, payload: { email: `probe-${uniqueSuffix()}@example.test`, password: 'guess' } });

      it('with TRUST_PROXY=1, takes the address the one proxy saw, never what the client wrote before it', async () => {
        const app = apps['1']!;
        // The proxy (10.0.0.1) appends the address it was connected from; the client wrote FORGED itself.
        expect(await auditedAddress(app, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${FORGED}, 203.0.113.7` } })).toBe('203.0.113.7');
        expect(await auditedAddress(app, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.8' } })).toBe('203.0.113.8');

        // A client changing its forged entry at every attempt still meets the per-address limit.
        const client = '203.0.113.9';
        for (let i = 0; i < LIMITS.perIp; i++) {
          const res = await signInFrom(app, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `198.18.0.${i + 1}, ${client}` } });
          expect(res.statusCode).toBe(401);
        }
        const limited = await signInFrom(app, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `198.18.0.99, ${client}` } });
        expect(limited.statusCode).toBe(429);
        // The old meaning of "true" (every hop trusted) is gone: it is one proxy too.
        expect(await auditedAddress(apps.true!, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${FORGED}, 203.0.113.10` } })).toBe('203.0.113.10');
      });

      it('with TRUST_PROXY=2, takes the address the outer of two proxies saw', async () => {
        // Client -> CDN (appends the client) -> nginx (appends the CDN, 10.0.0.2) -> app, connected from 10.0.0.1.
        expect(await auditedAddress(apps['2']!, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${FORGED}, 203.0.113.11, 10.0.0.2` } })).toBe(
          '203.0.113.11',
        );
      });

      it('with the proxies’ addresses, believes only them: a client connecting directly is taken at its own address', async () => {
        const app = apps['10.0.0.0/8, 127.0.0.1']!;
        expect(await auditedAddress(app, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${FORGED}, 203.0.113.12, 10.0.0.2` } })).toBe(
          '203.0.113.12',
        );
        expect(await auditedAddress(app, { remoteAddress: '203.0.113.13', headers: { 'x-forwarded-for': FORGED } })).toBe('203.0.113.13');
        // And the direct client's forged header does not move it out of its per-address limit.
        for (let i = 0; i < LIMITS.perIp; i++) {
          expect((await signInFrom(app, { remoteAddress: '203.0.113.14', headers: { 'x-forwarded-for': `198.18.1.${i + 1}` } })).statusCode).toBe(401);
        }
        expect((await signInFrom(app, { remoteAddress: '203.0.113.14', headers: { 'x-forwarded-for': '198.18.1.99' } })).statusCode).toBe(429);
      });
    });
  }
});
