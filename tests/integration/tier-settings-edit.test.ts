import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { tierSetting, type TierSetting } from '../../contract/tiers';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent, signedInCookiesForSuite } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine, rawJsonRequest, type TestApp } from '../support/test-app';

const NOW = new Date('2026-11-18T15:00:00Z');
const SHIPPED_THRESHOLDS = ['5000.00', '10000.00', '20000.00', '35000.00', '50000.00', '75000.00', '100000.00', '150000.00', '200000.00', '300000.00', '500000.00', '1000000.00'];

async function listTiers(t: TestApp): Promise<TierSetting[]> {
  const res = await t.request({ method: 'GET', url: '/api/tier-settings' });
  expect(res.statusCode).toBe(200);
  return tierSetting.array().parse(res.json());
}

async function achievementsOf(t: TestApp, agentId: number) {
  return queryRows<{ tier_id: number; achieved_at: string }>(
    t.database.db,
    sql`select tier_id, to_char(achieved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as achieved_at
      from tier_achievements where agent_id = ${agentId} order by tier_id`,
  );
}

describeEachEngine(
  'PATCH /api/tier-settings/{id}',
  (get) => {
    const cookies = signedInCookiesForSuite(get);

    // Every test starts from the shipped thresholds and rewards.
    afterEach(async () => {
      const db = get().database.db;
      for (const [index, threshold] of SHIPPED_THRESHOLDS.entries()) {
        await db.execute(sql`update tier_settings set threshold = ${threshold}::numeric, rewards = 'Coming Soon' where tier_order = ${index + 1}`);
      }
    });

    const patch = (t: TestApp, id: number | string, payload: unknown, cookie: string | undefined = cookies.owner) =>
      t.request({ method: 'PATCH', url: `/api/tier-settings/${id}`, headers: cookie ? { cookie } : {}, payload: payload as object });

    it('changes a threshold within its neighbours, answering 200 with the tier', async () => {
      const t = get();
      const res = await patch(t, 3, { threshold: '25000' });
      expect(res.statusCode).toBe(200);
      expect(tierSetting.parse(res.json())).toEqual({ id: 3, name: 'Silver', color: '#94a3b8', threshold: '25000.00', rewards: 'Coming Soon', order: 3 });
      expect((await patch(t, 3, { threshold: 10000.01 })).json().threshold).toBe('10000.01');
      expect((await patch(t, 3, { threshold: '34999.99' })).json().threshold).toBe('34999.99');
      expect((await listTiers(t)).find((tier) => tier.id === 3)?.threshold).toBe('34999.99');
    });

    it('changes the rewards text, alone or with the threshold; cleared text reads Coming Soon', async () => {
      const t = get();
      const rewards = 'Noise-cancelling headphones\nExtra half day off';
      const res = await patch(t, 3, { rewards });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 3, rewards, threshold: '20000.00' });
      expect((await patch(t, 4, { rewards: 'Weekend getaway' })).statusCode).toBe(200);
      const both = await patch(t, 4, { threshold: '36000.50', rewards: ' \n ' });
      expect(both.statusCode).toBe(200);
      expect(both.json()).toMatchObject({ id: 4, rewards: 'Coming Soon', threshold: '36000.50' });
      const tiers = await listTiers(t);
      expect(tiers.find((tier) => tier.id === 3)?.rewards).toBe(rewards);
      expect(tiers.find((tier) => tier.id === 4)).toMatchObject({ rewards: 'Coming Soon', threshold: '36000.50' });
    });

    it('refuses a threshold that breaks the order with 400 naming the allowed range', async () => {
      const t = get();
      const before = await listTiers(t);
      const cases: Array<[number, string, string]> = [
        [3, '10000.00', 'Silver threshold must be between $10,000.01 and $34,999.99'],
        [3, '35000', 'Silver threshold must be between $10,000.01 and $34,999.99'],
        [3, '1', 'Silver threshold must be between $10,000.01 and $34,999.99'],
        [1, '10000', 'Starter threshold must be between $0.01 and $9,999.99'],
        [12, '500000', 'Legend threshold must be between $500,000.01 and $999,999,999,999.99'],
      ];
      for (const [id, threshold, message] of cases) {
        const res = await patch(t, id, { threshold, rewards: 'Not saved either' });
        expect(res.statusCode, `${id} ${threshold}`).toBe(400);
        expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path: 'threshold', message }] });
      }
      expect(await listTiers(t)).toEqual(before);
    });

    it("names the allowed range in the organisation's currency and locale once the owner changes them", async () => {
      const t = get();
      const settings = (payload: object) => t.request({ method: 'PATCH', url: '/api/settings', headers: { cookie: cookies.owner }, payload });
      expect((await settings({ currency: 'EUR', locale: 'de-DE' })).statusCode).toBe(200);
      try {
        const message = 'Silver threshold must be between 10.000,01\u00a0€ and 34.999,99\u00a0€';
        const res = await patch(t, 3, { threshold: '35000' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path: 'threshold', message }] });
        expect((await settings({ locale: 'en-US' })).statusCode).toBe(200);
        expect((await patch(t, 3, { threshold: '1' })).json().message).toBe('Silver threshold must be between €10,000.01 and €34,999.99');
      } finally {
        expect((await settings({ currency: 'USD', locale: 'en-US' })).statusCode).toBe(200);
      }
      expect((await patch(t, 3, { threshold: '1' })).json().message).toBe('Silver threshold must be between $10,000.01 and $34,999.99');
    });

    it('refuses malformed input with 400 and unknown tiers with 404, changing nothing', async () => {
      const t = get();
      const before = await listTiers(t);
      const bad: unknown[] = [
        {},
        { threshold: 0 },
        { threshold: '-5' },
        { threshold: 'abc' },
        { threshold: '1.234' },
        { threshold: '' },
        { threshold: null },
        { threshold: '1000000000000.00' },
        { rewards: 42 },
        { rewards: 'x'.repeat(5001) },
        { rewards: 'Nul\u0000' },
        { name: 'Renamed' },
        { threshold: '25000', order: 1 },
      ];
      for (const payload of bad) {
        const res = await patch(t, 3, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      for (const payload of ['null', '[]', '"x"', '{']) {
        const res = await t.request(rawJsonRequest('PATCH', '/api/tier-settings/3', payload, cookies.owner));
        expect(res.statusCode, payload).toBe(400);
      }
      for (const id of ['13', '0', '999999', 'abc', '-1']) {
        const res = await patch(t, id, { threshold: '25000' });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Tier not found', code: 'NOT_FOUND' });
      }
      expect(await listTiers(t)).toEqual(before);
    });

    it('is for the owner only: 401 anonymous, 403 agent and manager', async () => {
      const t = get();
      const before = await listTiers(t);
      expect((await patch(t, 3, { threshold: '25000' }, '')).statusCode).toBe(401);
      for (const cookie of [cookies.agent, cookies.manager]) {
        const res = await patch(t, 3, { threshold: '25000' }, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect(await listTiers(t)).toEqual(before);
    });

    it('records the achievement, dated now, for agents a lowered threshold now covers; raising keeps records', async () => {
      const t = get();
      const db = t.database.db;
      const reaches = await createAgent(db);
      const short = await createAgent(db);
      await addIncome(db, reaches, '16000.00', { now: new Date('2026-01-01T00:00:00Z') });
      await addIncome(db, short, '14999.99', { now: new Date('2026-01-01T00:00:00Z') });
      expect((await achievementsOf(t, reaches.id)).map((a) => a.tier_id)).toEqual([1, 2]);

      const res = await patch(t, 3, { threshold: '15000' });
      expect(res.statusCode).toBe(200);
      expect(await achievementsOf(t, reaches.id)).toEqual([
        { tier_id: 1, achieved_at: '2026-01-01T00:00:00' },
        { tier_id: 2, achieved_at: '2026-01-01T00:00:00' },
        { tier_id: 3, achieved_at: '2026-11-18T15:00:00' },
      ]);
      expect((await achievementsOf(t, short.id)).map((a) => a.tier_id)).toEqual([1, 2]);

      // Raising it again does not take the achievement back.
      expect((await patch(t, 3, { threshold: '30000' })).statusCode).toBe(200);
      expect((await achievementsOf(t, reaches.id)).map((a) => a.tier_id)).toEqual([1, 2, 3]);
      expect(await checkConsistency(db, t.config.orgTimezone)).toEqual([]);
    });

    it('counts a tier as reached when the peak total reaches a lowered threshold, even after a deduction', async () => {
      const t = get();
      const db = t.database.db;
      const dipped = await createAgent(db);
      await addIncome(db, dipped, '18000.00', { now: new Date('2026-01-01T00:00:00Z') });
      await addIncome(db, dipped, '-6000.00', { now: new Date('2026-02-01T00:00:00Z') });
      expect((await achievementsOf(t, dipped.id)).map((a) => a.tier_id)).toEqual([1, 2]);

      // Silver lowered to 17,000: the agent's total is 12,000 now but was 18,000 once.
      expect((await patch(t, 3, { threshold: '17000' })).statusCode).toBe(200);
      expect((await achievementsOf(t, dipped.id)).map((a) => a.tier_id)).toEqual([1, 2, 3]);
      expect(await checkConsistency(db, t.config.orgTimezone)).toEqual([]);

      // Lowered to just above the peak: not reached.
      const other = await createAgent(db);
      await addIncome(db, other, '25000.00', { now: new Date('2026-01-01T00:00:00Z') });
      await addIncome(db, other, '-10000.00', { now: new Date('2026-02-01T00:00:00Z') });
      expect((await patch(t, 4, { threshold: '25000.01' })).statusCode).toBe(200);
      expect((await achievementsOf(t, other.id)).map((a) => a.tier_id)).toEqual([1, 2, 3]);
      expect(await checkConsistency(db, t.config.orgTimezone)).toEqual([]);
    });

    it('checks concurrent edits of neighbouring tiers one after the other, so the order always holds', async () => {
      const t = get();
      for (let round = 0; round < 5; round++) {
        // Alone, each edit is valid; together Silver would end above Gold.
        const [silver, gold] = await Promise.all([patch(t, 3, { threshold: '30000' }), patch(t, 4, { threshold: '25000' })]);
        expect([silver.statusCode, gold.statusCode].sort()).toEqual([200, 400]);
        const thresholds = (await listTiers(t)).map((tier) => Number(tier.threshold));
        for (let i = 1; i < thresholds.length; i++) expect(thresholds[i]).toBeGreaterThan(thresholds[i - 1]!);
        await t.database.db.execute(sql`update tier_settings set threshold = case id when 3 then 20000 when 4 then 35000 end where id in (3, 4)`);
      }
    });

    it('never loses an achievement when a threshold is lowered while entries cross it', async () => {
      const t = get();
      for (let round = 0; round < 8; round++) {
        const agent = await createAgent(t.database.db);
        await addIncome(t.database.db, agent, '9000.00', { now: NOW });
        const [lowered, entry] = await Promise.all([
          patch(t, 2, { threshold: '9500' }),
          t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: cookies.owner }, payload: { agentId: agent.id, amount: '600' } }),
        ]);
        expect([lowered.statusCode, entry.statusCode]).toEqual([200, 201]);
        expect((await achievementsOf(t, agent.id)).map((a) => a.tier_id)).toEqual([1, 2]);
        expect((await patch(t, 2, { threshold: '10000' })).statusCode).toBe(200);
      }
    });
  },
  { now: NOW },
);
