// Boards, trends, ranks and the team board of a metric other than profit (metric=, docs/decisions/0072-metrics-and-activities.md), read
// from the per-metric roll-ups; and db:check recomputing those roll-ups from the activities and repairing them.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { leaderboardBoardPage, myRank, trend } from '../../contract/insight';
import { teamBoard } from '../../contract/teams';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createTeam } from '../../server/db/operations/create-team';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signInAgent, uniqueSuffix } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18 15:00 UTC: this week began Monday 2026-11-16, last week on 2026-11-09.
const NOW = new Date('2026-11-18T15:00:00Z');
const THIS_WEEK = '2026-11-17T10:00:00Z';
const LAST_WEEK = '2026-11-10T10:00:00Z';
const LAST_YEAR = '2025-03-02T10:00:00Z';

describeEachEngine('boards of a metric', (get) => {
  let owner: string;
  let calls: string;
  let ana: { id: number; cookie: string };
  let ben: { id: number };
  let cleo: { id: number };
  let team: number;

  async function call(t: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = owner) {
    const res = await t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    return { status: res.statusCode, body: res.json() };
  }
  const record = (t: TestApp, agentId: number, value: number, date: string, metric = calls) =>
    call(t, 'POST', '/api/activities', { agentId, metric, value, date });

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    const db = t.database.db;
    owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
    calls = `calls-${uniqueSuffix()}`.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40);
    expect((await call(t, 'POST', '/api/metrics', { key: calls, name: 'Calls', unit: 'count' })).status).toBe(201);
    const a = await createAgent(db, { firstName: 'Ana', lastName: 'Caller' });
    ben = await createAgent(db, { firstName: 'Ben', lastName: 'Caller' });
    cleo = await createAgent(db, { firstName: 'Cleo', lastName: 'Caller' });
    ana = { id: a.id, cookie: (await signInAgent(db, a, SESSIONS_OUTLIVE_CLOCK)).cookie };
    team = (await createTeam(db, { name: `Callers ${uniqueSuffix()}`, managerIds: [], agentIds: [ben.id, cleo.id] }, SYSTEM_ACTOR, NOW)).id;
    // This week: Ben 9, Ana 5, Cleo 5 (a tie). Last week: Ana 8, Ben 6, Cleo 3. Last year: Cleo 40.
    // Profit runs the other way, so a board that read profit would rank them differently.
    for (const [agentId, value, date] of [
      [ben.id, 4, THIS_WEEK],
      [ben.id, 5, THIS_WEEK],
      [a.id, 5, THIS_WEEK],
      [cleo.id, 5, THIS_WEEK],
      [a.id, 8, LAST_WEEK],
      [ben.id, 6, LAST_WEEK],
      [cleo.id, 3, LAST_WEEK],
      [cleo.id, 40, LAST_YEAR],
    ] as const) {
      expect((await record(t, agentId, value, date)).status).toBe(201);
    }
    await addIncome(db, cleo, '900.00', { now: NOW });
    await addIncome(db, a, '500.00', { now: NOW });
  });

  it('ranks this week by the metric, with last week’s places as movement; ties share a rank', async () => {
    const t = get();
    const res = await call(t, 'GET', `/api/owner/leaderboard?metric=${calls}&period=week`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = leaderboardBoardPage.parse(res.body);
    expect(page.metric).toBe(calls);
    const ours = page.agents.filter((agent) => [ana.id, ben.id, cleo.id].includes(agent.id));
    expect(ours.map((agent) => [agent.name, agent.rank, agent.periodIncome, agent.previousRank, agent.previousIncome])).toEqual([
      ['Ben Caller', 1, '9.00', 2, '6.00'],
      ['Ana Caller', 2, '5.00', 1, '8.00'],
      ['Cleo Caller', 2, '5.00', 3, '3.00'],
    ]);
    // Profit's board is unchanged by activities: Cleo leads it.
    const profit = leaderboardBoardPage.parse((await call(t, 'GET', '/api/owner/leaderboard?period=week')).body);
    expect(profit.metric).toBe('profit');
    expect(profit.agents.find((agent) => agent.id === cleo.id)?.periodIncome).toBe('900.00');
  });

  it('ranks growth against the previous period, and all time by the sum of every year', async () => {
    const t = get();
    const growth = leaderboardBoardPage.parse((await call(t, 'GET', `/api/owner/leaderboard?metric=${calls}&period=week&mode=growth`)).body);
    // Ben 6 -> 9 (+50%); Ana 8 -> 5 (-37.5%) fell back, and Cleo's 3 last week is under the floor of a count's growth board.
    expect(growth.agents.filter((agent) => [ana.id, ben.id, cleo.id].includes(agent.id)).map((agent) => [agent.id, agent.growth])).toEqual([[ben.id, '50.0']]);
    const all = leaderboardBoardPage.parse((await call(t, 'GET', `/api/owner/leaderboard?metric=${calls}&period=all`)).body);
    expect(all.agents.filter((agent) => [ana.id, ben.id, cleo.id].includes(agent.id)).map((agent) => [agent.id, agent.periodIncome])).toEqual([
      [cleo.id, '48.00'],
      [ben.id, '15.00'],
      [ana.id, '13.00'],
    ]);
  });

  it('gives trends, an agent’s history and the agent’s own rank of the metric', async () => {
    const t = get();
    const team = trend.parse((await call(t, 'GET', `/api/owner/trends?metric=${calls}&granularity=week&count=2`)).body);
    expect(team).toEqual({ granularity: 'week', metric: calls, points: [{ start: '2026-11-09', income: '17.00' }, { start: '2026-11-16', income: '19.00' }] });
    const history = trend.parse((await call(t, 'GET', `/api/agents/${ana.id}/history?metric=${calls}&granularity=week&count=2`)).body);
    expect(history.points.map((point) => point.income)).toEqual(['8.00', '5.00']);
    const mine = trend.parse((await call(t, 'GET', `/api/agents/me/history?metric=${calls}&granularity=week&count=2`, undefined, ana.cookie)).body);
    expect(mine).toEqual(history);
    const rank = myRank.parse((await call(t, 'GET', `/api/agents/me/rank?metric=${calls}&period=week`, undefined, ana.cookie)).body);
    expect([rank.metric, rank.periodIncome, rank.previousRank]).toEqual([calls, '5.00', 1]);
    expect(rank.neighbours.find((neighbour) => neighbour.me)?.periodIncome).toBe('5.00');
    expect(rank.neighbours.some((neighbour) => neighbour.id === ben.id && neighbour.periodIncome === '9.00')).toBe(true);
  });

  it('sums a team’s agents on the team board of the metric', async () => {
    const t = get();
    const board = teamBoard.parse((await call(t, 'GET', `/api/teams/leaderboard?metric=${calls}&period=week`)).body);
    expect(board.metric).toBe(calls);
    expect(board.teams.find((standing) => standing.teamId === team)).toMatchObject({ income: '14.00', agents: 2, average: '7.00' });
  });

  it('answers 404 for a metric that does not exist and 400 for a key that cannot be one', async () => {
    const t = get();
    for (const url of ['/api/owner/leaderboard', '/api/owner/trends', '/api/teams/leaderboard']) {
      const missing = await call(t, 'GET', `${url}?metric=no-such-metric`);
      expect([missing.status, missing.body.code], url).toEqual([404, 'NOT_FOUND']);
      const bad = await call(t, 'GET', `${url}?metric=Not%20A%20Key`);
      expect([bad.status, bad.body.code], url).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('lets db:check find the metric roll-ups and voids that drifted from the activities, and repair the roll-ups', async () => {
    const t = get();
    const db = t.database.db;
    const timeZone = t.config.orgTimezone;
    expect(await checkConsistency(db, timeZone)).toEqual([]);
    const [metric] = await queryRows<{ id: number }>(db, sql`select id from metrics where key = ${calls}`);
    const metricId = metric!.id;
    await db.execute(sql`update agent_metric_period_totals set total = 99 where metric_id = ${metricId} and agent_id = ${ben.id} and period_kind = 'week' and period_start = '2026-11-16'`);
    await db.execute(sql`delete from agent_metric_period_totals where metric_id = ${metricId} and agent_id = ${cleo.id} and period_kind = 'year' and period_start = '2025-01-01'`);
    const [lone] = await queryRows<{ id: number }>(
      db,
      sql`insert into activities (metric_id, agent_id, value, date, voided_at, voided_by, void_reason)
        values (${metricId}, ${ana.id}, 1, ${THIS_WEEK}::timestamptz, ${NOW.toISOString()}::timestamptz, 'Test', 'No reversal')
        returning id::float8 as id`,
    );
    const drifts = [
      { kind: 'metric-period-total', metricId, agentId: ben.id, periodKind: 'week', periodStart: '2026-11-16', expected: '9.00', actual: '99.00' },
      { kind: 'metric-period-total', metricId, agentId: cleo.id, periodKind: 'year', periodStart: '2025-01-01', expected: '40.00', actual: '0.00' },
      // The lone voided activity counts in its roll-ups (its reversal would net it out): they drift from it too.
      ...['month', 'quarter', 'week', 'year'].map((kind) => ({
        kind: 'metric-period-total',
        metricId,
        agentId: ana.id,
        periodKind: kind,
        periodStart: { week: '2026-11-16', month: '2026-11-01', quarter: '2026-10-01', year: '2026-01-01' }[kind],
        expected: { week: '6.00', month: '14.00', quarter: '14.00', year: '14.00' }[kind],
        actual: { week: '5.00', month: '13.00', quarter: '13.00', year: '13.00' }[kind],
      })),
      { kind: 'unmatched-activity-void', activityId: lone!.id, agentId: ana.id },
    ];
    const sortKey = (drift: Record<string, unknown>) => JSON.stringify([drift.kind, drift.agentId, drift.periodKind, drift.periodStart]);
    const sorted = (list: Record<string, unknown>[]) => [...list].sort((x, y) => sortKey(x).localeCompare(sortKey(y)));
    expect(sorted(await checkConsistency(db, timeZone))).toEqual(sorted(drifts));
    expect(sorted(await checkConsistency(db, timeZone, { repair: true }))).toEqual(sorted(drifts));
    // The roll-ups are right again; the unmatched void is for a person to look at, as an entry's is.
    expect(await checkConsistency(db, timeZone)).toEqual([{ kind: 'unmatched-activity-void', activityId: lone!.id, agentId: ana.id }]);
    const board = leaderboardBoardPage.parse((await call(t, 'GET', `/api/owner/leaderboard?metric=${calls}&period=week`)).body);
    expect(board.agents.find((agent) => agent.id === ben.id)?.periodIncome).toBe('9.00');
    await db.execute(sql`delete from activities where id = ${lone!.id}`);
    await checkConsistency(db, timeZone, { repair: true });
    expect(await checkConsistency(db, timeZone)).toEqual([]);
  });
});
