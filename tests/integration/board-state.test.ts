// The owner dashboard and the monthly leaderboard kept in memory (server/live/board-state.ts; docs/decisions/0015):
// after every kind of change, what memory answers equals what the tables answer, field for field. Changes are
// written straight to the database (as another instance would), so each read must also catch up with the events
// before it answers. On both engines, in a time zone with daylight saving time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAgentActive } from '../../server/db/operations/set-agent-active';
import { updateTierSetting } from '../../server/db/operations/update-tier-setting';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { deleteAgent } from '../../server/db/operations/delete-agent';
import { listLeaderboardPage } from '../../server/db/queries/agents';
import { readOwnerDashboard } from '../../server/db/queries/dashboard';
import { withEntryDates } from '../../server/domain/income-entries';
import { everyAgentScope, teamsScope } from '../../server/domain/team-scope';
import { createTeam } from '../../server/db/operations/create-team';
import { deleteTeam } from '../../server/db/operations/delete-team';
import { updateTeam } from '../../server/db/operations/update-team';
import { listTierSettings } from '../../server/db/queries/tier-settings';
import { periodStartsOf } from '../../server/domain/periods';
import { BoardState } from '../../server/live/board-state';
import { EventHub } from '../../server/live/event-hub';
import { createAgent, ownerCookie, uniqueSuffix } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';

const TIME_ZONE = 'America/New_York';
const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic random sequence, so that a failure can be replayed. */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

