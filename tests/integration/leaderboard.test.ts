import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { AGENT_PAGE_SIZE } from '../../contract/agents';
import { LEADERBOARD_PAGE_SIZE, leaderboardPage, ownerDashboard, type LeaderboardPage } from '../../contract/dashboard';
import { queryRows } from '../../server/db/client';
import { loadReferenceData } from '../../scripts/bench/bulk-load';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent, FACTORY_PASSWORD_HASH, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signedInAgent, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18 15:00 UTC: this month is November 2026.
const NOW = new Date('2026-11-18T15:00:00Z');


/** Ranks as the board gives them: one more than the agents with a higher income, so equal incomes share a rank. */
function sharedRanks(incomes: number[]): number[] {
  return incomes.map((income) => 1 + incomes.filter((other) => other > income).length);
}

async function readPage(t: TestApp, cookie: string, query: string): Promise<LeaderboardPage> {
  const res = await t.request({ method: 'GET', url: `/api/owner/leaderboard?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardPage.parse(res.json());
}

describeEachEngine(
  'GET /api/owner/leaderboard: ranks, pages and search',
  (get) => {
    let owner: string;
    /** Agent ids in leaderboard order, with the monthly income each must show. */
    let expected: Array<{ id: number; name: string; monthlyIncome: string }>;

    beforeAll(async () => {
      const t = get();
      const db = t.database.db;
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const agent = async (firstName: string, lastName: string, entries: Array<[string, string?]>) => {
        const row = await createAgent(db, { firstName, lastName });
        for (const [amount, date] of entries) await addIncome(db, row, amount, { now: NOW, ...(date ? { date: new Date(date) } : {}) });
        return row;
      };
      // Made in an order unlike the ranking, so that ids do not give it away.
      const minus = await agent('Minus', 'Thirty', [['-30.00']]);
      const sameB = await agent('Same', 'Name', [['100.00']]);
      const never = await agent('Never', 'Earned', []);
      const bea = await agent('Bea', 'Tie', [['150.00'], ['50.00']]);
      const wash = await agent('Wash', 'Out', [['50.00'], ['-50.00']]);
      const top = await agent('Top', 'Seller', [['500.00'], ['9000.00', '2026-10-15T12:00:00Z']]);
      const abe = await agent('Abe', 'Tie', [['200.00']]);
      const lastMonth = await agent('Last', 'Month', [['900.00', '2026-10-31T23:00:00Z']]);
      const minusTen = await agent('Minus', 'Ten', [['-10.00']]);
      const sameA = await agent('Same', 'Name', [['100.00']]);
      // Highest first; equal incomes by name, then id; no income this month (none at all, or +50 and -50) by name.
      expected = [
        { id: top.id, name: 'Top Seller', monthlyIncome: '500.00' },
        { id: abe.id, name: 'Abe Tie', monthlyIncome: '200.00' },
        { id: bea.id, name: 'Bea Tie', monthlyIncome: '200.00' },
        ...[sameB, sameA].sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, name: 'Same Name', monthlyIncome: '100.00' })),
        { id: lastMonth.id, name: 'Last Month', monthlyIncome: '0.00' },
        { id: never.id, name: 'Never Earned', monthlyIncome: '0.00' },
        { id: wash.id, name: 'Wash Out', monthlyIncome: '0.00' },
        { id: minusTen.id, name: 'Minus Ten', monthlyIncome: '-10.00' },
        { id: minus.id, name: 'Minus Thirty', monthlyIncome: '-30.00' },
      ];
    });

    it('ranks every agent by this month income, equal incomes sharing a rank and listed by name then id, on pages of any size', async () => {
      const t = get();
      const whole = await readPage(t, owner, '');
      expect(whole).toMatchObject({ total: expected.length, offset: 0, limit: AGENT_PAGE_SIZE });
      const ranks = sharedRanks(expected.map((agent) => Number(agent.monthlyIncome)));
      expect(ranks).toEqual([1, 2, 2, 4, 4, 6, 6, 6, 9, 10]);
      expect(whole.agents.map(({ id, name, monthlyIncome, rank }) => ({ id, name, monthlyIncome, rank }))).toEqual(
        expected.map((agent, index) => ({ ...agent, rank: ranks[index] })),
      );
      // Every agent carries the same figures as on the agents list.
      const top = whole.agents[0]!;
      expect(top).toMatchObject({ totalIncome: '9500.00', weeklyIncome: '500.00', yearlyIncome: '9500.00', totalEntries: 2, position: 'Sales Agent' });

      for (const limit of [1, 2, 3, 4]) {
        const ids: number[] = [];
        const ranks: number[] = [];
        for (let offset = 0; offset < expected.length; offset += limit) {
          const page = await readPage(t, owner, `offset=${offset}&limit=${limit}`);
          expect(page).toMatchObject({ total: expected.length, offset, limit });
          ids.push(...page.agents.map((agent) => agent.id));
          ranks.push(...page.agents.map((agent) => agent.rank));
        }
        expect(ids, `pages of ${limit}`).toEqual(expected.map((agent) => agent.id));
        expect(ranks).toEqual(sharedRanks(expected.map((agent) => Number(agent.monthlyIncome))));
      }
      expect(await readPage(t, owner, 'offset=10&limit=5')).toEqual({ agents: [], total: expected.length, offset: 10, limit: 5 });
    });

    it('the dashboard carries the first page of the same ranking', async () => {
      const t = get();
      const res = await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } });
      const dashboard = ownerDashboard.parse(res.json());
      const page = await readPage(t, owner, `limit=${LEADERBOARD_PAGE_SIZE}`);
      expect(dashboard.agents).toEqual(page.agents.map(({ rank: _rank, ...agent }) => agent));
      expect(dashboard.overview.totalAgents).toBe(expected.length);
    });

    it('a search keeps the ranks of the whole leaderboard and pages through the matches', async () => {
      const t = get();
      const same = await readPage(t, owner, 'search=SAME%20name');
      expect(same.total).toBe(2);
      expect(same.agents.map((agent) => [agent.id, agent.rank])).toEqual([
        [expected[3]!.id, 4],
        [expected[4]!.id, 4],
      ]);
      const second = await readPage(t, owner, 'search=same&offset=1&limit=1');
      expect(second).toMatchObject({ total: 2, offset: 1, limit: 1 });
      expect(second.agents.map((agent) => agent.rank)).toEqual([4]);
      expect((await readPage(t, owner, 'search=minus')).agents.map((agent) => agent.rank)).toEqual([9, 10]);
      expect(await readPage(t, owner, 'search=nobody-is-called-this')).toEqual({ agents: [], total: 0, offset: 0, limit: AGENT_PAGE_SIZE });

      // A search every agent matches (all emails hold "@") ranks exactly as no search does.
      const all = await readPage(t, owner, 'search=%40&limit=100');
      expect(all).toEqual({ ...(await readPage(t, owner, 'limit=100')) });
    });

    it('answers 401 without a session, 403 for an agent, and 400 for a bad page', async () => {
      const t = get();
      const anonymous = await t.request({ method: 'GET', url: '/api/owner/leaderboard' });
      expect(anonymous.statusCode).toBe(401);
      const agent = await signedInAgent(t, { signedInAt: SESSIONS_OUTLIVE_CLOCK });
      const asAgent = await t.request({ method: 'GET', url: '/api/owner/leaderboard', headers: { cookie: agent.cookie } });
      expect(asAgent.statusCode).toBe(403);
      const manager = (await signedInUser(t, 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
      expect((await t.request({ method: 'GET', url: '/api/owner/leaderboard', headers: { cookie: manager } })).statusCode).toBe(200);
      for (const query of ['offset=-5', 'limit=0', 'limit=500', 'offset=x', `search=${'y'.repeat(101)}`, 'limit=2&limit=3']) {
        const res = await t.request({ method: 'GET', url: `/api/owner/leaderboard?${query}`, headers: { cookie: owner } });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });
  },
  { now: NOW },
);

describeEachEngine(
  'GET /api/owner/leaderboard on bulk-loaded data',
  (get) => {
    const AGENTS = 1_200;
    let owner: string;
    let ranking: number[];
    let rankOf: number[];

    beforeAll(async () => {
      const t = get();
      const db = t.database.db;
      await loadReferenceData(db, {
        agents: AGENTS,
        entries: 20_000,
        months: 3,
        activities: 30_000,
        now: NOW,
        timeZone: t.config.orgTimezone,
        passwordHash: FACTORY_PASSWORD_HASH,
        batchSize: 7_000,
      });
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      // The whole ranking, sorted in the database from the month's roll-ups.
      const rows = await queryRows<{ id: number; rank: number }>(
        db,
        sql`select a.id, rank() over (order by coalesce(m.income, 0) desc)::int as rank from agents a
          left join agent_period_totals m on m.agent_id = a.id and m.period_kind = 'month' and m.period_start = '2026-11-01'
          order by coalesce(m.income, 0) desc, a.name, a.id`,
      );
      ranking = rows.map((row) => row.id);
      rankOf = rows.map((row) => row.rank);
    });

    it('leaves every running total, roll-up and achievement consistent with the entries and activities', async () => {
      const t = get();
      expect(await checkConsistency(t.database.db, t.config.orgTimezone)).toEqual([]);
      const [counts] = await queryRows<{ agents: number; entries: number; activities: number; metrics: string; deductions: number; months: number }>(
        t.database.db,
        sql`select (select count(*)::int from agents) as agents, (select count(*)::int from income_entries) as entries,
          (select count(*)::int from activities) as activities, (select string_agg(key, ',' order by id) from metrics) as metrics,
          (select count(*)::int from income_entries where amount < 0) as deductions,
          (select count(distinct date_trunc('month', date))::int from income_entries) as months`,
      );
      expect(counts).toMatchObject({ agents: AGENTS, entries: 20_000, activities: 30_000, metrics: 'calls,meetings,deals', months: 4 });
      expect(counts!.deductions).toBeGreaterThan(500);
    });

    it('serves the same ranking on shallow pages, deep pages and searches', async () => {
      const t = get();
      expect(ranking).toHaveLength(AGENTS);
      // Around the depth where the query changes strategy (1,000), and the end.
      for (const offset of [0, 25, 960, 975, 976, 990, 1_100, 1_190]) {
        const page = await readPage(t, owner, `offset=${offset}&limit=25`);
        expect(page.total).toBe(AGENTS);
        expect(page.agents.map((agent) => agent.id), `offset ${offset}`).toEqual(ranking.slice(offset, offset + 25));
        expect(page.agents.map((agent) => agent.rank)).toEqual(rankOf.slice(offset, offset + 25));
      }
      const everyone = await readPage(t, owner, 'search=bench.example&offset=980&limit=25');
      expect(everyone.total).toBe(AGENTS);
      expect(everyone.agents.map((agent) => agent.id)).toEqual(ranking.slice(980, 1005));

      const dashboard = ownerDashboard.parse((await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } })).json());
      expect(dashboard.agents.map((agent) => agent.id)).toEqual(ranking.slice(0, LEADERBOARD_PAGE_SIZE));
      expect(dashboard.overview.totalAgents).toBe(AGENTS);
    });
  },
  { now: NOW },
);
