import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_AGENT,
  agentDetail,
  agentEntriesPage,
  leaderboardBoardPage,
  myProfile,
  myRank,
  tierDistribution,
  trend,
  type BoardAgent,
  type LeaderboardBoardPage,
} from '../../contract/insight';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent, FACTORY_PASSWORD, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signInAgent, signInUser, signedInUser } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { openEventStream, type OpenedStream } from '../support/event-stream';
import { testEngines } from '../support/test-database';
import { describeEachEngine, startTestApp, type TestApp } from '../support/test-app';

async function board(t: TestApp, cookie: string, query: string): Promise<LeaderboardBoardPage> {
  const res = await t.request({ method: 'GET', url: `/api/owner/leaderboard?${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardBoardPage.parse(res.json());
}

const rows = (page: LeaderboardBoardPage, ...keys: Array<keyof BoardAgent>) =>
  page.agents.map((agent) => Object.fromEntries([['name', agent.name], ...keys.map((key) => [key, agent[key]])]));

// Wednesday 2026-11-25 15:00 UTC (10:00 in New York).
const NOW = new Date('2026-11-25T15:00:00Z');

describeEachEngine(
  'Insight: period boundaries in ORG_TIMEZONE',
  (get) => {
    const ZONE = 'America/New_York';
    let owner: string;

    beforeAll(async () => {
      const t = get();
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const agent = await createAgent(t.database.db, { firstName: 'Edge', lastName: 'Case' });
      const at = (iso: string, amount: string) => addIncome(t.database.db, agent, amount, { now: NOW, date: new Date(iso), timeZone: ZONE });
      // Clocks went back on Sunday 2026-11-01 at 02:00 (EDT -> EST).
      await at('2026-10-26T03:59:00Z', '1.00'); // Sunday 2026-10-25 23:59 EDT: the week of 19 October
      await at('2026-10-26T04:00:00Z', '2.00'); // Monday 2026-10-26 00:00 EDT: the week of 26 October
      await at('2026-11-02T04:30:00Z', '4.00'); // Sunday 2026-11-01 23:30 EST, after the change: still the week of 26 October
      await at('2026-11-02T05:00:00Z', '8.00'); // Monday 2026-11-02 00:00 EST: the week of 2 November
      await at('2026-10-01T03:59:00Z', '16.00'); // Wednesday 2026-09-30 23:59 EDT: the third quarter
      await at('2026-10-01T04:00:00Z', '32.00'); // Thursday 2026-10-01 00:00 EDT: the fourth quarter
      await at('2026-01-01T04:59:00Z', '64.00'); // Wednesday 2025-12-31 23:59 EST: 2025
      await at('2026-01-01T05:00:00Z', '128.00'); // Thursday 2026-01-01 00:00 EST: 2026
    });

    const incomeOf = async (query: string) => (await board(get(), owner, query)).agents.find((agent) => agent.name === 'Edge Case')?.periodIncome;

    it('starts weeks on Monday in the organisation’s zone, across the change of the clocks', async () => {
      expect(await incomeOf('period=week&at=2026-10-25')).toBe('1.00');
      expect(await incomeOf('period=week&at=2026-10-26')).toBe('6.00');
      expect(await incomeOf('period=week&at=2026-11-01')).toBe('6.00');
      expect(await incomeOf('period=week&at=2026-11-02')).toBe('8.00');
      const page = await board(get(), owner, 'period=week&at=2026-11-01');
      expect(page.period).toEqual({ kind: 'week', start: '2026-10-26', end: '2026-11-02', previous: '2026-10-19', next: '2026-11-02' });
    });

    it('cuts quarters and years at local midnight', async () => {
      expect(await incomeOf('period=quarter&at=2026-09-30')).toBe('16.00');
      expect(await incomeOf('period=quarter&at=2026-10-01')).toBe('47.00');
      expect(await incomeOf('period=year&at=2025-12-31')).toBe('64.00');
      expect(await incomeOf('period=year')).toBe('191.00');
      expect(await incomeOf('period=all')).toBe('255.00');
      expect(await incomeOf('period=month&at=2026-09-15')).toBe('16.00');
      expect(await incomeOf('period=month&at=2026-10-15')).toBe('35.00');
      const quarter = await board(get(), owner, 'period=quarter');
      expect(quarter.period).toEqual({ kind: 'quarter', start: '2026-10-01', end: '2027-01-01', previous: '2026-07-01', next: null });
    });

    it('keeps the quarter roll-ups consistent with the entries (db:check)', async () => {
      const t = get();
      expect(await checkConsistency(t.database.db, ZONE)).toEqual([]);
    });
  },
  { now: NOW, env: { ORG_TIMEZONE: 'America/New_York' } },
);

describeEachEngine(
  'Insight: ranks, ties, movement and growth',
  (get) => {
    let owner: string;

    beforeAll(async () => {
      const t = get();
      const db = t.database.db;
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const agent = async (firstName: string, lastName: string, october: string | null, november: string | null) => {
        const row = await createAgent(db, { firstName, lastName });
        if (october) await addIncome(db, row, october, { now: NOW, date: new Date('2026-10-15T12:00:00Z') });
        if (november) await addIncome(db, row, november, { now: NOW, date: new Date('2026-11-20T12:00:00Z') });
        return row;
      };
      // Made in an order unlike the ranking.
      await agent('Zed', 'None', null, null);
      await agent('Dee', 'New', null, '3000.00');
      await agent('Eve', 'Faded', '4000.00', null);
      await agent('Cal', 'Flat', '1000.00', '1000.00');
      await agent('Ben', 'Under', '999.99', '5000.00');
      await agent('Ann', 'Grew', '2000.00', '3000.00');
    });

    it('ranks this month with shared ranks for equal incomes (listed by name) and last month’s standing', async () => {
      const page = await board(get(), owner, '');
      expect(page.mode).toBe('income');
      expect(page.period).toEqual({ kind: 'month', start: '2026-11-01', end: '2026-12-01', previous: '2026-10-01', next: null });
      expect(rows(page, 'rank', 'periodIncome', 'previousRank', 'previousIncome')).toEqual([
        { name: 'Ben Under', rank: 1, periodIncome: '5000.00', previousRank: 4, previousIncome: '999.99' },
        { name: 'Ann Grew', rank: 2, periodIncome: '3000.00', previousRank: 2, previousIncome: '2000.00' },
        { name: 'Dee New', rank: 2, periodIncome: '3000.00', previousRank: null, previousIncome: '0.00' },
        { name: 'Cal Flat', rank: 4, periodIncome: '1000.00', previousRank: 3, previousIncome: '1000.00' },
        { name: 'Eve Faded', rank: 5, periodIncome: '0.00', previousRank: 1, previousIncome: '4000.00' },
        { name: 'Zed None', rank: 5, periodIncome: '0.00', previousRank: null, previousIncome: '0.00' },
      ]);
      // The same board for a day of this month, searched (ranks stay those of the whole board), and in pages.
      expect(rows(await board(get(), owner, 'at=2026-11-02&search=dee%20new'), 'rank', 'previousRank')).toEqual([{ name: 'Dee New', rank: 2, previousRank: null }]);
      const second = await board(get(), owner, 'offset=2&limit=2');
      expect(rows(second, 'rank')).toEqual([
        { name: 'Dee New', rank: 2 },
        { name: 'Cal Flat', rank: 4 },
      ]);
      expect(second.total).toBe(6);
    });

    it('shows a past month with its own previous month, and the way back to now', async () => {
      const page = await board(get(), owner, 'period=month&at=2026-10-31');
      expect(page.period).toEqual({ kind: 'month', start: '2026-10-01', end: '2026-11-01', previous: '2026-09-01', next: '2026-11-01' });
      expect(rows(page, 'rank', 'periodIncome', 'previousRank')).toEqual([
        { name: 'Eve Faded', rank: 1, periodIncome: '4000.00', previousRank: null },
        { name: 'Ann Grew', rank: 2, periodIncome: '2000.00', previousRank: null },
        { name: 'Cal Flat', rank: 3, periodIncome: '1000.00', previousRank: null },
        { name: 'Ben Under', rank: 4, periodIncome: '999.99', previousRank: null },
        { name: 'Dee New', rank: 5, periodIncome: '0.00', previousRank: null },
        { name: 'Zed None', rank: 5, periodIncome: '0.00', previousRank: null },
      ]);
    });

    it('ranks by growth only the agents who earned at least $1,000 in the previous period and more in this one', async () => {
      const page = await board(get(), owner, 'mode=growth');
      expect(page.mode).toBe('growth');
      // Cal stood still (0%) and Eve fell back (-100%): neither is among the most improved.
      expect(page.total).toBe(1);
      expect(rows(page, 'rank', 'growth', 'periodIncome', 'previousIncome')).toEqual([
        { name: 'Ann Grew', rank: 1, growth: '50.0', periodIncome: '3000.00', previousIncome: '2000.00' },
      ]);
      expect((await board(get(), owner, 'mode=growth&period=quarter')).agents).toEqual([]);
    });

    it('ranks all time by running totals, without a previous period', async () => {
      const page = await board(get(), owner, 'period=all');
      expect(page.period).toEqual({ kind: 'all', start: null, end: null, previous: null, next: null });
      expect(rows(page, 'rank', 'periodIncome', 'previousRank', 'previousIncome')).toEqual([
        { name: 'Ben Under', rank: 1, periodIncome: '5999.99', previousRank: null, previousIncome: null },
        { name: 'Ann Grew', rank: 2, periodIncome: '5000.00', previousRank: null, previousIncome: null },
        { name: 'Eve Faded', rank: 3, periodIncome: '4000.00', previousRank: null, previousIncome: null },
        { name: 'Dee New', rank: 4, periodIncome: '3000.00', previousRank: null, previousIncome: null },
        { name: 'Cal Flat', rank: 5, periodIncome: '2000.00', previousRank: null, previousIncome: null },
        { name: 'Zed None', rank: 6, periodIncome: '0.00', previousRank: null, previousIncome: null },
      ]);
      // This quarter and this year hold every entry here: the same order.
      expect(rows(await board(get(), owner, 'period=quarter'), 'rank', 'periodIncome')).toEqual(rows(page, 'rank', 'periodIncome'));
      expect(rows(await board(get(), owner, 'period=year'), 'rank', 'periodIncome')).toEqual(rows(page, 'rank', 'periodIncome'));
    });

    it('gives the team’s income by week and by month, and where agents sit on the tiers', async () => {
      const t = get();
      const weeks = trend.parse((await t.request({ method: 'GET', url: '/api/owner/trends?granularity=week&count=3', headers: { cookie: owner } })).json());
      expect(weeks.points).toEqual([
        { start: '2026-11-09', income: '0.00' },
        { start: '2026-11-16', income: '12000.00' },
        { start: '2026-11-23', income: '0.00' },
      ]);
      const months = trend.parse((await t.request({ method: 'GET', url: '/api/owner/trends?granularity=month', headers: { cookie: owner } })).json());
      expect(months.points).toHaveLength(12);
      expect(months.points.at(0)).toEqual({ start: '2025-12-01', income: '0.00' });
      expect(months.points.slice(-2)).toEqual([
        { start: '2026-10-01', income: '7999.99' },
        { start: '2026-11-01', income: '12000.00' },
      ]);

      const spread = tierDistribution.parse((await t.request({ method: 'GET', url: '/api/owner/tier-distribution', headers: { cookie: owner } })).json());
      expect(spread.tiers).toHaveLength(12);
      expect(spread.tiers.map((tier) => tier.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      // Starter is reached at $5,000: Ben (5,999.99) and Ann (5,000.00); nobody reached Bronze ($10,000).
      expect(spread.tiers[0]).toMatchObject({ name: 'Starter', agents: 2 });
      expect(spread.tiers.slice(1).every((tier) => tier.agents === 0)).toBe(true);
      expect(spread.none).toBe(4);
    });

    it('gives an agent’s detail: figures, the tiers it reached with when, and its claims without contact details', async () => {
      const t = get();
      const ben = (await board(t, owner, 'search=ben%20under')).agents[0]!;
      const res = await t.request({ method: 'GET', url: `/api/agents/${ben.id}`, headers: { cookie: owner } });
      expect(res.statusCode, res.body).toBe(200);
      const detail = agentDetail.parse(res.json());
      expect(detail.agent).toMatchObject({ id: ben.id, name: 'Ben Under', totalIncome: '5999.99', monthlyIncome: '5000.00', publicProfile: true });
      expect(detail.tiers).toEqual([{ tierId: expect.any(Number), order: 1, name: 'Starter', color: expect.any(String), achievedAt: NOW.toISOString() }]);
      expect(detail.claims).toEqual([]);
      const option = await createRewardOption(t.database.db, { tierId: detail.tiers[0]!.tierId });
      await createPendingClaim(t.database.db, { agentId: ben.id, tierId: detail.tiers[0]!.tierId, rewardOptionId: option.id, rewardTitle: 'Gift card', claimedAt: NOW });
      const claimed = agentDetail.parse((await t.request({ method: 'GET', url: `/api/agents/${ben.id}`, headers: { cookie: owner } })).json());
      expect(claimed.claims).toEqual([
        { id: expect.any(Number), tierName: 'Starter', rewardTitle: 'Gift card', status: 'pending', claimedAt: NOW.toISOString(), statusChangedAt: null },
      ]);
      expect(JSON.stringify(claimed)).not.toContain('Main Street');
      expect((await t.request({ method: 'GET', url: '/api/agents/999999', headers: { cookie: owner } })).statusCode).toBe(404);
    });
  },
  { now: NOW },
);

describeEachEngine(
  'Insight: the agent’s rank, history, entries and profile',
  (get) => {
    const agents: Record<string, { id: number; cookie: string }> = {};
    let owner: string;

    beforeAll(async () => {
      const t = get();
      const db = t.database.db;
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      // Seven agents, 700 down to 100 this month: G7 ranks first.
      for (let n = 7; n >= 1; n--) {
        const row = await createAgent(db, { firstName: 'Agent', lastName: `G${n}` });
        await addIncome(db, row, `${n}00.00`, { now: NOW, date: new Date('2026-11-24T12:00:00Z') });
        agents[`G${n}`] = { id: row.id, cookie: (await signInAgent(db, row, SESSIONS_OUTLIVE_CLOCK)).cookie };
      }
      await addIncome(db, { id: agents.G4!.id }, '50.00', { now: NOW, date: new Date('2026-10-20T12:00:00Z') });
      await addIncome(db, { id: agents.G4!.id }, '-20.00', { now: NOW, date: new Date('2026-11-02T12:00:00Z') });
    });

    const request = (cookie: string, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
      get().request({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    it('gives the agent its rank of how many, its movement and the two agents above and below', async () => {
      const res = await request(agents.G4!.cookie, 'GET', '/api/agents/me/rank');
      expect(res.statusCode, res.body).toBe(200);
      const rank = myRank.parse(res.json());
      expect(rank).toMatchObject({ rank: 4, of: 7, periodIncome: '380.00', previousRank: 1, period: { kind: 'month', start: '2026-11-01' } });
      expect(rank.neighbours.map(({ name, rank: at, me }) => ({ name, rank: at, me }))).toEqual([
        { name: 'Agent G6', rank: 2, me: false },
        { name: 'Agent G5', rank: 3, me: false },
        { name: 'Agent G4', rank: 4, me: true },
        { name: 'Agent G3', rank: 5, me: false },
        { name: 'Agent G2', rank: 6, me: false },
      ]);
      // At the top there is nobody above.
      const top = myRank.parse((await request(agents.G7!.cookie, 'GET', '/api/agents/me/rank?period=week')).json());
      expect(top).toMatchObject({ rank: 1, of: 7, previousRank: null });
      expect(top.neighbours.map((row) => row.name)).toEqual(['Agent G7', 'Agent G6', 'Agent G5']);
    });

    it('shows an agent who opted out as "Anonymous agent" to other agents, and by name to the owner and itself', async () => {
      const off = await request(agents.G5!.cookie, 'PATCH', '/api/agents/me', { publicProfile: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(myProfile.parse(off.json())).toMatchObject({ name: 'Agent G5', publicProfile: false });
      const seen = myRank.parse((await request(agents.G4!.cookie, 'GET', '/api/agents/me/rank')).json());
      expect(seen.neighbours[1]).toEqual({ id: null, name: ANONYMOUS_AGENT, rank: 3, periodIncome: '500.00', me: false });
      expect(JSON.stringify(seen)).not.toContain('G5');
      const itself = myRank.parse((await request(agents.G5!.cookie, 'GET', '/api/agents/me/rank')).json());
      expect(itself.neighbours.find((row) => row.me)).toMatchObject({ name: 'Agent G5', id: agents.G5!.id });
      expect((await board(get(), owner, 'search=G5')).agents.map((agent) => agent.name)).toEqual(['Agent G5']);
      const back = await request(agents.G5!.cookie, 'PATCH', '/api/agents/me', { publicProfile: true });
      expect(myProfile.parse(back.json()).publicProfile).toBe(true);
      expect(myRank.parse((await request(agents.G4!.cookie, 'GET', '/api/agents/me/rank')).json()).neighbours[1]!.name).toBe('Agent G5');
    });

    it('gives the agent its history and its own entries, newest first, by pages and between days', async () => {
      const history = trend.parse((await request(agents.G4!.cookie, 'GET', '/api/agents/me/history?granularity=month&count=2')).json());
      expect(history.points).toEqual([
        { start: '2026-10-01', income: '50.00' },
        { start: '2026-11-01', income: '380.00' },
      ]);
      const staffView = await get().request({ method: 'GET', url: `/api/agents/${agents.G4!.id}/history?granularity=month&count=2`, headers: { cookie: owner } });
      expect(trend.parse(staffView.json())).toEqual(history);

      const first = agentEntriesPage.parse((await request(agents.G4!.cookie, 'GET', '/api/agents/me/entries?limit=2')).json());
      expect(first.total).toBe(3);
      expect(first.entries.map((entry) => entry.amount)).toEqual(['400.00', '-20.00']);
      expect(first.entries.every((entry) => entry.agentId === agents.G4!.id)).toBe(true);
      const rest = agentEntriesPage.parse((await request(agents.G4!.cookie, 'GET', '/api/agents/me/entries?limit=2&offset=2')).json());
      expect(rest.entries.map((entry) => entry.amount)).toEqual(['50.00']);
      const october = agentEntriesPage.parse((await request(agents.G4!.cookie, 'GET', '/api/agents/me/entries?from=2026-10-01&to=2026-10-31')).json());
      expect(october).toMatchObject({ total: 1, entries: [{ amount: '50.00' }] });
    });

    it('moves last month’s standing at once when an entry is dated into it', async () => {
      const before = (await board(get(), owner, 'search=G1')).agents[0]!;
      expect(before).toMatchObject({ previousRank: null, previousIncome: '0.00' });
      await addIncome(get().database.db, { id: agents.G1!.id }, '1000.00', { now: NOW, date: new Date('2026-10-05T12:00:00Z') });
      const after = (await board(get(), owner, 'search=G1')).agents[0]!;
      expect(after).toMatchObject({ previousRank: 1, previousIncome: '1000.00' });
      expect((await board(get(), owner, 'search=G4')).agents[0]).toMatchObject({ previousRank: 2, previousIncome: '50.00' });
    });

    it('changes the name and position, and refuses an empty or unknown change', async () => {
      const res = await request(agents.G3!.cookie, 'PATCH', '/api/agents/me', { name: '  Gia   Three ', position: 'Team Lead' });
      expect(myProfile.parse(res.json())).toMatchObject({ name: 'Gia Three', position: 'Team Lead', publicProfile: true });
      expect(myProfile.parse((await request(agents.G3!.cookie, 'GET', '/api/agents/me')).json()).name).toBe('Gia Three');
      for (const payload of [{}, { name: '' }, { publicProfile: 'no' }, { email: 'x@example.test' }, { position: 'p'.repeat(101) }]) {
        const refused = await request(agents.G3!.cookie, 'PATCH', '/api/agents/me', payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json().message).toEqual(expect.any(String));
      }
      expect(myProfile.parse((await request(agents.G3!.cookie, 'GET', '/api/agents/me')).json())).toMatchObject({ name: 'Gia Three', position: 'Team Lead' });
    });

    it('changes the password with the current one and ends the agent’s other sessions, not this one', async () => {
      const t = get();
      const other = (await signInAgent(t.database.db, { id: agents.G2!.id }, SESSIONS_OUTLIVE_CLOCK)).cookie;
      const wrong = await request(agents.G2!.cookie, 'POST', '/api/agents/me/password', { currentPassword: 'not-my-password', newPassword: 'a-new-password-2026' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('The password is not correct');
      expect((await request(other, 'GET', '/api/agents/me')).statusCode).toBe(200);
      const short = await request(agents.G2!.cookie, 'POST', '/api/agents/me/password', { currentPassword: FACTORY_PASSWORD, newPassword: 'short' });
      expect(short.statusCode).toBe(400);

      const done = await request(agents.G2!.cookie, 'POST', '/api/agents/me/password', { currentPassword: FACTORY_PASSWORD, newPassword: 'a-new-password-2026' });
      expect(done.statusCode, done.body).toBe(204);
      expect((await request(other, 'GET', '/api/agents/me')).statusCode).toBe(401);
      expect((await request(agents.G2!.cookie, 'GET', '/api/agents/me')).statusCode).toBe(200);
      const email = myProfile.parse((await request(agents.G2!.cookie, 'GET', '/api/agents/me')).json()).email;
      const oldSignIn = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email, password: FACTORY_PASSWORD } });
      expect(oldSignIn.statusCode).toBe(401);
      const newSignIn = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email, password: 'a-new-password-2026' } });
      expect(newSignIn.statusCode).toBe(200);
    });
  },
  { now: NOW },
);

describeEachEngine(
  'Insight: bad input and who may read',
  (get) => {
    let owner: string;
    let agent: { id: number; cookie: string };
    let manager: string;

    beforeAll(async () => {
      const t = get();
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      manager = (await signedInUser(t, 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const row = await createAgent(t.database.db);
      agent = { id: row.id, cookie: (await signInAgent(t.database.db, row, SESSIONS_OUTLIVE_CLOCK)).cookie };
    });

    it('refuses an unknown period or mode, a malformed or future day, and a count outside 1..52', async () => {
      const t = get();
      const cases: Array<[string, string]> = [
        ['/api/owner/leaderboard?period=decade', 'period must be one of week, month, quarter, year, all'],
        ['/api/owner/leaderboard?mode=speed', 'mode must be one of income, growth'],
        ['/api/owner/leaderboard?mode=growth&period=all', 'mode growth needs a period with a previous one: week, month, quarter or year'],
        ['/api/owner/leaderboard?at=2026-13-01', 'at must be a date that exists, such as 2026-11-01'],
        ['/api/owner/leaderboard?at=yesterday', 'at must be a date that exists, such as 2026-11-01'],
        ['/api/owner/leaderboard?at=2026-11-26', 'at must not be after today (2026-11-25)'],
        ['/api/owner/trends?count=0', 'count must be at least 1'],
        ['/api/owner/trends?count=53', 'count must be at most 52'],
        ['/api/owner/trends?granularity=day', 'granularity must be one of week, month'],
        [`/api/agents/${agent.id}/history?count=x`, 'count must be a whole number'],
      ];
      for (const [url, message] of cases) {
        const res = await t.request({ method: 'GET', url, headers: { cookie: owner } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(message);
      }
      const agentCases: Array<[string, string]> = [
        ['/api/agents/me/rank?period=fortnight', 'period must be one of week, month, quarter, year, all'],
        ['/api/agents/me/history?count=99', 'count must be at most 52'],
        ['/api/agents/me/entries?from=2026-11-10&to=2026-11-01', 'from must not be after to'],
      ];
      for (const [url, message] of agentCases) {
        const res = await t.request({ method: 'GET', url, headers: { cookie: agent.cookie } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(message);
      }
    });

    it('keeps the staff boards from agents and the agent’s own routes from staff, and 404s an unknown agent', async () => {
      const t = get();
      for (const url of ['/api/owner/leaderboard?period=week', '/api/owner/trends', '/api/owner/tier-distribution', `/api/agents/${agent.id}/history`]) {
        expect((await t.request({ method: 'GET', url, headers: { cookie: agent.cookie } })).statusCode, url).toBe(403);
        expect((await t.request({ method: 'GET', url, headers: { cookie: manager } })).statusCode, url).toBe(200);
        expect((await t.request({ method: 'GET', url })).statusCode, url).toBe(401);
      }
      for (const url of ['/api/agents/me/rank', '/api/agents/me/history', '/api/agents/me/entries', '/api/agents/me']) {
        expect((await t.request({ method: 'GET', url, headers: { cookie: owner } })).statusCode, url).toBe(403);
      }
      expect((await t.request({ method: 'GET', url: '/api/agents/999999/history', headers: { cookie: owner } })).statusCode).toBe(404);
    });
  },
  { now: NOW },
);


for (const engine of testEngines()) {
  describe(`Insight: an agent not shown on public boards, in live events and on the TV [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    const opened: OpenedStream[] = [];
    const open = async (url: string, cookie?: string) => {
      const stream = await openEventStream(`${base}${url}`, cookie ? { cookie } : {});
      expect(stream.status).toBe(200);
      opened.push(stream);
      return stream;
    };

    beforeAll(async () => {
      t = await startTestApp(engine, { eventHub: { leaderboardEveryMs: 100 } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      for (const stream of opened) stream.close();
      await t.close();
    });

    it('names the agent to staff and itself, and "Anonymous agent" to other agents and the TV, until it opts back in', async () => {
      const owner = (await signedInUser(t, 'owner')).cookie;
      const hiddenRow = await createAgent(t.database.db, { firstName: 'Hidden', lastName: 'Seller' });
      const hidden = (await signInAgent(t.database.db, hiddenRow)).cookie;
      const viewer = (await signInAgent(t.database.db, await createAgent(t.database.db, { firstName: 'Other', lastName: 'Agent' }))).cookie;
      const link = await t.request({ method: 'POST', url: '/api/tv-links', headers: { cookie: owner }, payload: { name: 'Floor', showAmounts: true } });
      expect(link.statusCode, link.body).toBe(201);
      const token = link.json<{ token: string }>().token;

      const optOut = await t.request({ method: 'PATCH', url: '/api/agents/me', headers: { cookie: hidden }, payload: { publicProfile: false } });
      expect(optOut.statusCode).toBe(200);
      const [tv, other, staff, itself] = await Promise.all([
        open(`/api/tv/${token}/events`),
        open('/api/events', viewer),
        open('/api/events', owner),
        open('/api/events', hidden),
      ]);
      const entry = await t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId: hiddenRow.id, amount: '5000.00', description: 'Big deal' } });
      expect(entry.statusCode, entry.body).toBe(201);

      const named = (message: { data: Record<string, unknown> }) => message.data.agentName;
      expect(named(await tv.next((m) => m.type === 'entry.created'))).toBe(ANONYMOUS_AGENT);
      expect(named(await tv.next((m) => m.type === 'tier.reached'))).toBe(ANONYMOUS_AGENT);
      expect(named(await other.next((m) => m.type === 'tier.reached'))).toBe(ANONYMOUS_AGENT);
      expect(named(await staff.next((m) => m.type === 'entry.created'))).toBe('Hidden Seller');
      expect(named(await itself.next((m) => m.type === 'tier.reached'))).toBe('Hidden Seller');
      expect(JSON.stringify([...tv.messages, ...other.messages])).not.toContain('Hidden Seller');

      const snapshot = await t.request({ method: 'GET', url: `/api/tv/${token}` });
      expect(snapshot.body).not.toContain('Hidden Seller');
      expect(snapshot.body).toContain(ANONYMOUS_AGENT);

      // Back on the boards: the next win carries the name again, and the TV is told the boards changed.
      const optIn = await t.request({ method: 'PATCH', url: '/api/agents/me', headers: { cookie: hidden }, payload: { publicProfile: true } });
      expect(optIn.statusCode).toBe(200);
      await tv.next((m) => m.type === 'leaderboard.changed' && m.id !== undefined && m.id > (tv.messages.find((x) => x.type === 'tier.reached')?.id ?? 0));
      await t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId: hiddenRow.id, amount: '10.00', description: 'Small deal' } });
      expect(named(await tv.next((m) => m.type === 'entry.created' && m.data.amount === '10.00'))).toBe('Hidden Seller');
      expect((await t.request({ method: 'GET', url: `/api/tv/${token}` })).body).toContain('Hidden Seller');
    });
  });
}

