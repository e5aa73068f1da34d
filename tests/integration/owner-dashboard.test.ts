import { beforeAll, expect, it } from 'vitest';
import { ownerDashboard, type OwnerDashboard } from '../../contract/dashboard';
import { createdIncomeEntry } from '../../contract/income-entries';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signedInAgent, signedInUser } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { withEntryDates } from '../../server/domain/income-entries';

const NEW_YORK = { ORG_TIMEZONE: 'America/New_York' };
// Monday 2026-11-23 12:00 in New York (EST, UTC-5).
const NOW = new Date('2026-11-23T17:00:00Z');


async function readDashboard(t: TestApp, cookie: string): Promise<OwnerDashboard> {
  const res = await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return ownerDashboard.parse(res.json());
}

/** Adds an entry through the API as the owner, at the app's current clock. */
async function addEntry(t: TestApp, cookie: string, agentId: number, amount: string, date?: string, description?: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/income-entries',
    headers: { cookie },
    payload: { agentId, amount, ...(date ? { date } : {}), ...(description ? { description } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The entry as the dashboard lists it: the answer to the write also carries the externalId (none here).
  const { externalId, ...entry } = createdIncomeEntry.parse(res.json());
  expect(externalId).toBeNull();
  return entry;
}

const incomes = (dashboard: OwnerDashboard) => ({
  weekly: dashboard.timePeriods.weekly,
  monthly: dashboard.timePeriods.monthly,
  yearly: dashboard.timePeriods.yearly,
});

describeEachEngine(
  'GET /api/owner/dashboard: empty database and permissions',
  (get) => {
    it('shows zeros and no entries before anything is recorded', async () => {
      const t = get();
      const dashboard = await readDashboard(t, await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK));
      expect(dashboard).toEqual({
        overview: { totalAgents: 0, newTierAchievements: 0 },
        timePeriods: {
          weekly: { income: '0.00', start: '2026-11-23' },
          monthly: { income: '0.00', start: '2026-11-01' },
          yearly: { income: '0.00', start: '2026-01-01' },
        },
        recentEntries: [],
        agents: [],
      });
    });

    it('answers 401 without a session, 403 for an agent, 200 with the same data for a manager and the owner', async () => {
      const t = get();
      const anonymous = await t.request({ method: 'GET', url: '/api/owner/dashboard' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');

      const agent = await signedInAgent(t, { signedInAt: SESSIONS_OUTLIVE_CLOCK });
      const asAgent = await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: agent.cookie } });
      expect(asAgent.statusCode).toBe(403);
      expect(asAgent.json().code).toBe('FORBIDDEN');

      const manager = (await signedInUser(t, 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      await addEntry(t, owner, agent.id, '42.00');
      const asManager = await readDashboard(t, manager);
      expect(asManager.overview.totalAgents).toBe(1);
      expect(asManager.agents[0]?.monthlyIncome).toBe('42.00');
      expect(await readDashboard(t, owner)).toEqual(asManager);
    });
  },
  { env: NEW_YORK, now: NOW },
);

describeEachEngine(
  'GET /api/owner/dashboard: periods in the organisation time zone',
  (get) => {
    let owner: string;
    let avery: number;
    let blake: number;
    beforeAll(async () => {
      const t = get();
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      avery = (await createAgent(t.database.db, { firstName: 'Avery', lastName: 'Stone' })).id;
      blake = (await createAgent(t.database.db, { firstName: 'Blake', lastName: 'Rivers' })).id;
      // Sunday 23:59 in New York is last week; Monday 00:00 is this week.
      await addEntry(t, owner, avery, '100.00', '2026-11-22T23:59:00-05:00');
      await addEntry(t, owner, avery, '10.00', '2026-11-23T00:00:00-05:00');
      // 2026-10-31 23:59:59 in New York (EDT) is already November in UTC: it belongs to October here.
      await addEntry(t, owner, blake, '1000.00', '2026-11-01T03:59:59Z');
      await addEntry(t, owner, blake, '1.00', '2026-11-01T04:00:00Z');
      // 2025-12-31 23:30 in New York (EST) is 2026 in UTC: last year here.
      await addEntry(t, owner, blake, '5000.00', '2026-01-01T04:30:00Z');
      await addEntry(t, owner, blake, '0.50', '2026-01-01T05:00:00Z');
    });

    it('sums this week, month and year from the local calendar, per agent and overall', async () => {
      const t = get();
      const dashboard = await readDashboard(t, owner);
      expect(incomes(dashboard)).toEqual({
        weekly: { income: '10.00', start: '2026-11-23' },
        monthly: { income: '111.00', start: '2026-11-01' },
        yearly: { income: '1111.50', start: '2026-01-01' },
      });
      expect(dashboard.agents).toEqual([
        {
          id: avery,
          name: 'Avery Stone',
          email: expect.any(String),
          position: 'Sales Agent',
          status: 'active',
          totalIncome: '110.00',
          weeklyIncome: '10.00',
          monthlyIncome: '110.00',
          yearlyIncome: '110.00',
          totalEntries: 2,
        },
        {
          id: blake,
          name: 'Blake Rivers',
          email: expect.any(String),
          position: 'Sales Agent',
          status: 'active',
          totalIncome: '6001.50',
          weeklyIncome: '0.00',
          monthlyIncome: '1.00',
          yearlyIncome: '1001.50',
          totalEntries: 4,
        },
      ]);
      expect(dashboard.overview).toEqual({ totalAgents: 2, newTierAchievements: 1 });
    });

    it('moves to the next week, month and year as the clock does', async () => {
      const t = get();
      try {
        // Sunday 2026-11-29 23:59 in New York: still this week.
        t.clock.now = new Date('2026-11-30T04:59:00Z');
        expect(incomes(await readDashboard(t, owner)).weekly).toEqual({ income: '10.00', start: '2026-11-23' });

        // Monday 2026-11-30 00:00 in New York: a new week, the same month.
        t.clock.now = new Date('2026-11-30T05:00:00Z');
        let dashboard = await readDashboard(t, owner);
        expect(incomes(dashboard)).toEqual({
          weekly: { income: '0.00', start: '2026-11-30' },
          monthly: { income: '111.00', start: '2026-11-01' },
          yearly: { income: '1111.50', start: '2026-01-01' },
        });
        expect(dashboard.agents.map((a) => a.weeklyIncome)).toEqual(['0.00', '0.00']);

        // 2026-12-01 00:00 in New York: a new month; November's achievement no longer counts.
        t.clock.now = new Date('2026-12-01T05:00:00Z');
        dashboard = await readDashboard(t, owner);
        expect(incomes(dashboard).monthly).toEqual({ income: '0.00', start: '2026-12-01' });
        expect(incomes(dashboard).yearly).toEqual({ income: '1111.50', start: '2026-01-01' });
        expect(dashboard.overview.newTierAchievements).toBe(0);
        expect(dashboard.agents.map((a) => [a.monthlyIncome, a.yearlyIncome, a.totalIncome])).toEqual([
          ['0.00', '110.00', '110.00'],
          ['0.00', '1001.50', '6001.50'],
        ]);

        // 2027-01-01 00:00 in New York: a new year; the week began Monday 2026-12-28.
        t.clock.now = new Date('2027-01-01T05:00:00Z');
        dashboard = await readDashboard(t, owner);
        expect(incomes(dashboard)).toEqual({
          weekly: { income: '0.00', start: '2026-12-28' },
          monthly: { income: '0.00', start: '2027-01-01' },
          yearly: { income: '0.00', start: '2027-01-01' },
        });
        expect(dashboard.agents.map((a) => a.totalIncome)).toEqual(['110.00', '6001.50']);
      } finally {
        t.clock.now = NOW;
      }
    });

    it('GET /api/agents and GET /api/owner/leaderboard show the same period incomes', async () => {
      const t = get();
      const dashboard = await readDashboard(t, owner);
      const res = await t.request({ method: 'GET', url: '/api/agents', headers: { cookie: owner } });
      expect(res.statusCode).toBe(200);
      // The list adds each agent's team and highest tier reached to the same figures.
      expect(res.json()).toMatchObject({
        agents: [...dashboard.agents].sort((a, b) => a.name.localeCompare(b.name)),
        total: 2,
        offset: 0,
        limit: 25,
      });
      const leaderboard = await t.request({ method: 'GET', url: '/api/owner/leaderboard', headers: { cookie: owner } });
      expect(leaderboard.statusCode).toBe(200);
      // The board adds this month's income as periodIncome and last month's standing to each agent's figures.
      expect(leaderboard.json()).toMatchObject({
        agents: dashboard.agents.map((agent, index) => ({ ...agent, rank: index + 1, periodIncome: agent.monthlyIncome })),
        total: 2,
        offset: 0,
        limit: 25,
      });
    });
  },
  { env: NEW_YORK, now: NOW },
);

describeEachEngine(
  'GET /api/owner/dashboard: recent entries',
  (get) => {
    it('lists the 10 most recently recorded entries, newest first, whatever their dates', async () => {
      const t = get();
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const casey = await createAgent(t.database.db, { firstName: 'Casey', lastName: 'Lane' });
      const drew = await createAgent(t.database.db, { firstName: 'Drew', lastName: 'Park' });
      const made: Awaited<ReturnType<typeof addEntry>>[] = [];
      try {
        for (let i = 0; i < 12; i++) {
          t.clock.now = new Date(NOW.getTime() - (12 - i) * 60_000);
          const agent = i % 2 === 0 ? casey : drew;
          // Later entries are back-dated further: the list follows when they were recorded, not their dates.
          const date = new Date(t.clock.now.getTime() - i * 86_400_000).toISOString();
          made.push(await addEntry(t, owner, agent.id, i === 5 ? '-3.25' : `${i + 1}.00`, date, i === 7 ? 'Renewal' : undefined));
        }
        // Two entries recorded at the same instant: the later one (higher id) first.
        t.clock.now = NOW;
        made.push(await addEntry(t, owner, casey.id, '7.00'));
        made.push(await addEntry(t, owner, drew.id, '8.00'));
      } finally {
        t.clock.now = NOW;
      }

      const dashboard = await readDashboard(t, owner);
      expect(dashboard.recentEntries).toHaveLength(10);
      const expected = [...made].reverse().slice(0, 10);
      expect(dashboard.recentEntries.map((e) => e.id)).toEqual(expected.map((e) => e.id));
      // Each with its deal day beside the day it was recorded (docs/decisions/0085-entry-dates-in-lists.md): the
      // back-dated ones show no time of day.
      expect(dashboard.recentEntries).toEqual(expected.map((entry) => withEntryDates(entry, NEW_YORK.ORG_TIMEZONE)));
      expect(dashboard.recentEntries.filter((e) => e.dealHasTime).map((e) => e.id)).toEqual(expected.filter((e) => e.date === e.createdAt).map((e) => e.id));

      const first = dashboard.recentEntries[0]!;
      expect(first).toMatchObject({ agentId: drew.id, agentName: 'Drew Park', amount: '8.00', transactionType: 'addition' });
      const deduction = dashboard.recentEntries.find((e) => e.amount === '-3.25');
      expect(deduction).toMatchObject({ agentName: 'Drew Park', transactionType: 'deduction', description: null });
      expect(dashboard.recentEntries.find((e) => e.description === 'Renewal')?.agentName).toBe('Drew Park');
      // Casey's last entry brought the total to 1+3+5+7+9+11+7.
      expect(dashboard.recentEntries.find((e) => e.agentId === casey.id)?.newTotal).toBe('43.00');

      // Deleting an agent removes its entries from the list.
      const deleted = await t.request({ method: 'DELETE', url: `/api/agents/${drew.id}`, headers: { cookie: owner } });
      expect(deleted.statusCode).toBe(204);
      const after = await readDashboard(t, owner);
      expect(after.recentEntries.map((e) => e.agentId)).toEqual(Array(7).fill(casey.id));
      expect(after.overview.totalAgents).toBe(1);
    });
  },
  { env: NEW_YORK, now: NOW },
);

describeEachEngine(
  'GET /api/owner/dashboard: new tier achievements and ranking',
  (get) => {
    it('counts distinct agents promoted this month in the organisation time zone', async () => {
      const t = get();
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      const agent = async (first: string) => (await createAgent(t.database.db, { firstName: first, lastName: 'Test' })).id;
      const [early, steady, climber, small, edge] = [await agent('Early'), await agent('Steady'), await agent('Climber'), await agent('Small'), await agent('Edge')];
      try {
        // Promoted in October.
        t.clock.now = new Date('2026-10-15T12:00:00Z');
        await addEntry(t, owner, early, '5000.00');
        // 2026-10-31 23:30 in New York: still October there, though November in UTC.
        t.clock.now = new Date('2026-11-01T03:30:00Z');
        await addEntry(t, owner, edge, '5000.00');
        t.clock.now = NOW;
        // Two tiers at once count once; a second tier this month counts an agent promoted last month too.
        await addEntry(t, owner, steady, '10000.00');
        await addEntry(t, owner, early, '5000.00');
        await addEntry(t, owner, small, '4999.99');
        let dashboard = await readDashboard(t, owner);
        expect(dashboard.overview).toEqual({ totalAgents: 5, newTierAchievements: 2 });

        // A third agent; then a deduction, which does not undo the record.
        await addEntry(t, owner, climber, '7500.00');
        await addEntry(t, owner, climber, '-7000.00');
        dashboard = await readDashboard(t, owner);
        expect(dashboard.overview.newTierAchievements).toBe(3);

        // Deleting an agent removes its achievements.
        expect((await t.request({ method: 'DELETE', url: `/api/agents/${steady}`, headers: { cookie: owner } })).statusCode).toBe(204);
        expect((await readDashboard(t, owner)).overview).toEqual({ totalAgents: 4, newTierAchievements: 2 });

        // Next month, nobody has been promoted yet.
        t.clock.now = new Date('2026-12-01T05:00:00Z');
        expect((await readDashboard(t, owner)).overview.newTierAchievements).toBe(0);
      } finally {
        t.clock.now = NOW;
      }
    });

    it('ranks agents by this month income, highest first, then by name', async () => {
      const t = get();
      const owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      for (const id of (await readDashboard(t, owner)).agents.map((a) => a.id)) {
        await t.request({ method: 'DELETE', url: `/api/agents/${id}`, headers: { cookie: owner } });
      }
      const agent = async (first: string) => (await createAgent(t.database.db, { firstName: first, lastName: 'Rank' })).id;
      const ids = { low: await agent('Low'), none: await agent('None'), tieB: await agent('Bea'), tieA: await agent('Abe'), top: await agent('Top'), minus: await agent('Minus') };
      await addEntry(t, owner, ids.low, '5.00');
      await addEntry(t, owner, ids.tieB, '50.00');
      await addEntry(t, owner, ids.tieA, '50.00');
      await addEntry(t, owner, ids.top, '60.00');
      await addEntry(t, owner, ids.top, '900.00', '2026-10-15T12:00:00Z');
      await addEntry(t, owner, ids.minus, '-1.00');
      const dashboard = await readDashboard(t, owner);
      expect(dashboard.agents.map((a) => [a.name, a.monthlyIncome])).toEqual([
        ['Top Rank', '60.00'],
        ['Abe Rank', '50.00'],
        ['Bea Rank', '50.00'],
        ['Low Rank', '5.00'],
        ['None Rank', '0.00'],
        ['Minus Rank', '-1.00'],
      ]);
      expect(dashboard.overview.totalAgents).toBe(6);
      expect(dashboard.timePeriods.monthly.income).toBe('164.00');
      expect(dashboard.agents[0]?.totalIncome).toBe('960.00');
    });
  },
  { env: NEW_YORK, now: NOW },
);
