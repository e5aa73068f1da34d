// Simultaneous requests (docs/product.md §15, "Races"). Also covered elsewhere, not repeated here:
// - 50 simultaneous claims of one tier by one agent: exactly one succeeds, through either claim path
//   (reward-claims.test.ts, "lets exactly one of 50 simultaneous claims of one tier through");
// - running totals of 1,000 simultaneous entries, in commit order (income-entries.test.ts, "keeps totals exact under
//   1,000 concurrent entries over 10 agents"); below, the same load is checked against period sums and tiers.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { agentPage } from '../../contract/agents';
import { ownerDashboard } from '../../contract/dashboard';
import { incomeEntry } from '../../contract/income-entries';
import { centsToMoneyString, parseMoneyToCents } from '../../contract/money';
import { tierSettingList, type TierSetting } from '../../contract/tiers';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signInAgent } from '../factories/accounts';
import { addIncome, createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

// Wednesday 18 November 2026, 15:00 UTC (the test organisation's time zone is UTC).
const NOW = new Date('2026-11-18T15:00:00Z');

/** A small deterministic generator, so a failure can be repeated. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * n);
  };
}

const cents = (money: string) => parseMoneyToCents(money)!;


async function tiers(t: TestApp): Promise<TierSetting[]> {
  return tierSettingList.parse((await t.request({ method: 'GET', url: '/api/tier-settings' })).json());
}

describeEachEngine(
  '1,000 simultaneous income entries over 10 agents',
  (get) => {
    it('give totals, week/month/year sums and achievements equal to what was sent', async () => {
      const t = get();
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const agents = await Promise.all(Array.from({ length: 10 }, () => createAgent(t.database.db)));
      // Dates on both sides of the week, month and year edges, and up to a day ahead.
      const dates = [
        { iso: '2026-11-18T14:00:00Z', week: true, month: true, year: true },
        { iso: '2026-11-19T14:00:00Z', week: true, month: true, year: true },
        { iso: '2026-11-16T00:00:00Z', week: true, month: true, year: true },
        { iso: '2026-11-15T23:59:59Z', week: false, month: true, year: true },
        { iso: '2026-11-01T00:00:00Z', week: false, month: true, year: true },
        { iso: '2026-10-31T23:59:59Z', week: false, month: false, year: true },
        { iso: '2026-01-01T00:00:00Z', week: false, month: false, year: true },
        { iso: '2025-12-31T23:59:59Z', week: false, month: false, year: false },
      ];
      const next = random(7);
      const sent = Array.from({ length: 1000 }, (_, i) => ({
        agent: agents[i % 10]!,
        amount: centsToMoneyString(BigInt(next(600_000) + 1) * (next(5) === 0 ? -1n : 1n)),
        date: dates[next(dates.length)]!,
      }));
      const dashboardBefore = ownerDashboard.parse((await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } })).json());

      const responses = await Promise.all(
        sent.map(({ agent, amount, date }) =>
          t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId: agent.id, amount, date: date.iso } }),
        ),
      );
      expect(responses.map((res) => res.statusCode).filter((status) => status !== 201)).toEqual([]);
      const written = responses.map((res) => incomeEntry.parse(res.json()));

      const sum = (rows: typeof sent) => centsToMoneyString(rows.reduce((total, row) => total + cents(row.amount), 0n));
      const { agents: summaries } = agentPage.parse((await t.request({ method: 'GET', url: '/api/agents?limit=100', headers: { cookie: owner } })).json());
      const thresholds = (await tiers(t)).map((tier) => ({ id: tier.id, cents: cents(tier.threshold) }));
      for (const agent of agents) {
        const mine = sent.filter((row) => row.agent.id === agent.id);
        expect(summaries.find((row) => row.id === agent.id)).toMatchObject({
          totalIncome: sum(mine),
          totalEntries: 100,
          weeklyIncome: sum(mine.filter((row) => row.date.week)),
          monthlyIncome: sum(mine.filter((row) => row.date.month)),
          yearlyIncome: sum(mine.filter((row) => row.date.year)),
        });
        // Tiers reached: every threshold at or below the highest running total the entries went through.
        const peak = written.filter((entry) => entry.agentId === agent.id).reduce((max, entry) => (cents(entry.newTotal) > max ? cents(entry.newTotal) : max), 0n);
        const achieved = await queryRows<{ tier_id: number }>(t.database.db, sql`select tier_id from tier_achievements where agent_id = ${agent.id} order by tier_id`);
        expect(achieved.map((row) => row.tier_id)).toEqual(thresholds.filter((tier) => tier.cents <= peak).map((tier) => tier.id));
      }

      const dashboard = ownerDashboard.parse((await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } })).json());
      const delta = (after: string, before: string) => centsToMoneyString(cents(after) - cents(before));
      expect(delta(dashboard.timePeriods.weekly.income, dashboardBefore.timePeriods.weekly.income)).toBe(sum(sent.filter((row) => row.date.week)));
      expect(delta(dashboard.timePeriods.monthly.income, dashboardBefore.timePeriods.monthly.income)).toBe(sum(sent.filter((row) => row.date.month)));
      expect(delta(dashboard.timePeriods.yearly.income, dashboardBefore.timePeriods.yearly.income)).toBe(sum(sent.filter((row) => row.date.year)));
      expect(await checkConsistency(t.database.db, t.config.orgTimezone)).toEqual([]);
    }, 60_000);
  },
  { now: NOW },
);

describeEachEngine(
  'simultaneous threshold edits of neighbouring tiers',
  (get) => {
    it('keep thresholds strictly increasing, applying each accepted edit and nothing of a refused one (20 rounds)', async () => {
      const t = get();
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const next = random(11);
      const statuses: number[] = [];
      for (let round = 0; round < 20; round++) {
        const before = await tiers(t);
        // Every tier at once, each to a value somewhere between its neighbours' current thresholds (or just past
        // them): alone most would be accepted, together neighbours cross each other.
        const edits = before.map((tier, i) => {
          const low = i === 0 ? 100n : cents(before[i - 1]!.threshold);
          const high = i === before.length - 1 ? cents(tier.threshold) * 2n : cents(before[i + 1]!.threshold);
          const span = high - low;
          const value = low - span / 10n + (span * BigInt(next(1200))) / 1000n;
          return { tier, threshold: centsToMoneyString(value > 0n ? value : 1n) };
        });
        const responses = await Promise.all(
          edits.map(({ tier, threshold }) =>
            t.request({ method: 'PATCH', url: `/api/tier-settings/${tier.id}`, headers: { cookie: owner }, payload: { threshold } }),
          ),
        );
        const after = await tiers(t);
        for (let i = 1; i < after.length; i++) expect(cents(after[i]!.threshold), `round ${round}`).toBeGreaterThan(cents(after[i - 1]!.threshold));
        for (const [i, res] of responses.entries()) {
          const { tier, threshold } = edits[i]!;
          const now = after.find((row) => row.id === tier.id)!;
          if (res.statusCode === 200) {
            expect(res.json().threshold).toBe(threshold);
            expect(now.threshold).toBe(threshold);
          } else {
            expect(res.statusCode, `round ${round}: ${res.body}`).toBe(400);
            expect(res.json().message).toMatch(/^\w+ threshold (must be between \$[\d,.]+ and \$[\d,.]+|cannot change)/);
            expect(now.threshold).toBe(tier.threshold);
          }
        }
        statuses.push(...responses.map((res) => res.statusCode));
      }
      // Both outcomes happen: the rounds do make neighbours collide.
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(20);
      expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(20);
    }, 60_000);
  },
  { now: NOW },
);

describeEachEngine(
  'entries, claims, threshold edits and deletions at once',
  (get) => {
    let owner: string;
    beforeAll(async () => {
      owner = await ownerCookie(get(), SESSIONS_OUTLIVE_CLOCK);
    });

    it('never fail with 5xx and leave every figure consistent, with nothing left of the deleted agent', async () => {
      const t = get();
      const db = t.database.db;
      const agents = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const agent = await createAgent(db);
          await addIncome(db, agent, `${18_000 + i * 1_500}.00`, { now: NOW });
          return { id: agent.id, cookie: (await signInAgent(db, agent, SESSIONS_OUTLIVE_CLOCK)).cookie };
        }),
      );
      const options = await Promise.all([1, 1, 2, 2, 3, 3, 4].map((tierId) => createRewardOption(db, { tierId })));
      const doomedAgent = agents[5]!;
      const doomedOption = options[6]!;

      const next = random(23);
      const requests: (() => Promise<{ kind: string; status: number }>)[] = [];
      const send = (kind: string, options: Parameters<TestApp['request']>[0]) => async () => ({ kind, status: (await t.request(options)).statusCode });
      for (let i = 0; i < 200; i++) {
        const agent = agents[next(agents.length)]!;
        const amount = centsToMoneyString(BigInt(next(400_000) + 1) * (next(4) === 0 ? -1n : 1n));
        requests.push(send('entry', { method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId: agent.id, amount } }));
      }
      for (let i = 0; i < 60; i++) {
        const agent = agents[next(agents.length)]!;
        const option = options[next(options.length)]!;
        requests.push(
          next(2) === 0
            ? send('claim', { method: 'POST', url: '/api/rewards/claim', headers: { cookie: agent.cookie }, payload: { agentId: agent.id, rewardId: option.id, fullName: 'Pat', email: 'pat@example.test', phone: '1', address: 'A', city: 'B', zipcode: 'C' } })
            : send('claim', { method: 'POST', url: '/api/agents/claim-reward', headers: { cookie: agent.cookie }, payload: { tierId: option.tierId, rewardOptionId: option.id, agentData: { name: 'Pat', email: 'pat@example.test', address: 'A' } } }),
        );
      }
      for (let i = 0; i < 20; i++) {
        const tierId = 2 + next(3);
        const threshold = [8_000, 12_000, 19_000, 26_000, 30_000][next(5)]!;
        requests.push(send('threshold', { method: 'PATCH', url: `/api/tier-settings/${tierId}`, headers: { cookie: owner }, payload: { threshold } }));
      }
      requests.push(send('delete-agent', { method: 'DELETE', url: `/api/agents/${doomedAgent.id}`, headers: { cookie: owner } }));
      requests.push(send('delete-option', { method: 'DELETE', url: `/api/rewards/${doomedOption.id}`, headers: { cookie: owner } }));
      requests.push(send('dashboard', { method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } }));
      // Shuffled, then all at once.
      for (let i = requests.length - 1; i > 0; i--) {
        const j = next(i + 1);
        [requests[i], requests[j]] = [requests[j]!, requests[i]!];
      }
      const results = await Promise.all(requests.map((request) => request()));

      const allowed: Record<string, number[]> = {
        entry: [201, 404],
        claim: [201, 400, 401, 404, 409],
        threshold: [200, 400],
        'delete-agent': [204],
        'delete-option': [204],
        dashboard: [200],
      };
      expect(results.filter((result) => !allowed[result.kind]!.includes(result.status))).toEqual([]);
      expect(results.filter((result) => result.kind === 'claim' && result.status === 201).length).toBeGreaterThan(0);

      expect(await checkConsistency(db, t.config.orgTimezone)).toEqual([]);
      const [left] = await queryRows<Record<string, number>>(
        db,
        sql`select
          (select count(*)::int from income_entries where agent_id = ${doomedAgent.id}) as entries,
          (select count(*)::int from reward_claims where agent_id = ${doomedAgent.id}) as claims,
          (select count(*)::int from sessions where agent_id = ${doomedAgent.id}) as sessions,
          (select count(*)::int from agent_period_totals where agent_id = ${doomedAgent.id}) as rollups,
          (select count(*)::int from tier_achievements where agent_id = ${doomedAgent.id}) as achievements,
          (select count(*)::int from reward_claims where reward_option_id = ${doomedOption.id}) as claims_of_deleted_option`,
      );
      expect(left).toEqual({ entries: 0, claims: 0, sessions: 0, rollups: 0, achievements: 0, claims_of_deleted_option: 0 });
      // Thresholds still strictly increasing, and every claim was made by an agent that had reached its tier once.
      const thresholds = (await tiers(t)).map((tier) => cents(tier.threshold));
      for (let i = 1; i < thresholds.length; i++) expect(thresholds[i]).toBeGreaterThan(thresholds[i - 1]!);
      const unearned = await queryRows<{ id: number }>(
        db,
        sql`select c.id from reward_claims c
          where not exists (select 1 from tier_achievements a where a.agent_id = c.agent_id and a.tier_id = c.tier_id)`,
      );
      expect(unearned).toEqual([]);
    }, 60_000);
  },
  { now: NOW },
);