for (const engine of testEngines()) {
  describe(`boards kept in memory [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let hub: EventHub;
    let boards: BoardState;
    const now = () => t.clock.now;
    const db = () => t.database.db;

    beforeAll(async () => {
      // A Wednesday afternoon in New York, in November (after the end of daylight saving time).
      t = await startTestApp(engine, { env: { ORG_TIMEZONE: TIME_ZONE }, now: new Date('2026-11-18T20:00:00Z') });
      hub = new EventHub(t.database.liveDb, t.database.listen, { maxStreams: 10 }, t.app.log, now);
      await hub.start();
      boards = new BoardState(t.database.db, hub, TIME_ZONE, t.app.log);
    });
    afterAll(async () => {
      boards.close();
      await hub.close();
      await t.close();
    });

    /** Memory and the tables answer the same dashboard and the same leaderboard pages. */
    async function expectSameAsTables() {
      const fromMemory = await boards.dashboard(now(), everyAgentScope());
      expect(fromMemory, 'the boards were not in memory').toBeDefined();
      expect(fromMemory).toEqual(await readOwnerDashboard(db(), { now: now(), timeZone: TIME_ZONE, scope: everyAgentScope() }));
      const periods = periodStartsOf(now(), TIME_ZONE);
      for (const [offset, limit] of [
        [0, 25],
        [0, 1],
        [1, 2],
        [3, 4],
        [7, 50],
        [1000, 5],
      ] as const) {
        expect(await boards.leaderboardPage(now(), everyAgentScope(), offset, limit), `offset ${offset}, limit ${limit}`).toEqual(
          await listLeaderboardPage(db(), periods, { offset, limit }, everyAgentScope()),
        );
      }
      return fromMemory!;
    }

    const at = (iso: string) => ({ now: new Date(iso), date: new Date(iso), timeZone: TIME_ZONE });
    const today = () => ({ now: now(), date: now(), timeZone: TIME_ZONE });

    it('starts equal to the tables, and stays equal through entries of every period, ties, deductions and tiers', async () => {
      await expectSameAsTables();
      const twinA = await createAgent(db(), { firstName: 'Alex', lastName: 'Same' });
      const twinB = await createAgent(db(), { firstName: 'Alex', lastName: 'Same' });
      const zed = await createAgent(db(), { firstName: 'Zed', lastName: 'Last' });
      const bea = await createAgent(db(), { firstName: 'Bea', lastName: 'First' });
      await expectSameAsTables();

      // Equal months: ranked by name, then id.
      await addIncome(db(), twinB, '1000.00', today());
      await addIncome(db(), twinA, '1000.00', today());
      // A deduction: a negative month ranks below every agent with none.
      await addIncome(db(), zed, '-200.00', today());
      // Earlier this month but last week (Monday Nov 9, New York), last month, last year.
      await addIncome(db(), bea, '300.00', at('2026-11-10T15:00:00Z'));
      await addIncome(db(), bea, '450.00', at('2026-10-31T23:30:00Z'));
      await addIncome(db(), bea, '75.25', at('2025-12-31T12:00:00Z'));
      // Midnight of the 1st in New York is 04:00 or 05:00 UTC: these two fall either side of the month's start.
      await addIncome(db(), twinA, '10.00', at('2026-11-01T03:59:00Z'));
      await addIncome(db(), twinA, '20.00', at('2026-11-01T04:01:00Z'));
      await addIncome(db(), twinB, '20.00', today());
      const dashboard = await expectSameAsTables();
      // 1,020.00 each this month, the same name: the first made ranks first.
      expect(dashboard.agents.slice(0, 2).map((agent) => [agent.id, agent.monthlyIncome])).toEqual([
        [twinA.id, '1020.00'],
        [twinB.id, '1020.00'],
      ]);
      expect(dashboard.agents.at(-1)!.id).toBe(zed.id);

      // Tiers reached now count as this month's; one reached in October does not.
      await addIncome(db(), twinB, '6000.00', today());
      await addIncome(db(), bea, '6000.00', at('2026-10-15T12:00:00Z'));
      const withTiers = await expectSameAsTables();
      expect(withTiers.overview.newTierAchievements).toBe(1);
    });

    // A manager who leads teams reads the board in memory too (docs/decisions/0043): the agents its scope holds, ranked
    // among themselves, as the tables rank them; the teams follow team.changed.
    it('serves the leaderboard of a scope limited to a team, ranked within it, as the team changes', async () => {
      const [xan, yve, zoe] = [
        await createAgent(db(), { firstName: 'Xan', lastName: 'Teamed' }),
        await createAgent(db(), { firstName: 'Yve', lastName: 'Teamed' }),
        await createAgent(db(), { firstName: 'Zoe', lastName: 'Teamed' }),
      ];
      await addIncome(db(), xan, '500.00', today());
      await addIncome(db(), yve, '800.00', today());
      await addIncome(db(), zoe, '100.00', today());
      const team = await createTeam(db(), { name: `Memory ${uniqueSuffix()}`, managerIds: [], agentIds: [xan.id, yve.id] }, SYSTEM_ACTOR, now());
      const scope = teamsScope([team.id]);
      const periods = periodStartsOf(now(), TIME_ZONE);
      const sameAsTables = async () => {
        const fromMemory = await boards.leaderboardPage(now(), scope, 0, 50);
        expect(fromMemory, 'the boards were not in memory').toBeDefined();
        expect(fromMemory).toEqual(await listLeaderboardPage(db(), periods, { offset: 0, limit: 50 }, scope));
        return fromMemory!.agents.map((agent) => [agent.id, agent.rank]);
      };
      expect(await sameAsTables()).toEqual([
        [yve.id, 1],
        [xan.id, 2],
      ]);
      await updateTeam(db(), team.id, { agentIds: [xan.id, zoe.id] }, SYSTEM_ACTOR, now());
      expect(await sameAsTables()).toEqual([
        [xan.id, 1],
        [zoe.id, 2],
      ]);
      await addIncome(db(), zoe, '900.00', today());
      expect(await sameAsTables()).toEqual([
        [zoe.id, 1],
        [xan.id, 2],
      ]);
      await deleteTeam(db(), team.id, SYSTEM_ACTOR, now());
      expect(await sameAsTables()).toEqual([]);
      await expectSameAsTables();
    });

    it('builds itself again after what it cannot apply: an agent deleted, a threshold lowered', async () => {
      const gone = await createAgent(db(), { firstName: 'Gone', lastName: 'Soon' });
      await addIncome(db(), gone, '900.00', today());
      await expectSameAsTables();
      await deleteAgent(db(), gone.id);
      await expectSameAsTables();

      // Lowering a threshold records achievements dated now for every agent whose peak reaches it.
      const peak = await createAgent(db(), { firstName: 'Peak', lastName: 'October' });
      await addIncome(db(), peak, '13000.00', at('2026-10-20T12:00:00Z'));
      const before = await expectSameAsTables();
      const tiers = await listTierSettings(db());
      const silver = tiers.find((tier) => tier.name === 'Silver')!;
      await updateTierSetting(db(), silver.id, { threshold: '12000.00' }, now(), SYSTEM_ACTOR);
      const after = await expectSameAsTables();
      expect(after.overview.newTierAchievements).toBe(before.overview.newTierAchievements + 1);
    });

    it('leaves an inactive agent off the ranking, keeps its income in the sums, and ranks it again when active', async () => {
      const leaver = await createAgent(db(), { firstName: 'Leaves', lastName: 'Team' });
      await addIncome(db(), leaver, '9000.00', today());
      const before = await expectSameAsTables();
      expect(before.agents[0]!.id).toBe(leaver.id);

      await setAgentActive(db(), leaver.id, false, SYSTEM_ACTOR, now());
      const inactive = await expectSameAsTables();
      expect(inactive.agents.map((agent) => agent.id)).not.toContain(leaver.id);
      expect(inactive.overview.totalAgents).toBe(before.overview.totalAgents - 1);
      expect(inactive.timePeriods).toEqual(before.timePeriods);
      // An entry recorded for it meanwhile (a late commission) moves the sums, not the ranking.
      await addIncome(db(), leaver, '250.00', today());
      const late = await expectSameAsTables();
      expect(late.agents.map((agent) => agent.id)).not.toContain(leaver.id);

      await setAgentActive(db(), leaver.id, true, SYSTEM_ACTOR, now());
      const back = await expectSameAsTables();
      expect(back.agents[0]).toMatchObject({ id: leaver.id, monthlyIncome: '9250.00', status: 'active' });
    });

    it('stays equal through a burst of random entries, and moves to the next week and month with the clock', async () => {
      const team = [];
      for (let i = 0; i < 6; i++) team.push(await createAgent(db(), { firstName: ['Kim', 'Lee', 'Max'][i % 3]!, lastName: `Team${i % 2}` }));
      const random = randomSequence(20261118);
      for (let i = 0; i < 60; i++) {
        const agent = team[Math.floor(random() * team.length)]!;
        const cents = Math.floor(random() * 400_000) - 50_000;
        const when = new Date(now().getTime() - Math.floor(random() * 400) * DAY);
        await addIncome(db(), agent, (cents === 0 ? 1 : cents / 100).toFixed(2), { now: now(), date: when, timeZone: TIME_ZONE });
      }
      await expectSameAsTables();

      // Into December: a new month (and week) starts with no income in it.
      t.clock.now = new Date('2026-12-01T06:00:00Z');
      const december = await expectSameAsTables();
      expect(december.timePeriods.monthly).toEqual({ income: '0.00', start: '2026-12-01' });
      await addIncome(db(), team[0]!, '123.45', today());
      await expectSameAsTables();
    });

    it('serves GET /api/owner/dashboard and the leaderboard from memory with the same answer as the tables', async () => {
      const cookie = await ownerCookie(t);
      const agent = await createAgent(db(), { firstName: 'Via', lastName: 'Http' });
      await addIncome(db(), agent, '42.00', today());
      const res = await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const read = await readOwnerDashboard(db(), { now: now(), timeZone: TIME_ZONE, scope: everyAgentScope() });
      // The route adds the dates each recent entry shows (docs/decisions/0085-entry-dates-in-lists.md).
      expect(res.json()).toEqual({ ...read, recentEntries: read.recentEntries.map((entry) => withEntryDates(entry, TIME_ZONE)) });
      const page = await t.request({ method: 'GET', url: '/api/owner/leaderboard?offset=2&limit=3', headers: { cookie } });
      // The board adds the period and last month's standings to what the tables' page says.
      expect(page.json()).toMatchObject({
        ...(await listLeaderboardPage(db(), periodStartsOf(now(), TIME_ZONE), { offset: 2, limit: 3 }, everyAgentScope())),
        offset: 2,
        limit: 3,
      });
    });

    it('never adds an event its snapshot already holds, and a check puts right boards that drifted from the tables', async () => {
      // A hub whose notifications the test holds back, as a busy listener would: the tables run ahead of it.
      let held: (() => void)[] | undefined = [];
      const laggingHub = new EventHub(
        t.database.liveDb,
        (channel, onNotify) => t.database.listen(channel, (payload) => (held ? held.push(() => onNotify(payload)) : onNotify(payload))),
        { maxStreams: 10 },
        t.app.log,
        now,
      );
      await laggingHub.start();
      const lagging = new BoardState(db(), laggingHub, TIME_ZONE, t.app.log);
      const tables = () => readOwnerDashboard(db(), { now: now(), timeZone: TIME_ZONE, scope: everyAgentScope() });
      try {
        const agent = await createAgent(db(), { firstName: 'Ahead', lastName: 'Of Hub' });
        const fence = laggingHub.newestEventId!;
        await addIncome(db(), agent, '75.00', today());
        // Built for a read whose fence the hub has passed, from a snapshot that holds the entry the hub has not
        // delivered yet: delivered afterwards, it is not added again.
        expect(await lagging.dashboard(now(), everyAgentScope(), fence)).toEqual(await tables());
        const release = held;
        held = undefined;
        for (const deliver of release) deliver();
        expect(await lagging.dashboard(now(), everyAgentScope())).toEqual(await tables());

        // A check compares only at a moment when no transaction of the server is running (it cannot tell this
        // database's from the others'), and leaves it to the next one otherwise, as under a steady stream of writes
        // (other test files' on this server): checked until one puts the boards right, within a generous limit.
        const checkedBoards = async () => {
          await lagging.check();
          return lagging.dashboard(now(), everyAgentScope());
        };
        const checking = { timeout: 60_000, interval: 50 };
        // A change that reached the tables without its event (a bug, a hand edit) is found by a check.
        await db().execute(sql`update agents set total_income = total_income + 1 where id = ${agent.id}`);
        expect(await lagging.dashboard(now(), everyAgentScope())).not.toEqual(await tables());
        await expect.poll(checkedBoards, checking).toEqual(await tables());
        await db().execute(sql`update agents set total_income = total_income - 1 where id = ${agent.id}`);
        await expect.poll(checkedBoards, checking).toEqual(await tables());
        expect(await lagging.dashboard(now(), everyAgentScope())).toEqual(await tables());
      } finally {
        lagging.close();
        await laggingHub.close();
      }
    }, 150_000);
  });
}