describeEachEngine(
  'POST /api/auth/password: an owner or manager changes the password',
  (get) => {
    it('with the current password; other sessions end, this one stays; a wrong or short one changes nothing', async () => {
      const t = get();
      const manager = await signedInUser(t, 'manager', SESSIONS_OUTLIVE_CLOCK);
      const other = (await signInUser(t.database.db, manager, SESSIONS_OUTLIVE_CLOCK)).cookie;
      const change = (cookie: string, payload: object) => t.request({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload });
      const who = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

      const wrong = await change(manager.cookie, { currentPassword: 'not-the-password', newPassword: 'a new staff password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('The password is not correct');
      const short = await change(manager.cookie, { currentPassword: FACTORY_PASSWORD, newPassword: 'ninechars' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 10 characters');
      expect((await who(other)).statusCode).toBe(200);

      expect((await change(manager.cookie, { currentPassword: FACTORY_PASSWORD, newPassword: 'a new staff password' })).statusCode).toBe(204);
      expect((await who(other)).statusCode).toBe(401);
      expect((await who(manager.cookie)).statusCode).toBe(200);
      const login = (password: string) => t.request({ method: 'POST', url: '/api/auth/login', payload: { email: manager.email, password } });
      expect((await login(FACTORY_PASSWORD)).statusCode).toBe(401);
      expect((await login('a new staff password')).statusCode).toBe(200);
    });
  },
  { now: NOW },
);

describeEachEngine(
  'Insight: an agent’s rank and neighbours, read along the indexes, equal a ranking of every agent',
  (get) => {
    it('for every agent, on random incomes with ties, zeros, negatives and equal names, in every period', async () => {
      const t = get();
      const db = t.database.db;
      // A seeded generator: the same data on every run and engine.
      let seed = 20261125;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const amounts = ['0', '100.00', '100.00', '250.00', '-40.00', '5000.00', '100.00'];
      const names = [['Ana', 'Same'], ['Bo', 'Same'], ['Ana', 'Same'], ['Cy', 'Other'], ['Di', 'Zed']];
      const ids: number[] = [];
      for (let n = 0; n < 24; n++) {
        const [firstName, lastName] = names[Math.floor(random() * names.length)]!;
        const row = await createAgent(db, { firstName, lastName });
        ids.push(row.id);
        const amount = amounts[Math.floor(random() * amounts.length)]!;
        if (amount !== '0') await addIncome(db, row, amount, { now: NOW, date: new Date('2026-11-24T12:00:00Z') });
        // Some earn and lose the same this month (a roll-up of zero), some earned last year only.
        if (random() < 0.2) {
          await addIncome(db, row, '30.00', { now: NOW, date: new Date('2026-11-23T12:00:00Z') });
          await addIncome(db, row, '-30.00', { now: NOW, date: new Date('2026-11-23T13:00:00Z') });
        }
        if (random() < 0.2) await addIncome(db, row, '75.00', { now: NOW, date: new Date('2025-06-01T12:00:00Z') });
      }
      // Agents off the boards (inactive, pending) among them, with incomes in every range: no rank may count them.
      for (let n = 0; n < 6; n++) {
        const off = await createAgent(db, { firstName: 'Off', lastName: 'Board' });
        const amount = amounts[n % amounts.length]!;
        if (amount !== '0') await addIncome(db, off, amount, { now: NOW, date: new Date('2026-11-24T12:00:00Z') });
        await db.execute(sql`update agents set status = ${n % 2 === 0 ? 'inactive' : 'pending'} where id = ${off.id}`);
      }
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      for (const period of ['month', 'week', 'year', 'all'] as const) {
        // The whole board as the owner reads it (one sort of every agent) is the reference.
        const whole = await board(t, owner, `period=${period}&limit=100`);
        expect(whole.total).toBe(24);
        for (const id of ids) {
          const cookie = (await signInAgent(db, { id }, SESSIONS_OUTLIVE_CLOCK)).cookie;
          const res = await t.request({ method: 'GET', url: `/api/agents/me/rank?period=${period}`, headers: { cookie } });
          expect(res.statusCode, res.body).toBe(200);
          const mine = myRank.parse(res.json());
          const at = whole.agents.findIndex((agent) => agent.id === id);
          const around = whole.agents.slice(Math.max(0, at - 2), at + 3);
          expect(mine, `${period}, agent ${id}`).toMatchObject({ rank: whole.agents[at]!.rank, of: 24, periodIncome: whole.agents[at]!.periodIncome });
          expect(
            mine.neighbours.map((row) => [row.id ?? 'anonymous', row.rank, row.periodIncome]),
            `${period}, agent ${id}`,
          ).toEqual(around.map((agent) => [agent.id, agent.rank, agent.periodIncome]));
        }
      }
    });
  },
  { now: NOW },
);
