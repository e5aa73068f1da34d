// Goals with pace (docs/decisions/0073-goal-pacing.md, 0074-goals.md): set by owners for anyone and by managers for
// their teams, read by staff in scope and by agents (their own and their team's), progress from the roll-ups in
// working days, suggested targets from the last 12 complete periods, the marks (50%, 90%, 100%) and "behind pace"
// notices, each told once, as notifications following each person's choices. On both engines, over HTTP (inject),
// reading the database where the point is what was stored.
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { goal as goalSchema, goalList, goalSuggestion, teamSuggestions, type Goal } from '../../contract/goals';
import { metric as metricSchema, type Metric } from '../../contract/metrics';
import { notificationPage } from '../../contract/notifications';
import { queryRows } from '../../server/db/client';
import { readEventsAfter, latestEventId } from '../../server/db/events';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { noticeGoalsBehind, watchGoals } from '../../server/db/operations/watch-goals';
import { sequenceAll } from '../../server/db/sequencer';
import { signedInAgent, signedInUser } from '../factories/accounts';
import { createApiToken } from '../factories/api-tokens';
import { describeEachEngine, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18 15:00 UTC (ORG_TIMEZONE is UTC in the tests): the week began on Monday the 16th, two working
// days are over (Monday, Tuesday) and three are left; November has 21 working days, 12 of them over.
const NOW = new Date('2026-11-18T15:00:00Z');

type Headers = Record<string, string>;

let serial = 0;
const uniqueKey = (label: string) => `${label}_${++serial}`;

describeEachEngine('goals', (get) => {
  let owner: { id: number; cookie: string };
  let lead: { id: number; cookie: string };
  let member: { id: number; name: string; cookie: string };
  let teammate: { id: number; name: string; cookie: string };
  let outsider: { id: number; name: string; cookie: string };
  let teamId: number;
  let otherTeamId: number;
  let readToken: { authorization: string };
  let calls: Metric;
  let revenue: Metric;

  const asOwner = (): Headers => ({ cookie: owner.cookie });
  const request = (method: InjectOptions['method'], url: string, headers: Headers, payload?: unknown) =>
    get().request({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function makeMetric(body: Record<string, unknown>): Promise<Metric> {
    const res = await request('POST', '/api/metrics', asOwner(), body);
    expect(res.statusCode, res.body).toBe(201);
    return metricSchema.parse(res.json());
  }

  async function setGoal(body: Record<string, unknown>, headers: Headers = asOwner()): Promise<Goal> {
    const res = await request('POST', '/api/goals', headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return goalSchema.parse(res.json());
  }

  async function listGoals(query: string, headers: Headers = asOwner()): Promise<Goal[]> {
    const res = await request('GET', `/api/goals${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return goalList.parse(res.json()).goals;
  }

  async function record(agentId: number, metric: Metric, value: number | string, date: string = NOW.toISOString()) {
    const res = await request('POST', '/api/activities', asOwner(), { agentId, metric: metric.key, value, date });
    expect(res.statusCode, res.body).toBe(201);
  }

  async function income(agentId: number, amount: string, date: string = NOW.toISOString()) {
    const res = await request('POST', '/api/income-entries', asOwner(), { agentId, amount, date });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** What goal writes touch, to show that a refused request changed nothing. */
  async function stored(t: TestApp) {
    await sequenceAll(t.database.db);
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select (select string_agg(row(id, agent_id, team_id, metric_id, period_kind, starts_on, recurring, target)::text, ';' order by id) from goals) as goals,
        (select count(*)::int from audit_log) as audit, (select count(*)::int from events) as events`,
    );
    return row!;
  }

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = await signedInUser(t, 'owner');
    lead = await signedInUser(t, 'manager');
    member = await signedInAgent(t, { firstName: 'Mia', lastName: 'Member' });
    teammate = await signedInAgent(t, { firstName: 'Tom', lastName: 'Mate' });
    outsider = await signedInAgent(t, { firstName: 'Olga', lastName: 'Outside' });
    const team = await request('POST', '/api/teams', asOwner(), { name: 'Goal Team', managerIds: [lead.id], agentIds: [member.id, teammate.id] });
    expect(team.statusCode, team.body).toBe(201);
    teamId = (team.json() as { id: number }).id;
    const other = await request('POST', '/api/teams', asOwner(), { name: 'Other Goal Team', agentIds: [outsider.id] });
    expect(other.statusCode, other.body).toBe(201);
    otherTeamId = (other.json() as { id: number }).id;
    readToken = await createApiToken(t.database.db, owner, ['read'], { now: NOW });
    calls = await makeMetric({ key: uniqueKey('calls'), name: 'Calls', unit: 'count' });
    revenue = await makeMetric({ key: uniqueKey('revenue'), name: 'Revenue', unit: 'money' });
  });

  describe('progress and pace', () => {
    it('counts working days: two of five over on a Wednesday, what is left per day, and a projection', async () => {
      const agent = await signedInAgent(get(), { firstName: 'Pace', lastName: 'Setter' });
      const goal = await setGoal({ agentId: agent.id, metric: calls.key, period: 'week', target: 10 });
      expect(goal).toMatchObject({ metric: calls.key, metricName: 'Calls', unit: 'count', period: 'week', recurring: false, target: 10, agentId: agent.id, teamId: null });
      expect(goal).toMatchObject({ holderName: agent.name, startsOn: '2026-11-16', periodStart: '2026-11-16', periodEnd: '2026-11-22' });
      // Nothing yet: 4 expected by now, so behind.
      expect(goal.progress).toEqual({ actual: 0, target: 10, percent: 0, expectedByNow: 4, pace: 'behind', projected: 0, perWorkingDayLeft: 3.33, workingDays: { total: 5, elapsed: 2, left: 3 } });

      await record(agent.id, calls, 1, '2026-11-16T09:00:00Z');
      await record(agent.id, calls, 3);
      // Last week's call is not this week's.
      await record(agent.id, calls, 5, '2026-11-13T09:00:00Z');
      const [read] = await listGoals(`?agentId=${agent.id}`);
      expect(read!.progress).toEqual({ actual: 4, target: 10, percent: 40, expectedByNow: 4, pace: 'on_track', projected: 10, perWorkingDayLeft: 2, workingDays: { total: 5, elapsed: 2, left: 3 } });
      await record(agent.id, calls, 1);
      const [ahead] = await listGoals(`?agentId=${agent.id}`);
      // 5 against 4 expected: at 125%, ahead (from 110%).
      expect(ahead!.progress).toMatchObject({ actual: 5, percent: 50, pace: 'ahead', projected: 12.5, perWorkingDayLeft: 1.67 });
    });

    it('skips holidays and days that are not worked, as the owner sets them', async () => {
      const agent = await signedInAgent(get(), { firstName: 'Holly', lastName: 'Day' });
      await setGoal({ agentId: agent.id, metric: calls.key, period: 'week', target: 10 });
      await record(agent.id, calls, 3);
      const before = await request('GET', '/api/settings', asOwner());
      const saved = before.json() as { workingDays: number[]; holidays: string[] };
      try {
        // Tuesday a holiday: one working day over of four.
        const changed = await request('PATCH', '/api/settings', asOwner(), { holidays: ['2026-11-17'] });
        expect(changed.statusCode, changed.body).toBe(200);
        const [goal] = await listGoals(`?agentId=${agent.id}`);
        expect(goal!.progress).toMatchObject({ actual: 3, expectedByNow: 2.5, pace: 'ahead', workingDays: { total: 4, elapsed: 1, left: 3 } });
        // Six working days a week (Saturday too), no holiday.
        const sixDays = await request('PATCH', '/api/settings', asOwner(), { holidays: [], workingDays: [1, 2, 3, 4, 5, 6] });
        expect(sixDays.statusCode, sixDays.body).toBe(200);
        const [again] = await listGoals(`?agentId=${agent.id}`);
        expect(again!.progress.workingDays).toEqual({ total: 6, elapsed: 2, left: 4 });
      } finally {
        const restored = await request('PATCH', '/api/settings', asOwner(), { workingDays: saved.workingDays, holidays: saved.holidays });
        expect(restored.statusCode, restored.body).toBe(200);
      }
    });

    it('sums a team goal over its active agents, in money to the cent', async () => {
      const team = await request('POST', '/api/teams', asOwner(), { name: `Money Team ${uniqueKey('t')}` });
      const id = (team.json() as { id: number }).id;
      const a = await signedInAgent(get(), { firstName: 'Ann', lastName: 'Sum' });
      const b = await signedInAgent(get(), { firstName: 'Ben', lastName: 'Sum' });
      const gone = await signedInAgent(get(), { firstName: 'Gus', lastName: 'Gone' });
      const moved = await request('PATCH', `/api/teams/${id}`, asOwner(), { agentIds: [a.id, b.id, gone.id] });
      expect(moved.statusCode, moved.body).toBe(200);
      const goal = await setGoal({ teamId: id, metric: 'profit', period: 'month', target: '10000.50' });
      expect(goal).toMatchObject({ unit: 'money', metricName: 'Profit', target: '10000.50', teamId: id, agentId: null, periodStart: '2026-11-01', periodEnd: '2026-11-30' });
      await income(a.id, '1200.25');
      await income(b.id, '800.10');
      await income(gone.id, '5000.00');
      // Last month's income is not this month's.
      await income(b.id, '999.99', '2026-10-31T12:00:00Z');
      const off = await request('PATCH', `/api/agents/${gone.id}`, asOwner(), { active: false });
      expect(off.statusCode, off.body).toBe(200);
      const [read] = await listGoals(`?teamId=${id}`);
      expect(read!.progress).toMatchObject({ actual: '2000.35', target: '10000.50', percent: 20, workingDays: { total: 21, elapsed: 12, left: 9 } });
      // 12 of 21 working days: 5,714.57 expected; 2,000.35 is far below 90% of it.
      expect(read!.progress).toMatchObject({ expectedByNow: '5714.57', pace: 'behind', projected: '3500.61' });
    });

    it('reads another period with at=, a recurring goal in every period from its first, a one-off in its own only', async () => {
      const agent = await signedInAgent(get(), { firstName: 'Ray', lastName: 'Curring' });
      await setGoal({ agentId: agent.id, metric: calls.key, period: 'month', target: 20, recurring: true });
      await setGoal({ agentId: agent.id, metric: revenue.key, period: 'month', target: 500 });
      await record(agent.id, calls, 7, '2026-11-02T10:00:00Z');
      expect((await listGoals(`?agentId=${agent.id}`)).map((goal) => goal.metric).sort()).toEqual([calls.key, revenue.key].sort());
      const december = await listGoals(`?agentId=${agent.id}&at=2026-12-05`);
      expect(december.map((goal) => goal.metric)).toEqual([calls.key]);
      expect(december[0]).toMatchObject({ periodStart: '2026-12-01', periodEnd: '2026-12-31', startsOn: '2026-11-01' });
      // November's calls are not December's.
      expect(december[0]!.progress).toMatchObject({ actual: 0, target: 20, percent: 0 });
      expect((await listGoals(`?agentId=${agent.id}&metric=${calls.key}`))[0]!.progress).toMatchObject({ actual: 7, target: 20, percent: 35 });
      // Before its first period it is not in force.
      expect(await listGoals(`?agentId=${agent.id}&at=2026-10-15`)).toEqual([]);
    });

    it('filters by metric, period and pace', async () => {
      const agent = await signedInAgent(get(), { firstName: 'Fil', lastName: 'Ter' });
      await setGoal({ agentId: agent.id, metric: calls.key, period: 'week', target: 1 });
      await setGoal({ agentId: agent.id, metric: calls.key, period: 'quarter', target: 1000 });
      await record(agent.id, calls, 2);
      expect((await listGoals(`?agentId=${agent.id}&period=quarter`)).map((goal) => goal.period)).toEqual(['quarter']);
      expect((await listGoals(`?agentId=${agent.id}&metric=${revenue.key}`))).toEqual([]);
      expect((await listGoals(`?agentId=${agent.id}&pace=ahead`)).map((goal) => goal.period)).toEqual(['week']);
      expect((await listGoals(`?agentId=${agent.id}&pace=behind`)).map((goal) => goal.period)).toEqual(['quarter']);
      const bad = await request('GET', `/api/goals?pace=slow`, asOwner());
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'pace must be "ahead", "on_track" or "behind"' });
    });
  });

  describe('who sets and reads goals', () => {
    it('lets a manager set goals for their team and its agents only', async () => {
      const asLead = { cookie: lead.cookie };
      const own = await setGoal({ agentId: member.id, metric: calls.key, period: 'week', target: 5 }, asLead);
      expect(own.agentId).toBe(member.id);
      const teamGoal = await setGoal({ teamId, metric: calls.key, period: 'week', target: 50 }, asLead);
      expect(teamGoal.teamId).toBe(teamId);
      const before = await stored(get());
      for (const body of [
        { agentId: outsider.id, metric: calls.key, period: 'week', target: 5 },
        { teamId: otherTeamId, metric: calls.key, period: 'week', target: 5 },
      ]) {
        const res = await request('POST', '/api/goals', asLead, body);
        expect(res.statusCode, res.body).toBe(403);
      }
      const patch = await request('POST', '/api/goals', asOwner(), { agentId: outsider.id, metric: calls.key, period: 'week', target: 6 });
      const outsiderGoal = goalSchema.parse(patch.json());
      const afterOwner = await stored(get());
      expect((await request('PATCH', `/api/goals/${outsiderGoal.id}`, asLead, { target: 1 })).statusCode).toBe(403);
      expect((await request('DELETE', `/api/goals/${outsiderGoal.id}`, asLead)).statusCode).toBe(403);
      expect(await stored(get())).toEqual(afterOwner);
      expect(before.goals).not.toEqual(afterOwner.goals);

      // The lead reads their team's goals and its agents', not the outsider's.
      const read = await listGoals('', asLead);
      expect(read.some((goal) => goal.id === own.id)).toBe(true);
      expect(read.some((goal) => goal.id === teamGoal.id)).toBe(true);
      expect(read.some((goal) => goal.agentId === outsider.id || goal.teamId === otherTeamId)).toBe(false);
      // Team goals first.
      expect(read[0]!.teamId).not.toBeNull();
    });

    it('lets an agent read its own goals and its team’s, nobody else’s', async () => {
      const teamGoals = await listGoals(`?teamId=${teamId}`);
      expect(teamGoals.length).toBeGreaterThan(0);
      const mine = await listGoals('', { cookie: member.cookie });
      for (const goal of mine) expect(goal.agentId === member.id || goal.teamId === teamId).toBe(true);
      expect(mine.some((goal) => goal.teamId === teamId)).toBe(true);
      expect(mine.some((goal) => goal.agentId === member.id)).toBe(true);
      // The teammate's own goals are not the member's to read.
      await setGoal({ agentId: teammate.id, metric: revenue.key, period: 'week', target: 100 });
      expect((await listGoals('', { cookie: member.cookie })).some((goal) => goal.agentId === teammate.id)).toBe(false);
      for (const query of [`?agentId=${teammate.id}`, `?teamId=${otherTeamId}`]) {
        const res = await request('GET', `/api/goals${query}`, { cookie: member.cookie });
        expect(res.statusCode, query).toBe(403);
      }
      // An agent sets nothing; a read token reads every goal.
      expect((await request('POST', '/api/goals', { cookie: member.cookie }, { agentId: member.id, metric: calls.key, period: 'month', target: 5 })).statusCode).toBe(403);
      const all = await listGoals('', readToken);
      expect(all.some((goal) => goal.agentId === outsider.id)).toBe(true);
    });
  });

  describe('what is refused', () => {
    it('refuses bad goals with a clear message and changes nothing', async () => {
      const agent = await signedInAgent(get(), { firstName: 'Val', lastName: 'Idate' });
      await setGoal({ agentId: agent.id, metric: calls.key, period: 'month', target: 10, recurring: true });
      const inactive = await makeMetric({ key: uniqueKey('gone'), name: 'Gone', unit: 'count' });
      expect((await request('PATCH', `/api/metrics/${inactive.key}`, asOwner(), { active: false })).statusCode).toBe(200);
      const before = await stored(get());
      const cases: [Record<string, unknown>, number, string][] = [
        [{ agentId: agent.id, teamId, metric: calls.key, period: 'week', target: 5 }, 400, 'Give either agentId or teamId: whose goal it is'],
        [{ metric: calls.key, period: 'week', target: 5 }, 400, 'Give either agentId or teamId: whose goal it is'],
        [{ agentId: agent.id, metric: calls.key, period: 'day', target: 5 }, 400, 'period must be "week", "month" or "quarter"'],
        [{ agentId: agent.id, metric: calls.key, period: 'week', target: 2.5 }, 400, 'target must be a whole number from 1 to 1,000,000,000 for a count'],
        [{ agentId: agent.id, metric: calls.key, period: 'week', target: 0 }, 400, 'target must be a whole number from 1 to 1,000,000,000 for a count'],
        [{ agentId: agent.id, metric: revenue.key, period: 'week', target: '0' }, 400, 'target must be more than zero'],
        [{ agentId: agent.id, metric: revenue.key, period: 'week', target: '1.005' }, 400, 'target must be an amount with at most two decimals'],
        [{ agentId: agent.id, metric: calls.key, period: 'week', target: 5, startsOn: '2026-11-13' }, 400, 'startsOn must be in the current period or a later one: a goal is not set for a period that is over'],
        [{ agentId: agent.id, metric: calls.key, period: 'week', target: 5, startsOn: '2026-02-30' }, 400, 'startsOn must be a date that exists, such as 2026-11-01'],
        [{ agentId: agent.id, metric: 'nope', period: 'week', target: 5 }, 404, 'Metric not found'],
        [{ agentId: 99999999, metric: calls.key, period: 'week', target: 5 }, 404, 'Agent not found'],
        [{ teamId: 99999999, metric: calls.key, period: 'week', target: 5 }, 404, 'Team not found'],
        [{ agentId: agent.id, metric: inactive.key, period: 'week', target: 5 }, 409, 'Gone is inactive: set goals on active metrics'],
        // The recurring monthly goal is in force next month too.
        [{ agentId: agent.id, metric: calls.key, period: 'month', target: 5, startsOn: '2026-12-01' }, 409, 'This agent already has a monthly goal'],
        [{ agentId: agent.id, metric: calls.key, period: 'week', target: 5, extra: 1 }, 400, 'Unrecognized key: "extra"'],
      ];
      for (const [body, status, message] of cases) {
        const res = await request('POST', '/api/goals', asOwner(), body);
        expect(res.statusCode, JSON.stringify(body) + res.body).toBe(status);
        expect((res.json() as { message: string }).message, JSON.stringify(body)).toContain(message);
      }
      // A batch with one bad agent sets none.
      const batch = await request('POST', '/api/goals/batch', asOwner(), { metric: calls.key, period: 'month', goals: [{ agentId: member.id, target: 3 }, { agentId: agent.id, target: 3 }] });
      expect(batch.statusCode, batch.body).toBe(409);
      const badTarget = await request('POST', '/api/goals/batch', asOwner(), { metric: calls.key, period: 'week', goals: [{ agentId: member.id, target: 'x' }] });
      expect(badTarget.statusCode).toBe(400);
      expect(badTarget.json()).toMatchObject({ message: 'goals[0]: target must be a whole number from 1 to 1,000,000,000 for a count' });
      expect(await stored(get())).toEqual(before);
    });

    it('sets a one-off goal for a later period beside another one-off, and refuses a recurring one over it', async () => {
      const agent = await signedInAgent(get(), { firstName: 'One', lastName: 'Off' });
      const now = await setGoal({ agentId: agent.id, metric: calls.key, period: 'month', target: 10 });
      const later = await setGoal({ agentId: agent.id, metric: calls.key, period: 'month', target: 12, startsOn: '2026-12-15' });
      expect(later).toMatchObject({ startsOn: '2026-12-01', periodStart: '2026-12-01', target: 12 });
      // Made recurring, this month's goal would be in force in December too.
      const res = await request('PATCH', `/api/goals/${now.id}`, asOwner(), { recurring: true });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('already has a monthly goal') });
    });
  });

  describe('changing and removing', () => {
    it('changes a target and removes a goal, audited, with goal.changed events', async () => {
      const t = get();
      const agent = await signedInAgent(t, { firstName: 'Cha', lastName: 'Nge' });
      const goal = await setGoal({ agentId: agent.id, metric: revenue.key, period: 'quarter', target: '1000.00' });
      // The goal's own event placed first (PostgreSQL places events after the commit): only the later ones are read.
      await sequenceAll(t.database.db);
      const from = await latestEventId(t.database.db);
      const res = await request('PATCH', `/api/goals/${goal.id}`, asOwner(), { target: '1500.50', recurring: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(goalSchema.parse(res.json())).toMatchObject({ id: goal.id, target: '1500.50', recurring: true, periodStart: '2026-10-01', periodEnd: '2026-12-31' });
      expect((await request('PATCH', `/api/goals/${goal.id}`, asOwner(), { target: 'lots' })).statusCode).toBe(400);
      expect((await request('PATCH', `/api/goals/${goal.id}`, asOwner(), {})).json()).toMatchObject({ message: 'Nothing to change: give target or recurring' });
      const removed = await request('DELETE', `/api/goals/${goal.id}`, asOwner());
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await request('DELETE', `/api/goals/${goal.id}`, asOwner())).statusCode).toBe(404);
      expect((await request('PATCH', `/api/goals/${goal.id}`, asOwner(), { target: 5 })).statusCode).toBe(404);
      expect(await listGoals(`?agentId=${agent.id}`)).toEqual([]);
      await sequenceAll(t.database.db);
      const audit = await queryRows<{ action: string; before: unknown; after: unknown; actor_id: number }>(
        t.database.db,
        sql`select action, before, after, actor_id from audit_log where target_type = 'goal' and target_id = ${String(goal.id)} order by id`,
      );
      expect(audit.map((row) => row.action)).toEqual(['goal.created', 'goal.updated', 'goal.deleted']);
      expect(audit[1]).toMatchObject({ before: { target: '1000.00', recurring: false }, after: { target: '1500.50', recurring: true }, actor_id: owner.id });
      const events = (await readEventsAfter(t.database.db, from, 100)).filter((event) => event.type === 'goal.changed');
      expect(events.map((event) => ({ ...event.public, ...event.private }))).toEqual([
        { goalId: goal.id, agentId: agent.id, teamId: null },
        { goalId: goal.id, agentId: agent.id, teamId: null, deleted: true },
      ]);
    });
  });

  describe('goals of agents who are not active', () => {
    it('leaves them out of the lists, refuses new ones, and still answers a change to one', async () => {
      const agent = await signedInAgent(get(), { firstName: 'Off', lastName: 'Duty' });
      const goal = await setGoal({ agentId: agent.id, metric: calls.key, period: 'month', target: 10, recurring: true });
      expect((await request('PATCH', `/api/agents/${agent.id}`, asOwner(), { active: false })).statusCode).toBe(200);
      expect(await listGoals(`?agentId=${agent.id}`)).toEqual([]);
      const refused = await request('POST', '/api/goals', asOwner(), { agentId: agent.id, metric: calls.key, period: 'week', target: 5 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: `${agent.name} is not active: set goals for active agents` });
      const changed = await request('PATCH', `/api/goals/${goal.id}`, asOwner(), { target: 12 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(goalSchema.parse(changed.json())).toMatchObject({ id: goal.id, target: 12 });
    });
  });

  describe('suggested targets', () => {
    it('suggests the 80th percentile of the last 12 complete periods, rounded to a whole unit', async () => {
      const t = get();
      const agent = await signedInAgent(t, { firstName: 'Sug', lastName: 'Gest' });
      await t.database.db.execute(sql`update agents set created_at = '2024-01-10T00:00:00Z' where id = ${agent.id}`);
      // November 2025 to October 2026: 10, 20, ..., 120 calls; this month's 500 is not complete and does not count.
      for (let i = 0; i < 12; i++) {
        const month = new Date(Date.UTC(2025, 10 + i, 10, 12));
        await record(agent.id, calls, (i + 1) * 10, month.toISOString());
      }
      await record(agent.id, calls, 500);
      const res = await request('GET', `/api/goals/suggestion?metric=${calls.key}&period=month&agentId=${agent.id}`, asOwner());
      expect(res.statusCode, res.body).toBe(200);
      // Sorted 10..120: position 0.8 x 11 = 8.8, between 90 and 100: 98.
      expect(goalSuggestion.parse(res.json())).toEqual({ target: 98, periods: 12 });
      // The agent reads its own.
      const own = await request('GET', `/api/goals/suggestion?metric=${calls.key}&period=month&agentId=${agent.id}`, { cookie: agent.cookie });
      expect(own.json()).toEqual({ target: 98, periods: 12 });
    });

    it('looks back only as far as the agent has been here, and suggests nothing without history', async () => {
      const t = get();
      const newer = await signedInAgent(t, { firstName: 'New', lastName: 'Er' });
      await t.database.db.execute(sql`update agents set created_at = '2026-08-15T00:00:00Z' where id = ${newer.id}`);
      await income(newer.id, '1000.00', '2026-09-10T10:00:00Z');
      await income(newer.id, '3000.00', '2026-10-10T10:00:00Z');
      const res = await request('GET', `/api/goals/suggestion?metric=profit&period=month&agentId=${newer.id}`, asOwner());
      // August (0), September (1,000), October (3,000): 0.8 x 2 = 1.6, between 1,000 and 3,000: 2,200.
      expect(res.json()).toEqual({ target: '2200.00', periods: 3 });
      const fresh = await signedInAgent(t, { firstName: 'Fresh', lastName: 'Start' });
      const none = await request('GET', `/api/goals/suggestion?metric=profit&period=week&agentId=${fresh.id}`, asOwner());
      expect(none.json()).toEqual({ target: null, periods: 0 });
      const bad = await request('GET', `/api/goals/suggestion?metric=profit&period=week`, asOwner());
      expect(bad.statusCode).toBe(400);
    });

    it('suggests for every active agent of a team at once, and sets them in one batch', async () => {
      const t = get();
      const team = await request('POST', '/api/teams', asOwner(), { name: `Batch Team ${uniqueKey('b')}` });
      const id = (team.json() as { id: number }).id;
      const a = await signedInAgent(t, { firstName: 'Aa', lastName: 'Batch' });
      const b = await signedInAgent(t, { firstName: 'Bb', lastName: 'Batch' });
      expect((await request('PATCH', `/api/teams/${id}`, asOwner(), { agentIds: [a.id, b.id] })).statusCode).toBe(200);
      await t.database.db.execute(sql`update agents set created_at = '2026-01-01T00:00:00Z' where id in (${a.id}, ${b.id})`);
      await record(a.id, calls, 40, '2026-11-10T10:00:00Z');
      const res = await request('GET', `/api/goals/suggestions?metric=${calls.key}&period=week&teamId=${id}`, asOwner());
      expect(res.statusCode, res.body).toBe(200);
      const { suggestions } = teamSuggestions.parse(res.json());
      // Agent A's 12 weeks: eleven at 0 and one at 40: the 80th percentile is 0, nothing to aim at.
      expect(suggestions).toEqual([
        { agentId: a.id, agentName: a.name, target: null, periods: 12 },
        { agentId: b.id, agentName: b.name, target: null, periods: 12 },
      ]);
      const batch = await request('POST', '/api/goals/batch', asOwner(), { metric: calls.key, period: 'week', recurring: true, goals: [{ agentId: a.id, target: 12 }, { agentId: b.id, target: 8 }] });
      expect(batch.statusCode, batch.body).toBe(201);
      const set = goalList.parse(batch.json()).goals;
      expect(set.map((goal) => [goal.agentId, goal.target, goal.recurring])).toEqual([
        [a.id, 12, true],
        [b.id, 8, true],
      ]);
      // A manager who does not lead the team gets none of its suggestions.
      const otherLead = await signedInUser(t, 'manager');
      expect((await request('PATCH', `/api/teams/${otherTeamId}`, asOwner(), { managerIds: [otherLead.id] })).statusCode).toBe(200);
      expect((await request('GET', `/api/goals/suggestions?metric=${calls.key}&period=week&teamId=${id}`, { cookie: otherLead.cookie })).statusCode).toBe(403);
    });
  });

  describe('marks and pace notices', () => {
    /** Runs the goal watcher, then the notifier, to the end of the events. */
    async function watched(t: TestApp) {
      for (let round = 0; round < 3; round++) {
        await sequenceAll(t.database.db);
        while ((await watchGoals(t.database.db, 500, t.clock.now, 'UTC')) > 0);
        await sequenceAll(t.database.db);
        while ((await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })) > 0);
      }
    }

    async function notificationsOf(headers: Headers) {
      const res = await request('GET', '/api/notifications', headers);
      expect(res.statusCode, res.body).toBe(200);
      return notificationPage.parse(res.json()).notifications;
    }

    it('tells the holder of 50%, 90% and 100% once each per period, and the team’s manager of 100%', async () => {
      const t = get();
      await watched(t);
      const agent = await signedInAgent(t, { firstName: 'Mark', lastName: 'Passer' });
      expect((await request('PATCH', `/api/teams/${teamId}`, asOwner(), { agentIds: [member.id, teammate.id, agent.id] })).statusCode).toBe(200);
      const goal = await setGoal({ agentId: agent.id, metric: calls.key, period: 'week', target: 10 });
      await sequenceAll(t.database.db);
      const from = await latestEventId(t.database.db);
      await record(agent.id, calls, 4);
      await watched(t);
      expect(await queryRows(t.database.db, sql`select threshold from goal_marks where goal_id = ${goal.id}`)).toEqual([]);
      await record(agent.id, calls, 1);
      await watched(t);
      // 50%: the agent hears of it.
      let mine = await notificationsOf({ cookie: agent.cookie });
      expect(mine.map((n) => [n.kind, n.title, n.body])).toEqual([['goal_progress', 'You are at 50% of your weekly Calls goal', '5 of 10 so far.']]);
      // 100% at once: 90% and 100% are both recorded, one notice of the highest.
      await record(agent.id, calls, 6);
      await watched(t);
      await record(agent.id, calls, 1);
      await watched(t);
      const marks = await queryRows<{ threshold: number; period_start: string }>(
        t.database.db,
        sql`select threshold, period_start::text as period_start from goal_marks where goal_id = ${goal.id} order by threshold`,
      );
      expect(marks).toEqual([
        { threshold: 50, period_start: '2026-11-16' },
        { threshold: 90, period_start: '2026-11-16' },
        { threshold: 100, period_start: '2026-11-16' },
      ]);
      mine = await notificationsOf({ cookie: agent.cookie });
      expect(mine.map((n) => n.title)).toEqual(['You reached your weekly Calls goal!', 'You are at 50% of your weekly Calls goal']);
      const leads = (await notificationsOf({ cookie: lead.cookie })).filter((n) => n.kind === 'goal_reached');
      expect(leads.map((n) => [n.title, n.body])).toContainEqual([`${agent.name} reached their weekly Calls goal`, '11 of 10.']);
      const reached = (await readEventsAfter(t.database.db, from, 500)).filter((event) => event.type === 'goal.reached');
      expect(reached.map((event) => event.public)).toEqual([
        expect.objectContaining({ goalId: goal.id, threshold: 50, actual: 5, target: 10, agentId: agent.id, teamId: null, period: 'week', periodStart: '2026-11-16', metric: calls.key }),
        expect.objectContaining({ goalId: goal.id, threshold: 100, actual: 11, target: 10 }),
      ]);
    });

    it('tells every agent of a team of its goal’s marks, as each chose', async () => {
      const t = get();
      await watched(t);
      const team = await request('POST', '/api/teams', asOwner(), { name: `Mark Team ${uniqueKey('m')}`, managerIds: [] });
      const id = (team.json() as { id: number }).id;
      const a = await signedInAgent(t, { firstName: 'Tea', lastName: 'Mone' });
      const b = await signedInAgent(t, { firstName: 'Tea', lastName: 'Mtwo' });
      expect((await request('PATCH', `/api/teams/${id}`, asOwner(), { agentIds: [a.id, b.id] })).statusCode).toBe(200);
      // Agent B wants no goal news in the app.
      const off = await request('PUT', '/api/notification-preferences', { cookie: b.cookie }, { preferences: [{ kind: 'goal_progress', inApp: false, email: false }] });
      expect(off.statusCode, off.body).toBe(200);
      await setGoal({ teamId: id, metric: revenue.key, period: 'month', target: '100.00' });
      await record(a.id, revenue, '60.00');
      await watched(t);
      expect((await notificationsOf({ cookie: a.cookie })).map((n) => [n.title, n.body])).toEqual([
        ['Your team is at 50% of its monthly Revenue goal', expect.stringMatching(/^Mark Team .*: \$60 of \$100 so far\.$/)],
      ]);
      expect(await notificationsOf({ cookie: b.cookie })).toEqual([]);
      // The owner hears of the team's goal reached.
      await record(b.id, revenue, '45.00');
      await watched(t);
      const owners = (await notificationsOf(asOwner())).filter((n) => n.kind === 'goal_reached');
      expect(owners.map((n) => n.title)).toContainEqual(expect.stringMatching(/^Mark Team .* reached its monthly Revenue goal$/));
    });

    it('tells of a goal behind pace at most once a week, and never on a day off', async () => {
      const t = get();
      await watched(t);
      const agent = await signedInAgent(t, { firstName: 'Slow', lastName: 'Poke' });
      const goal = await setGoal({ agentId: agent.id, metric: calls.key, period: 'month', target: 100, recurring: true });
      try {
        const told = await noticeGoalsBehind(t.database.db, t.clock.now, 'UTC');
        expect(told).toBeGreaterThanOrEqual(1);
        await watched(t);
        const mine = await notificationsOf({ cookie: agent.cookie });
        expect(mine.map((n) => [n.kind, n.title, n.body])).toEqual([['goal_behind', 'Your monthly Calls goal is behind pace', '0 so far, 57.14 expected by now, of 100.']]);
        // Again the same day, and six days later: nothing more.
        await noticeGoalsBehind(t.database.db, t.clock.now, 'UTC');
        await noticeGoalsBehind(t.database.db, new Date('2026-11-24T15:00:00Z'), 'UTC');
        // A Saturday, a week later: not a working day.
        await noticeGoalsBehind(t.database.db, new Date('2026-11-28T15:00:00Z'), 'UTC');
        await watched(t);
        expect(await notificationsOf({ cookie: agent.cookie })).toHaveLength(1);
        // Thursday, eight days later: told again.
        t.clock.now = new Date('2026-11-26T15:00:00Z');
        await noticeGoalsBehind(t.database.db, t.clock.now, 'UTC');
        await watched(t);
        expect(await notificationsOf({ cookie: agent.cookie })).toHaveLength(2);
        const [row] = await queryRows<{ at: string }>(t.database.db, sql`select behind_noticed_at::text as at from goals where id = ${goal.id}`);
        expect(row!.at).toContain('2026-11-26');
      } finally {
        t.clock.now = NOW;
      }
    });
  });
});
