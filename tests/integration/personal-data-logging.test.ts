// Personal data of reward claims (names, addresses, phones, emails) reaches the owner only: never a log line, never
// a cache. The log still records the requests, refusals included (docs/security.md, V7 and V8).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser } from '../factories/accounts';
import { addIncome, createRewardOption } from '../factories/rewards';
import { openTestDatabase, testEngines } from '../support/test-database';
import { listening, testConfig } from '../support/test-app';

/** Contact details no other part of the test run uses, so that finding one in the log can only mean a leak. */
function privateContact() {
  const tag = randomBytes(4).toString('hex');
  return {
    fullName: `Zelda Quixote ${tag}`,
    email: `zelda.${tag}@private.example`,
    phone: `+1 555 ${parseInt(tag, 16) % 10_000_000}`,
    telegram: `@zq_${tag}`,
    address: `${tag} Secret Lane`,
    city: `Hiddenville ${tag}`,
    zipcode: `Z${tag}`,
    shippingInfo: `Ring twice, ask for ${tag}`,
  };
}

for (const engine of testEngines()) {
  describe(`personal data in the log [${engine}]`, () => {
    it('appears in no log line, whatever the outcome of the request, and is sent with no-store', async () => {
      const lines: string[] = [];
      const database = await openTestDatabase(engine);
      const now = new Date();
      const app = await createApp({
        database,
        config: testConfig(),
        webRoot: null,
        now: () => now,
        logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      });
      try {
        const db = database.db;
        const agent = await createAgent(db);
        await addIncome(db, agent, '25000.00', { now });
        const agentCookie = (await signInAgent(db, agent, now)).cookie;
        const owner = await createUser(db, { role: 'owner' });
        const ownerCookie = (await signInUser(db, owner, now)).cookie;
        const managerCookie = (await signInUser(db, await createUser(db, { role: 'manager' }), now)).cookie;
        const [tier1, tier2, tier3] = await Promise.all([1, 2, 3].map((tierId) => createRewardOption(db, { tierId })));

        const portal = privateContact();
        const dashboard = privateContact();
        const refused = privateContact();
        const failing = privateContact();
        const portalBody = (contact: ReturnType<typeof privateContact>, rewardId: number) => {
          const { shippingInfo: _shippingInfo, ...fields } = contact;
          return { agentId: agent.id, rewardId, ...fields };
        };
        const calls: (InjectOptions & { expected: number })[] = [
          { method: 'POST', url: '/api/rewards/claim', headers: { cookie: agentCookie }, payload: portalBody(portal, tier1!.id), expected: 201 },
          {
            method: 'POST',
            url: '/api/agents/claim-reward',
            headers: { cookie: agentCookie },
            payload: { tierId: 2, rewardOptionId: tier2!.id, agentData: { name: dashboard.fullName, email: dashboard.email, phone: dashboard.phone, address: dashboard.address, shippingInfo: dashboard.shippingInfo } },
            expected: 201,
          },
          // A second claim of tier 1 (409), a malformed one (400), one by a manager (403), one without a session (401).
          { method: 'POST', url: '/api/rewards/claim', headers: { cookie: agentCookie }, payload: portalBody(refused, tier1!.id), expected: 409 },
          { method: 'POST', url: '/api/rewards/claim', headers: { cookie: agentCookie }, payload: { ...portalBody(refused, tier3!.id), email: refused.fullName }, expected: 400 },
          { method: 'POST', url: '/api/rewards/claim', headers: { cookie: managerCookie }, payload: portalBody(refused, tier3!.id), expected: 403 },
          { method: 'POST', url: '/api/rewards/claim', payload: portalBody(refused, tier3!.id), expected: 401 },
          { method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: managerCookie }, expected: 403 },
          { method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: ownerCookie }, expected: 200 },
          { method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'not the password' }, expected: 401 },
          { method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD }, expected: 200 },
          // Search terms in a query string (an agent's email) are not logged either.
          { method: 'GET', url: `/api/agents?search=${encodeURIComponent(refused.email)}&page=1`, headers: { cookie: ownerCookie }, expected: 200 },
        ];
        const answers: string[] = [];
        for (const { expected, ...call } of calls) {
          const res = await app.inject(call);
          expect(res.statusCode, `${call.method} ${String(call.url)}: ${res.body}`).toBe(expected);
          expect(res.headers['cache-control'], `${call.method} ${String(call.url)}`).toBe('no-store');
          answers.push(res.body);
        }
        const claimsListing = answers[7]!;
        for (const value of [portal.fullName, portal.phone, portal.address, dashboard.email, dashboard.shippingInfo]) expect(claimsListing).toContain(value);

        // Mark Filled, and a claim the database refuses (a constraint added here): its error is logged (500).
        const [claim] = JSON.parse(claimsListing) as { id: number }[];
        const processed = await app.inject({ method: 'PATCH', url: `/api/reward-claims/${claim!.id}/process`, headers: { cookie: ownerCookie } });
        expect(processed.statusCode).toBe(200);
        await db.execute(sql`alter table reward_claims add constraint test_refuse_hiddenville check (city not like 'Hiddenville%') not valid`);
        const failed = await app.inject({ method: 'POST', url: '/api/rewards/claim', headers: { cookie: agentCookie }, payload: portalBody(failing, tier3!.id) });
        expect(failed.statusCode).toBe(500);
        expect(failed.body).not.toContain(failing.city);

        // Every request was logged, refusals with their status (who was refused what, and when)...
        const records = lines.map((line) => JSON.parse(line) as { msg?: string; res?: { statusCode?: number }; req?: { url?: string } });
        const completed = records.filter((record) => record.msg === 'request completed');
        expect(completed.length).toBe(calls.length + 2);
        expect(completed.map((record) => record.res?.statusCode).sort()).toEqual([...calls.map((call) => call.expected), 200, 500].sort());
        expect(records.some((record) => record.msg === 'request failed')).toBe(true);
        expect(records.some((record) => record.req?.url === '/api/agents?[redacted]')).toBe(true);
        // ...and not one line holds a personal field of any claim.
        const log = lines.join('\n');
        for (const contact of [portal, dashboard, refused, failing]) {
          for (const [field, value] of Object.entries(contact)) {
            expect(log.includes(value) || log.toLowerCase().includes(value.toLowerCase()), `${field} "${value}" in the log`).toBe(false);
          }
        }
      } finally {
        await app.close();
        await database.close();
      }
    }, 30_000);

    it('never holds a TV link’s token or an unsubscribe token: the paths that carry one are logged redacted', async () => {
      const lines: string[] = [];
      const database = await openTestDatabase(engine);
      const app = await createApp({
        database,
        config: testConfig(),
        webRoot: null,
        logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      });
      try {
        const ownerCookie = (await signInUser(database.db, await createUser(database.db, { role: 'owner' }))).cookie;
        const made = await app.inject({ method: 'POST', url: '/api/tv-links', headers: { cookie: ownerCookie }, payload: { name: 'Lobby', showAmounts: true } });
        expect(made.statusCode, made.body).toBe(201);
        const { token } = made.json<{ token: string }>();
        const base = await listening({ app });

        expect((await app.inject({ method: 'GET', url: `/api/tv/${token}` })).statusCode).toBe(200);
        // The board's stream, open until the screen goes away.
        const screen = new AbortController();
        const stream = await fetch(`${base}/api/tv/${token}/events`, { signal: screen.signal });
        expect(stream.status).toBe(200);
        screen.abort();
        // The board's page (the web app's route), a query string, and an odd spelling of the path.
        await app.inject({ method: 'GET', url: `/tv/${token}?fullscreen=1` });
        await app.inject({ method: 'GET', url: `/API/TV/${token}` });
        const unsubscribe = `tier_reached.agent.1.${'A'.repeat(43)}`;
        await app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${unsubscribe}` });

        const urls = () =>
          lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter((url): url is string => url !== undefined);
        // The stream's line is written when its request arrives; the others are answered already.
        for (let i = 0; i < 200 && !urls().includes('/api/tv/[redacted]/events'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(urls()).toEqual(
          expect.arrayContaining([
            '/api/tv/[redacted]',
            '/api/tv/[redacted]/events',
            '/tv/[redacted]?[redacted]',
            '/API/TV/[redacted]',
            '/api/notifications/unsubscribe/[redacted]',
          ]),
        );
        const log = lines.join('\n');
        expect(log.includes(token), 'the TV token in the log').toBe(false);
        expect(log.includes(unsubscribe), 'the unsubscribe token in the log').toBe(false);
      } finally {
        await app.close();
        await database.close();
      }
    }, 30_000);
  });
}
