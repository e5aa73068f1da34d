// Metrics beside profit and the activities recorded on them (docs/decisions/0072-metrics-and-activities.md): the owner's metrics (at most
// 20, profit built in and first), activities by staff in scope, activities:write tokens and agents for themselves where
// the metric allows it, Idempotency-Key and externalId as for income entries, per-metric roll-ups, voids as reversals,
// and the audit rows and events every write leaves. On both engines, over HTTP (inject), reading the database where
// the point is what was stored.
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity as activitySchema, activityPage, metric as metricSchema, metricList, METRICS_MAX, voidedActivity, type Activity, type Metric } from '../../contract/metrics';
import { OUTSIDE_YOUR_TEAMS, team as teamSchema } from '../../contract/teams';
import { queryRows } from '../../server/db/client';
import { latestEventId, readEventsAfter } from '../../server/db/events';
import { metricPeriodRollUpsFromActivities } from '../../server/db/rule-sql';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, signedInAgent, signedInUser } from '../factories/accounts';
import { createApiToken } from '../factories/api-tokens';
import { describeEachEngine, rawJsonRequest, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18 15:00 UTC (ORG_TIMEZONE is UTC in the tests).
const NOW = new Date('2026-11-18T15:00:00Z');

type Headers = Record<string, string>;

const KEY_MESSAGE = 'key must be 1 to 40 characters: lower-case letters, digits, - and _, starting with a letter';

let serial = 0;
/** A metric key unique within the run. */
const uniqueMetricKey = (label: string) => `${label}_${++serial}`;
let idempotencySerial = 0;
const uniqueIdempotencyKey = (label: string) => `${label}-${++idempotencySerial}-${Math.random().toString(36).slice(2)}`;

/** Everything a metric or activity write touches, after sequencing, to show that a refused request changed nothing. */
async function stored(t: TestApp) {
  await sequenceAll(t.database.db);
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select string_agg(row(key, name, unit, agents_may_record, active)::text, ';' order by id) from metrics) as metrics,
      (select count(*)::int from activities) as activities,
      (select string_agg(row(id, value, voided_at, void_reason)::text, ';' order by id) from activities) as activity_rows,
      (select count(*)::int from agent_metric_period_totals) as rollups,
      (select coalesce(sum(total), 0)::text from agent_metric_period_totals) as rollup_sum,
      (select count(*)::int from audit_log) as audit,
      (select count(*)::int from events) as events,
      (select count(*)::int from idempotency_keys) as idempotency_keys`,
  );
  return row!;
}

async function rollUps(t: TestApp, metricKey: string, agentId: number) {
  return queryRows<{ period_kind: string; period_start: string; total: string }>(
    t.database.db,
    sql`select r.period_kind, r.period_start::text as period_start, r.total::text as total
      from agent_metric_period_totals r join metrics m on m.id = r.metric_id
      where m.key = ${metricKey} and r.agent_id = ${agentId}
      order by r.period_kind, r.period_start`,
  );
}

describeEachEngine('metrics and activities', (get) => {
  let owner: { id: number; name: string; cookie: string };
  let manager: { cookie: string };
  let lead: { id: number; cookie: string };
  let teamAgent: { id: number; name: string; cookie: string };
  let outsider: { id: number; name: string; cookie: string };
  let writeToken: { id: number; name: string; authorization: string };
  let readToken: { authorization: string };
  /** Shared metrics: a count agents may record, money, a count they may not, and an inactive count. */
  let calls: Metric;
  let revenue: Metric;
  let meetings: Metric;
  let retired: Metric;

  const asOwner = (): Headers => ({ cookie: owner.cookie });
  const request = (method: InjectOptions['method'], url: string, headers: Headers, payload?: unknown) =>
    get().request({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function makeMetric(body: Record<string, unknown>): Promise<Metric> {
    const res = await request('POST', '/api/metrics', asOwner(), body);
    expect(res.statusCode, res.body).toBe(201);
    return metricSchema.parse(res.json());
  }

  const record = (body: Record<string, unknown>, headers: Headers = asOwner()) => request('POST', '/api/activities', headers, body);

  async function recorded(body: Record<string, unknown>, headers: Headers = asOwner()): Promise<Activity> {
    const res = await record(body, headers);
    expect(res.statusCode, res.body).toBe(201);
    return activitySchema.parse(res.json());
  }

  const voidActivity = (id: number | string, body: unknown, headers: Headers = asOwner()) => request('POST', `/api/activities/${id}/void`, headers, body);

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = await signedInUser(t, 'owner');
    manager = await signedInUser(t, 'manager');
    const leadUser = await signedInUser(t, 'manager');
    lead = leadUser;
    teamAgent = await signedInAgent(t, { firstName: 'Tess', lastName: 'Teamed' });
    outsider = await signedInAgent(t, { firstName: 'Otto', lastName: 'Outside' });
    const team = await request('POST', '/api/teams', asOwner(), { name: 'Metric Team', managerIds: [leadUser.id], agentIds: [teamAgent.id] });
    expect(team.statusCode, team.body).toBe(201);
    expect(teamSchema.parse(team.json()).agents.map((agent) => agent.id)).toEqual([teamAgent.id]);
    writeToken = await createApiToken(t.database.db, owner, ['activities:write'], { name: 'CRM sync', now: NOW });
    readToken = await createApiToken(t.database.db, owner, ['read'], { now: NOW });
    calls = await makeMetric({ key: uniqueMetricKey('calls'), name: 'Calls', unit: 'count', agentsMayRecord: true });
    revenue = await makeMetric({ key: uniqueMetricKey('revenue'), name: 'Revenue', unit: 'money' });
    meetings = await makeMetric({ key: uniqueMetricKey('meetings'), name: 'Meetings', unit: 'count' });
    retired = await makeMetric({ key: uniqueMetricKey('retired'), name: 'Retired', unit: 'count', agentsMayRecord: true });
    const off = await request('PATCH', `/api/metrics/${retired.key}`, asOwner(), { active: false });
    expect(off.statusCode, off.body).toBe(200);
  });

  describe('GET /api/metrics', () => {
    it('lists profit first (built in), then the metrics in the order they were made, for every signed-in reader', async () => {
      const first = await makeMetric({ key: uniqueMetricKey('zeta'), name: 'Zeta', unit: 'count' });
      const second = await makeMetric({ key: uniqueMetricKey('alpha'), name: 'Alpha', unit: 'money', agentsMayRecord: true });
      const answers = [];
      for (const headers of [asOwner(), { cookie: manager.cookie }, { cookie: teamAgent.cookie }, { authorization: readToken.authorization }]) {
        const res = await request('GET', '/api/metrics', headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        answers.push(metricList.parse(res.json()));
      }
      for (const list of answers) expect(list).toEqual(answers[0]);
      const list = answers[0]!;
      expect(list[0]).toEqual({ key: 'profit', name: 'Profit', unit: 'money', agentsMayRecord: false, active: true, builtIn: true });
      expect(list.filter((m) => m.builtIn)).toHaveLength(1);
      // Creation order, not key or name order.
      expect(list.slice(1).map((m) => m.key)).toEqual([calls.key, revenue.key, meetings.key, retired.key, first.key, second.key]);
      expect(list.find((m) => m.key === second.key)).toEqual({ key: second.key, name: 'Alpha', unit: 'money', agentsMayRecord: true, active: true, builtIn: false });
      expect(list.find((m) => m.key === retired.key)!.active).toBe(false);

      expect((await request('GET', '/api/metrics', {})).statusCode).toBe(401);
      // A token without the read scope reads nothing.
      expect((await request('GET', '/api/metrics', { authorization: writeToken.authorization })).statusCode).toBe(403);
    });
  });

  describe('POST and PATCH /api/metrics', () => {
    it('makes a metric (201), stored as answered; agentsMayRecord defaults to false and the name is tidied', async () => {
      const t = get();
      const key = uniqueMetricKey('demos');
      const res = await request('POST', '/api/metrics', asOwner(), { key: `  ${key} `, name: '  Product   demos ', unit: 'count' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ key, name: 'Product demos', unit: 'count', agentsMayRecord: false, active: true, builtIn: false });
      const rows = await queryRows(t.database.db, sql`select key, name, unit, agents_may_record, active from metrics where key = ${key}`);
      expect(rows).toEqual([{ key, name: 'Product demos', unit: 'count', agents_may_record: false, active: true }]);
    });

    it('refuses bad keys, names and units with 400 and a clear message, writing nothing', async () => {
      const t = get();
      const good = { name: 'Good name', unit: 'count' };
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ ...good, key: 'Calls' }, 'key', KEY_MESSAGE],
        [{ ...good, key: 'CALLS' }, 'key', KEY_MESSAGE],
        [{ ...good, key: '1calls' }, 'key', KEY_MESSAGE],
        [{ ...good, key: '_calls' }, 'key', KEY_MESSAGE],
        [{ ...good, key: 'calls made' }, 'key', KEY_MESSAGE],
        [{ ...good, key: 'a'.repeat(41) }, 'key', KEY_MESSAGE],
        [{ ...good, key: '' }, 'key', KEY_MESSAGE],
        [{ ...good, key: 42 }, 'key', KEY_MESSAGE],
        [{ ...good }, 'key', KEY_MESSAGE],
        [{ ...good, key: 'profit' }, 'key', 'key "profit" is the built-in metric'],
        [{ ...good, key: ' profit ' }, 'key', 'key "profit" is the built-in metric'],
        [{ key: 'fine_key', unit: 'count', name: '' }, 'name', 'A metric needs a name'],
        [{ key: 'fine_key', unit: 'count', name: '   ' }, 'name', 'A metric needs a name'],
        [{ key: 'fine_key', unit: 'count' }, 'name', 'A metric needs a name'],
        [{ key: 'fine_key', unit: 'count', name: 'x'.repeat(61) }, 'name', 'Must be at most 60 characters'],
        [{ key: 'fine_key', name: 'Hours', unit: 'hours' }, 'unit', 'unit must be "money" or "count"'],
        [{ key: 'fine_key', name: 'Hours', unit: 'COUNT' }, 'unit', 'unit must be "money" or "count"'],
        [{ key: 'fine_key', name: 'Hours' }, 'unit', 'unit must be "money" or "count"'],
        [{ key: 'fine_key', name: 'Hours', unit: 'count', agentsMayRecord: 'yes' }, 'agentsMayRecord', 'agentsMayRecord must be true or false'],
      ];
      const before = await stored(t);
      for (const [body, path, message] of cases) {
        const res = await request('POST', '/api/metrics', asOwner(), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', message, issues: [{ path, message }] });
      }
      // A field the contract does not know, and bodies that are not objects.
      const extra = await request('POST', '/api/metrics', asOwner(), { key: 'fine_key', name: 'Fine', unit: 'count', active: false });
      expect(extra.statusCode).toBe(400);
      for (const payload of ['null', '[]', '"calls"', '']) {
        expect((await get().request(rawJsonRequest('POST', '/api/metrics', payload, owner.cookie))).statusCode, payload).toBe(400);
      }
      expect(await stored(t)).toEqual(before);
    });

    it('refuses a key already taken (409) and anyone but the owner (401, 403), writing nothing', async () => {
      const t = get();
      const before = await stored(t);
      const duplicate = await request('POST', '/api/metrics', asOwner(), { key: calls.key, name: 'Other calls', unit: 'money' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ code: 'CONFLICT', message: `A metric with key "${calls.key}" already exists` });
      const body = { key: uniqueMetricKey('refused'), name: 'Refused', unit: 'count' };
      expect((await request('POST', '/api/metrics', {}, body)).statusCode).toBe(401);
      for (const headers of [{ cookie: manager.cookie }, { cookie: lead.cookie }, { cookie: teamAgent.cookie }, { authorization: writeToken.authorization }] as Headers[]) {
        const res = await request('POST', '/api/metrics', headers, body);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        const patch = await request('PATCH', `/api/metrics/${calls.key}`, headers, { name: 'Hijacked' });
        expect(patch.statusCode, JSON.stringify(headers)).toBe(403);
      }
      expect(await stored(t)).toEqual(before);
    });

    it('renames a metric, lets agents record it and makes it inactive; the key and unit stay', async () => {
      const t = get();
      const made = await makeMetric({ key: uniqueMetricKey('visits'), name: 'Visits', unit: 'money' });
      const patch = (body: unknown) => request('PATCH', `/api/metrics/${made.key}`, asOwner(), body);

      const renamed = await patch({ name: '  Site   visits ' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toEqual({ ...made, name: 'Site visits' });
      const allowed = await patch({ agentsMayRecord: true });
      expect(allowed.json()).toEqual({ ...made, name: 'Site visits', agentsMayRecord: true });
      const inactive = await patch({ active: false });
      expect(inactive.json()).toEqual({ ...made, name: 'Site visits', agentsMayRecord: true, active: false });
      const all = await patch({ name: 'Visits', agentsMayRecord: false, active: true });
      expect(all.json()).toEqual(made);
      const rows = await queryRows(t.database.db, sql`select key, name, unit, agents_may_record, active from metrics where key = ${made.key}`);
      expect(rows).toEqual([{ key: made.key, name: 'Visits', unit: 'money', agents_may_record: false, active: true }]);
    });

    it('refuses to change profit (409), an unknown key (404), an empty or bad body and a bad key (400), writing nothing', async () => {
      const t = get();
      const before = await stored(t);
      const profit = await request('PATCH', '/api/metrics/profit', asOwner(), { name: 'Income' });
      expect(profit.statusCode).toBe(409);
      expect(profit.json()).toEqual({ code: 'CONFLICT', message: 'Profit is built in: it cannot be changed' });
      const unknown = await request('PATCH', '/api/metrics/no_such_metric', asOwner(), { name: 'Nothing' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Metric not found' });

      const empty = await request('PATCH', `/api/metrics/${calls.key}`, asOwner(), {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Nothing to change: give name, agentsMayRecord or active' });
      for (const [body, message] of [
        [{ name: '' }, 'A metric needs a name'],
        [{ active: 'no' }, 'active must be true or false'],
        [{ agentsMayRecord: 1 }, 'agentsMayRecord must be true or false'],
      ] as const) {
        const res = await request('PATCH', `/api/metrics/${calls.key}`, asOwner(), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      // The key and unit never change.
      for (const body of [{ key: 'renamed_key' }, { unit: 'money' }]) {
        expect((await request('PATCH', `/api/metrics/${calls.key}`, asOwner(), body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      const badKey = await request('PATCH', '/api/metrics/Calls', asOwner(), { name: 'Calls' });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().message).toBe(KEY_MESSAGE);
      expect(await stored(t)).toEqual(before);
    });
  });

  describe('POST /api/activities', () => {
    it('records a count (a number or its digits, answered as a number) and money (answered with two decimals)', async () => {
      const t = get();
      const agent = await createAgent(t.database.db, { firstName: 'Cora', lastName: 'Count' });
      const asText = await record({ agentId: agent.id, metric: calls.key, value: '3', note: '  Follow-ups  ' });
      expect(asText.statusCode, asText.body).toBe(201);
      expect(activitySchema.parse(asText.json())).toEqual({
        id: expect.any(Number),
        metric: calls.key,
        agentId: agent.id,
        agentName: 'Cora Count',
        value: 3,
        date: NOW.toISOString(),
        note: 'Follow-ups',
        selfReported: false,
        externalId: null,
        createdAt: NOW.toISOString(),
        voidsActivityId: null,
        voidedAt: null,
        voidedBy: null,
        voidReason: null,
      });
      const asNumber = await recorded({ agentId: String(agent.id), metric: calls.key, value: 3, date: '2026-11-17T08:30:00-05:00', note: '   ' });
      expect(asNumber).toMatchObject({ value: 3, date: '2026-11-17T13:30:00.000Z', note: null });

      const money = await recorded({ agentId: agent.id, metric: revenue.key, value: '12.50' });
      expect(money).toMatchObject({ metric: revenue.key, value: '12.50', selfReported: false });
      expect((await recorded({ agentId: agent.id, metric: revenue.key, value: 7.5 })).value).toBe('7.50');
      // A deduction is money too (as an entry amount may be).
      expect((await recorded({ agentId: agent.id, metric: revenue.key, value: '-2' })).value).toBe('-2.00');
      expect((await recorded({ agentId: agent.id, metric: calls.key, value: 1_000_000 })).value).toBe(1_000_000);

      const rows = await queryRows<{ id: number; metric: string; value: string; self_reported: boolean }>(
        t.database.db,
        sql`select a.id::float8 as id, m.key as metric, a.value::text as value, a.self_reported from activities a join metrics m on m.id = a.metric_id
          where a.agent_id = ${agent.id} order by a.id`,
      );
      expect(rows.map((row) => [row.metric, row.value, row.self_reported])).toEqual([
        [calls.key, '3.00', false],
        [calls.key, '3.00', false],
        [revenue.key, '12.50', false],
        [revenue.key, '7.50', false],
        [revenue.key, '-2.00', false],
        [calls.key, '1000000.00', false],
      ]);
      expect(rows[0]!.id).toBe(asText.json().id);
    });

    describe('refusals write nothing', () => {
      let agentId: number;
      beforeAll(async () => {
        agentId = (await createAgent(get().database.db)).id;
      });

      async function expectRefused(body: Record<string, unknown>, status: number, expected: Record<string, unknown>, headers: Headers = asOwner()) {
        const t = get();
        const before = await stored(t);
        const res = await record(body, headers);
        expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
        expect(res.json(), JSON.stringify(body)).toMatchObject(expected);
        expect(await stored(t)).toEqual(before);
        return res;
      }

      it('refuses values invalid for the unit with 400 naming value', async () => {
        const countMessage = 'value must be a whole number from 1 to 1,000,000 for a count';
        const cases: Array<[Metric, unknown, string]> = [
          [calls, '1.5', countMessage],
          [calls, 1.5, countMessage],
          [calls, 0, countMessage],
          [calls, '0', countMessage],
          [calls, -1, countMessage],
          [calls, '-1', countMessage],
          [calls, 1_000_001, countMessage],
          [calls, '1000001', countMessage],
          [calls, '3.00', countMessage],
          [calls, 'three', countMessage],
          [calls, '', countMessage],
          [calls, 1e21, countMessage],
          [revenue, '12.345', 'value must be a number with at most two decimals'],
          [revenue, 12.345, 'value must be a number with at most two decimals'],
          [revenue, 'twelve', 'value must be a number with at most two decimals'],
          [revenue, '0', 'value must not be zero'],
          [revenue, '0.00', 'value must not be zero'],
          [revenue, 0, 'value must not be zero'],
          [revenue, '1000000000000.00', 'value is larger than the tracker can hold'],
          [calls, null, 'value is required'],
          [calls, true, 'value is required'],
          [revenue, undefined, 'value is required'],
        ];
        for (const [metric, value, message] of cases) {
          await expectRefused({ agentId, metric: metric.key, value }, 400, { code: 'VALIDATION_FAILED', message, issues: [{ path: 'value', message }] });
        }
      });

      it('refuses profit (400), an unknown metric (404), an inactive one (409), a bad key and other bad fields (400)', async () => {
        await expectRefused({ agentId, metric: 'profit', value: '10.00' }, 400, {
          code: 'VALIDATION_FAILED',
          message: 'Profit is recorded as income entries (POST /api/income-entries), not as activities',
          issues: [{ path: 'metric' }],
        });
        await expectRefused({ agentId, metric: 'no_such_metric', value: 1 }, 404, { code: 'NOT_FOUND', message: 'Metric not found' });
        await expectRefused({ agentId, metric: retired.key, value: 1 }, 409, { code: 'CONFLICT', message: 'Retired is inactive: nothing new is recorded on it' });
        // An agent recording for itself on the inactive metric (which allows agents) is refused alike.
        await expectRefused({ metric: retired.key, value: 1 }, 409, { code: 'CONFLICT' }, { cookie: teamAgent.cookie });
        await expectRefused({ agentId, metric: 'Calls', value: 1 }, 400, { message: KEY_MESSAGE, issues: [{ path: 'metric', message: KEY_MESSAGE }] });
        await expectRefused({ agentId, value: 1 }, 400, { issues: [{ path: 'metric' }] });
        await expectRefused({ metric: calls.key, value: 1 }, 400, { message: 'Please select an agent', issues: [{ path: 'agentId' }] });
        await expectRefused({ agentId: 'abc', metric: calls.key, value: 1 }, 400, { message: 'Please select an agent' });
        await expectRefused({ agentId: 2_000_000_000, metric: calls.key, value: 1 }, 404, { code: 'NOT_FOUND', message: 'Agent not found' });
        await expectRefused({ agentId, metric: calls.key, value: 1, date: '2026-11-20T15:00:01Z' }, 400, { message: 'Date cannot be more than 24 hours in the future' });
        await expectRefused({ agentId, metric: calls.key, value: 1, date: '1999-12-31T23:59:59Z' }, 400, { message: 'Date cannot be before January 1, 2000' });
        await expectRefused({ agentId, metric: calls.key, value: 1, date: '2026-11-18' }, 400, { issues: [{ path: 'date' }] });
        await expectRefused({ agentId, metric: calls.key, value: 1, note: 'x'.repeat(501) }, 400, { message: 'note must be at most 500 characters' });
        await expectRefused({ agentId, metric: calls.key, value: 1, externalId: '  ' }, 400, { message: 'externalId must not be empty' });
        await expectRefused({ agentId, metric: calls.key, value: 1, amount: '5.00' }, 400, { code: 'VALIDATION_FAILED' });
      });

      it('refuses anonymous callers (401), a read-only token (403), and agents outside what the metric allows (403)', async () => {
        await expectRefused({ agentId, metric: calls.key, value: 1 }, 401, { code: 'UNAUTHENTICATED' }, {});
        await expectRefused({ agentId, metric: calls.key, value: 1 }, 403, { code: 'FORBIDDEN', message: 'This API token may not do this: it lacks the activities:write scope' }, {
          authorization: readToken.authorization,
        });
        // meetings does not let agents record, even for themselves.
        await expectRefused({ metric: meetings.key, value: 1 }, 403, { code: 'FORBIDDEN', message: 'Agents may not record Meetings themselves' }, { cookie: teamAgent.cookie });
        await expectRefused({ agentId: teamAgent.id, metric: meetings.key, value: 1 }, 403, { code: 'FORBIDDEN' }, { cookie: teamAgent.cookie });
        // calls does, but only for the agent itself.
        await expectRefused({ agentId: outsider.id, metric: calls.key, value: 1 }, 403, { code: 'FORBIDDEN', message: 'Agents can only record their own activities' }, { cookie: teamAgent.cookie });
      });
    });

    it('lets an agent record its own activity on a metric that allows it, marked self-reported', async () => {
      const t = get();
      const withoutId = await recorded({ metric: calls.key, value: 2 }, { cookie: teamAgent.cookie });
      expect(withoutId).toMatchObject({ agentId: teamAgent.id, agentName: teamAgent.name, value: 2, selfReported: true });
      const withId = await recorded({ agentId: teamAgent.id, metric: calls.key, value: '5' }, { cookie: teamAgent.cookie });
      expect(withId).toMatchObject({ agentId: teamAgent.id, value: 5, selfReported: true });
      const rows = await queryRows<{ self_reported: boolean; agent_id: number }>(
        t.database.db,
        sql`select self_reported, agent_id from activities where id in (${withoutId.id}, ${withId.id}) order by id`,
      );
      expect(rows).toEqual([
        { self_reported: true, agent_id: teamAgent.id },
        { self_reported: true, agent_id: teamAgent.id },
      ]);
      // Staff recording for the same agent is not self-reported.
      expect((await recorded({ agentId: teamAgent.id, metric: calls.key, value: 1 })).selfReported).toBe(false);
    });

    it('lets a manager record for the agents of the team they lead only, and a manager who leads none for anyone', async () => {
      const t = get();
      const before = await stored(t);
      const refused = await record({ agentId: outsider.id, metric: meetings.key, value: 1 }, { cookie: lead.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: OUTSIDE_YOUR_TEAMS });
      expect(await stored(t)).toEqual(before);

      const mine = await recorded({ agentId: teamAgent.id, metric: meetings.key, value: 4 }, { cookie: lead.cookie });
      expect(mine).toMatchObject({ agentId: teamAgent.id, value: 4, selfReported: false });
      const anyone = await recorded({ agentId: outsider.id, metric: meetings.key, value: 1 }, { cookie: manager.cookie });
      expect(anyone.agentId).toBe(outsider.id);
    });

    it('lets an API token with activities:write record for any agent', async () => {
      const made = await recorded({ agentId: outsider.id, metric: revenue.key, value: '99.99' }, { authorization: writeToken.authorization });
      expect(made).toMatchObject({ agentId: outsider.id, value: '99.99', selfReported: false });
    });
  });

  describe('Idempotency-Key and externalId', () => {
    const withKey = (key: string, headers: Headers = asOwner()): Headers => ({ ...headers, 'idempotency-key': key });
    const activitiesOf = async (agentId: number) =>
      (await queryRows<{ n: number }>(get().database.db, sql`select count(*)::int as n from activities where agent_id = ${agentId}`))[0]!.n;

    it('answers a retry with the same body and idempotent-replayed: true, writing one activity; another body is 422', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      const key = uniqueIdempotencyKey('retry');
      const body = { agentId: agent.id, metric: calls.key, value: 3, note: 'Morning calls' };
      const first = await record(body, withKey(key));
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const after = await stored(t);
      const again = await record(body, withKey(key));
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await stored(t)).toEqual(after);
      expect(await activitiesOf(agent.id)).toBe(1);
      expect(await rollUps(t, calls.key, agent.id)).toEqual(expect.arrayContaining([{ period_kind: 'week', period_start: '2026-11-16', total: '3.00' }]));

      const other = await record({ ...body, value: 4 }, withKey(key));
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used with a different request' });
      expect(await stored(t)).toEqual(after);

      // A key belongs to who sent it: the token's request under the same key is its own.
      const token = await record(body, withKey(key, { authorization: writeToken.authorization }));
      expect(token.statusCode).toBe(201);
      expect(token.headers['idempotent-replayed']).toBeUndefined();
      expect(await activitiesOf(agent.id)).toBe(2);

      const malformed = await record(body, withKey('with space'));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    });

    it('replays an agent’s own self-reported activity under its key', async () => {
      const key = uniqueIdempotencyKey('agent');
      const headers = withKey(key, { cookie: outsider.cookie });
      const first = await record({ metric: calls.key, value: 1 }, headers);
      expect(first.statusCode, first.body).toBe(201);
      const again = await record({ metric: calls.key, value: 1 }, headers);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(activitySchema.parse(first.json())).toMatchObject({ agentId: outsider.id, selfReported: true });
    });

    it('refuses a second activity with the same externalId on the same metric (409 naming it), but not on another metric', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      const externalId = uniqueIdempotencyKey('deal');
      const first = await recorded({ agentId: agent.id, metric: revenue.key, value: '1200.00', externalId: `  ${externalId} ` });
      expect(first.externalId).toBe(externalId);
      const before = await stored(t);
      for (const headers of [asOwner(), withKey(uniqueIdempotencyKey('dup'))]) {
        const second = await record({ agentId: agent.id, metric: revenue.key, value: '5.00', externalId }, headers);
        expect(second.statusCode).toBe(409);
        expect(second.json()).toEqual({ code: 'CONFLICT', message: `An activity of Revenue with externalId "${externalId}" already exists (activity ${first.id})` });
      }
      // Another agent, same metric: still the same deal.
      const otherAgent = await record({ agentId: outsider.id, metric: revenue.key, value: '5.00', externalId }, { authorization: writeToken.authorization });
      expect(otherAgent.statusCode).toBe(409);
      expect(await stored(t)).toEqual(before);

      const elsewhere = await recorded({ agentId: agent.id, metric: calls.key, value: 1, externalId });
      expect(elsewhere.externalId).toBe(externalId);
      expect(await activitiesOf(agent.id)).toBe(2);
    });
  });

  describe('roll-ups', () => {
    it('keeps week, month, quarter and year totals per metric and agent, and a void nets its periods out', async () => {
      const t = get();
      const metric = await makeMetric({ key: uniqueMetricKey('rollup'), name: 'Roll-up calls', unit: 'count' });
      const agent = await createAgent(t.database.db);
      const other = await createAgent(t.database.db);
      const at = (date: string, value: number, agentId = agent.id) => recorded({ agentId, metric: metric.key, value, date });
      await at('2026-11-18T10:00:00Z', 3); // Wednesday: week of Monday 2026-11-16
      await at('2026-11-16T00:00:00Z', 2); // Monday, the week's first instant
      await at('2026-11-16T00:30:00+01:00', 5); // Sunday 2026-11-15 23:30 UTC: the week before
      const october = await at('2026-10-31T12:00:00Z', 7); // Saturday: week of 2026-10-26, October, Q4
      await at('2026-09-30T12:00:00Z', 11); // Wednesday: week of 2026-09-28, September, Q3
      await at('2025-12-31T23:00:00Z', 13); // Wednesday: week of 2025-12-29, 2025
      await at('2026-11-18T11:00:00Z', 100, other.id); // another agent's, kept apart
      // Money on another metric, same agent and day, kept apart.
      await recorded({ agentId: agent.id, metric: revenue.key, value: '40.25', date: '2026-11-18T10:00:00Z' });

      const expected = [
        { period_kind: 'month', period_start: '2025-12-01', total: '13.00' },
        { period_kind: 'month', period_start: '2026-09-01', total: '11.00' },
        { period_kind: 'month', period_start: '2026-10-01', total: '7.00' },
        { period_kind: 'month', period_start: '2026-11-01', total: '10.00' },
        { period_kind: 'quarter', period_start: '2025-10-01', total: '13.00' },
        { period_kind: 'quarter', period_start: '2026-07-01', total: '11.00' },
        { period_kind: 'quarter', period_start: '2026-10-01', total: '17.00' },
        { period_kind: 'week', period_start: '2025-12-29', total: '13.00' },
        { period_kind: 'week', period_start: '2026-09-28', total: '11.00' },
        { period_kind: 'week', period_start: '2026-10-26', total: '7.00' },
        { period_kind: 'week', period_start: '2026-11-09', total: '5.00' },
        { period_kind: 'week', period_start: '2026-11-16', total: '5.00' },
        { period_kind: 'year', period_start: '2025-01-01', total: '13.00' },
        { period_kind: 'year', period_start: '2026-01-01', total: '28.00' },
      ];
      expect(await rollUps(t, metric.key, agent.id)).toEqual(expected);
      expect(await rollUps(t, metric.key, other.id)).toEqual([
        { period_kind: 'month', period_start: '2026-11-01', total: '100.00' },
        { period_kind: 'quarter', period_start: '2026-10-01', total: '100.00' },
        { period_kind: 'week', period_start: '2026-11-16', total: '100.00' },
        { period_kind: 'year', period_start: '2026-01-01', total: '100.00' },
      ]);
      expect((await rollUps(t, revenue.key, agent.id)).map((row) => row.total)).toEqual(['40.25', '40.25', '40.25', '40.25']);

      const voided = await voidActivity(october.id, { reason: 'Counted twice' });
      expect(voided.statusCode, voided.body).toBe(200);
      const net = (kind: string, start: string, total: string) => ({ period_kind: kind, period_start: start, total });
      expect(await rollUps(t, metric.key, agent.id)).toEqual(
        expected.map((row) => {
          if (row.period_kind === 'week' && row.period_start === '2026-10-26') return net('week', '2026-10-26', '0.00');
          if (row.period_kind === 'month' && row.period_start === '2026-10-01') return net('month', '2026-10-01', '0.00');
          if (row.period_kind === 'quarter' && row.period_start === '2026-10-01') return net('quarter', '2026-10-01', '10.00');
          if (row.period_kind === 'year' && row.period_start === '2026-01-01') return net('year', '2026-01-01', '21.00');
          return row;
        }),
      );

      // What is kept is what the activities add up to, for every metric and agent.
      const drift = await queryRows(
        t.database.db,
        sql`with fresh as (${metricPeriodRollUpsFromActivities('UTC')})
          select coalesce(k.metric_id, f.metric_id) as metric_id, coalesce(k.agent_id, f.agent_id) as agent_id, k.total::text as kept, f.total::text as computed
          from agent_metric_period_totals k full join fresh f
            on f.metric_id = k.metric_id and f.agent_id = k.agent_id and f.period_kind = k.period_kind and f.period_start = k.period_start
          where k.total is distinct from f.total`,
      );
      expect(drift).toEqual([]);
    });
  });

  describe('voids', () => {
    it('writes a reversal with the opposite value and marks the activity voided with who and why', async () => {
      const t = get();
      const agent = await createAgent(t.database.db, { firstName: 'Vera', lastName: 'Void' });
      const original = await recorded({ agentId: agent.id, metric: calls.key, value: 4, date: '2026-11-02T09:00:00Z', note: 'Dialler', externalId: uniqueIdempotencyKey('call') });
      t.clock.now = new Date(NOW.getTime() + 60_000);
      let res;
      try {
        res = await voidActivity(original.id, { reason: '  Dialler counted twice  ' });
      } finally {
        t.clock.now = NOW;
      }
      expect(res.statusCode, res.body).toBe(200);
      const voidedAt = new Date(NOW.getTime() + 60_000).toISOString();
      const body = voidedActivity.parse(res.json());
      expect(body.activity).toEqual({ ...original, voidedAt, voidedBy: owner.name, voidReason: 'Dialler counted twice' });
      expect(body.reversal).toEqual({
        id: expect.any(Number),
        metric: calls.key,
        agentId: agent.id,
        agentName: 'Vera Void',
        value: -4,
        date: original.date,
        note: 'Dialler',
        selfReported: false,
        externalId: null,
        createdAt: voidedAt,
        voidsActivityId: original.id,
        voidedAt: null,
        voidedBy: null,
        voidReason: null,
      });
      const rows = await queryRows(
        t.database.db,
        sql`select id::float8 as id, value::text as value, voids_activity_id::float8 as voids, voided_by, void_reason, voided_at is not null as voided
          from activities where agent_id = ${agent.id} order by id`,
      );
      expect(rows).toEqual([
        { id: original.id, value: '4.00', voids: null, voided_by: owner.name, void_reason: 'Dialler counted twice', voided: true },
        { id: body.reversal.id, value: '-4.00', voids: original.id, voided_by: null, void_reason: null, voided: false },
      ]);
      expect((await rollUps(t, calls.key, agent.id)).map((row) => row.total)).toEqual(['0.00', '0.00', '0.00', '0.00']);

      // Money voids to the cent, by a token named as the voider.
      const money = await recorded({ agentId: agent.id, metric: revenue.key, value: '12.50' });
      const byToken = await voidActivity(money.id, { reason: 'Refunded' }, { authorization: writeToken.authorization });
      expect(byToken.statusCode, byToken.body).toBe(200);
      expect(voidedActivity.parse(byToken.json())).toMatchObject({
        activity: { id: money.id, value: '12.50', voidedBy: `API token "${writeToken.name}"`, voidReason: 'Refunded' },
        reversal: { value: '-12.50', voidsActivityId: money.id },
      });
    });

    it('refuses a second void and a void of the reversal (409), an agent (403), an unknown id (404) and no reason (400), writing nothing', async () => {
      const t = get();
      const original = await recorded({ agentId: teamAgent.id, metric: calls.key, value: 2 }, { cookie: teamAgent.cookie });
      const first = await voidActivity(original.id, { reason: 'Test call' });
      expect(first.statusCode, first.body).toBe(200);
      const reversal = voidedActivity.parse(first.json()).reversal;
      const other = await recorded({ agentId: teamAgent.id, metric: calls.key, value: 1 });

      const before = await stored(t);
      const again = await voidActivity(original.id, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: `Activity ${original.id} is already voided` });
      const ofReversal = await voidActivity(reversal.id, { reason: 'Undo the undo' });
      expect(ofReversal.statusCode).toBe(409);
      expect(ofReversal.json()).toEqual({ code: 'CONFLICT', message: `Activity ${reversal.id} is the reversal of activity ${original.id}: it cannot be voided` });
      // Not even its own self-reported activity.
      const byAgent = await voidActivity(other.id, { reason: 'Mine' }, { cookie: teamAgent.cookie });
      expect(byAgent.statusCode).toBe(403);
      expect(byAgent.json()).toEqual({ code: 'FORBIDDEN', message: 'Ask your manager to void an activity' });
      expect((await voidActivity(other.id, { reason: 'Read only' }, { authorization: readToken.authorization })).statusCode).toBe(403);
      expect((await voidActivity(other.id, { reason: 'Anonymous' }, {})).statusCode).toBe(401);
      for (const id of [2_000_000_000, 'abc', 0]) {
        const unknown = await voidActivity(id, { reason: 'Nothing' });
        expect(unknown.statusCode, String(id)).toBe(404);
        expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Activity not found' });
      }
      for (const body of [{}, { reason: '   ' }, { reason: 'x', extra: 1 }]) {
        const res = await voidActivity(other.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await voidActivity(other.id, {})).json().message).toBe('A void needs a reason');
      expect(await stored(t)).toEqual(before);
    });

    it('lets a manager void the activities of the team they lead only', async () => {
      const t = get();
      const theirs = await recorded({ agentId: outsider.id, metric: meetings.key, value: 1 });
      const mine = await recorded({ agentId: teamAgent.id, metric: meetings.key, value: 1 });
      const before = await stored(t);
      const refused = await voidActivity(theirs.id, { reason: 'Not mine' }, { cookie: lead.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: OUTSIDE_YOUR_TEAMS });
      expect(await stored(t)).toEqual(before);
      const allowed = await voidActivity(mine.id, { reason: 'Mine to fix' }, { cookie: lead.cookie });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(voidedActivity.parse(allowed.json()).activity.voidReason).toBe('Mine to fix');
    });
  });

  describe('audit and events', () => {
    it('audits metric.created, activity.created and activity.voided with their actors, and emits their events', async () => {
      const t = get();
      await sequenceAll(t.database.db);
      const since = await latestEventId(t.database.db);
      const metric = await makeMetric({ key: uniqueMetricKey('audited'), name: 'Audited', unit: 'count', agentsMayRecord: true });
      const renamed = await request('PATCH', `/api/metrics/${metric.key}`, asOwner(), { name: 'Audited calls' });
      expect(renamed.statusCode).toBe(200);
      const own = await recorded({ metric: metric.key, value: '3', note: 'Own' }, { cookie: outsider.cookie });
      const byToken = await recorded({ agentId: outsider.id, metric: revenue.key, value: '12.50' }, { authorization: writeToken.authorization });
      const voided = await voidActivity(own.id, { reason: 'Duplicate' });
      expect(voided.statusCode).toBe(200);
      const reversalId = voidedActivity.parse(voided.json()).reversal.id;

      await sequenceAll(t.database.db);
      const [metricRow] = await queryRows<{ id: number }>(t.database.db, sql`select id from metrics where key = ${metric.key}`);
      const audit = await queryRows<{ action: string; target_type: string; target_id: string; actor_kind: string; actor_id: number | null; actor_name: string | null; before: unknown; after: unknown }>(
        t.database.db,
        sql`select action, target_type, target_id, actor_kind, actor_id, actor_name, before, after from audit_log
          where (target_type = 'metric' and target_id = ${String(metricRow!.id)})
            or (target_type = 'activity' and target_id in (${String(own.id)}, ${String(byToken.id)}, ${String(reversalId)}))
          order by id`,
      );
      expect(audit).toEqual([
        {
          action: 'metric.created',
          target_type: 'metric',
          target_id: String(metricRow!.id),
          actor_kind: 'user',
          actor_id: owner.id,
          actor_name: owner.name,
          before: null,
          after: { key: metric.key, name: 'Audited', unit: 'count', agentsMayRecord: true },
        },
        {
          action: 'metric.updated',
          target_type: 'metric',
          target_id: String(metricRow!.id),
          actor_kind: 'user',
          actor_id: owner.id,
          actor_name: owner.name,
          before: { name: 'Audited' },
          after: { name: 'Audited calls' },
        },
        {
          action: 'activity.created',
          target_type: 'activity',
          target_id: String(own.id),
          actor_kind: 'agent',
          actor_id: outsider.id,
          actor_name: null,
          before: null,
          after: { metric: metric.key, agentId: outsider.id, value: '3.00', date: own.date, selfReported: true, externalId: null },
        },
        {
          action: 'activity.created',
          target_type: 'activity',
          target_id: String(byToken.id),
          actor_kind: 'token',
          actor_id: writeToken.id,
          actor_name: writeToken.name,
          before: null,
          after: expect.objectContaining({ metric: revenue.key, agentId: outsider.id, value: '12.50', selfReported: false }),
        },
        {
          action: 'activity.voided',
          target_type: 'activity',
          target_id: String(own.id),
          actor_kind: 'user',
          actor_id: owner.id,
          actor_name: owner.name,
          before: expect.objectContaining({ metric: metric.key, agentId: outsider.id }),
          after: { reversalActivityId: reversalId, reason: 'Duplicate' },
        },
      ]);

      const events = (await readEventsAfter(t.database.db, since, 1000)).map((event) => ({
        type: event.type,
        agentId: event.agentId,
        public: event.public,
        private: event.private,
      }));
      const ofThisTest = events.filter(
        (event) =>
          (event.type === 'metric.changed' && (event.public as { metric?: string }).metric === metric.key) ||
          ((event.type === 'activity.created' || event.type === 'activity.voided') && [own.id, byToken.id].includes((event.public as { activityId: number }).activityId)),
      );
      expect(ofThisTest).toEqual([
        { type: 'metric.changed', agentId: null, public: { metric: metric.key, name: 'Audited', active: true }, private: expect.anything() },
        { type: 'metric.changed', agentId: null, public: { metric: metric.key, name: 'Audited calls', active: true }, private: expect.anything() },
        {
          type: 'activity.created',
          agentId: outsider.id,
          public: { activityId: own.id, agentId: outsider.id, agentName: outsider.name, metric: metric.key, metricName: 'Audited calls', value: 3, date: own.date },
          private: { note: 'Own', selfReported: true, createdAt: own.createdAt },
        },
        {
          type: 'activity.created',
          agentId: outsider.id,
          public: { activityId: byToken.id, agentId: outsider.id, agentName: outsider.name, metric: revenue.key, metricName: 'Revenue', value: '12.50', date: byToken.date },
          private: { note: null, selfReported: false, createdAt: byToken.createdAt },
        },
        {
          type: 'activity.voided',
          agentId: outsider.id,
          public: { activityId: own.id, agentId: outsider.id, agentName: outsider.name, metric: metric.key, metricName: 'Audited calls', value: 3 },
          private: { reversalActivityId: reversalId, reason: 'Duplicate', voidedBy: owner.name },
        },
      ]);
      // A metric's event is about no agent and holds nothing private.
      for (const event of ofThisTest.filter((e) => e.type === 'metric.changed')) expect(event.private ?? {}).toEqual({});
    });
  });

  describe('GET /api/activities', () => {
    let listed: Metric;
    let other: Metric;
    let agent: { id: number };
    let second: { id: number };
    /** The activities made for the list, by id. */
    const made: Activity[] = [];
    const list = async (query: string, headers: Headers = asOwner()) => {
      const res = await request('GET', `/api/activities${query}`, headers);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      return activityPage.parse(res.json());
    };

    beforeAll(async () => {
      const t = get();
      listed = await makeMetric({ key: uniqueMetricKey('listed'), name: 'Listed', unit: 'count' });
      other = await makeMetric({ key: uniqueMetricKey('other'), name: 'Other', unit: 'money' });
      agent = await createAgent(t.database.db);
      second = await createAgent(t.database.db);
      for (const [agentId, date, value] of [
        [agent.id, '2026-11-10T23:30:00Z', 1],
        [agent.id, '2026-11-11T00:00:00Z', 2],
        [second.id, '2026-11-11T12:00:00Z', 3],
        [agent.id, '2026-11-12T23:59:59Z', 4],
        [agent.id, '2026-11-13T00:00:00Z', 5],
        [second.id, '2026-11-13T00:00:00Z', 6],
      ] as const) {
        made.push(await recorded({ agentId, metric: listed.key, value, date }));
      }
      made.push(await recorded({ agentId: agent.id, metric: other.key, value: '9.99', date: '2026-11-12T12:00:00Z' }));
    });

    it('filters by metric, agent and calendar days, newest first', async () => {
      const values = (page: { activities: Activity[] }) => page.activities.map((a) => a.value);
      const all = await list(`?metric=${listed.key}`);
      // Same date: the later id first.
      expect(values(all)).toEqual([6, 5, 4, 3, 2, 1]);
      expect(all).toMatchObject({ offset: 0, limit: 50, nextOffset: null });
      expect(all.activities[0]).toEqual(made[5]);
      expect(values(await list(`?metric=${listed.key}&agentId=${agent.id}`))).toEqual([5, 4, 2, 1]);
      expect(values(await list(`?metric=${listed.key}&from=2026-11-11&to=2026-11-12`))).toEqual([4, 3, 2]);
      expect(values(await list(`?metric=${listed.key}&from=2026-11-13`))).toEqual([6, 5]);
      expect(values(await list(`?metric=${listed.key}&to=2026-11-10`))).toEqual([1]);
      expect(values(await list(`?metric=${listed.key}&agentId=${second.id}&from=2026-11-12&to=2026-11-13`))).toEqual([6]);
      // Without a metric: every metric's activities (here, the agent's on both).
      expect(values(await list(`?agentId=${agent.id}`))).toEqual([5, 4, '9.99', 2, 1]);
      expect((await list(`?agentId=${agent.id}&metric=${other.key}`)).activities.map((a) => a.metric)).toEqual([other.key]);
    });

    it('pages with offset, limit and nextOffset', async () => {
      const first = await list(`?metric=${listed.key}&limit=4`);
      expect(first.activities.map((a) => a.value)).toEqual([6, 5, 4, 3]);
      expect(first).toMatchObject({ offset: 0, limit: 4, nextOffset: 4 });
      const last = await list(`?metric=${listed.key}&limit=4&offset=4`);
      expect(last.activities.map((a) => a.value)).toEqual([2, 1]);
      expect(last).toMatchObject({ offset: 4, limit: 4, nextOffset: null });
      const exact = await list(`?metric=${listed.key}&limit=3&offset=3`);
      expect(exact.activities.map((a) => a.value)).toEqual([3, 2, 1]);
      expect(exact.nextOffset).toBeNull();
      expect((await list(`?metric=${listed.key}&offset=10`)).activities).toEqual([]);
    });

    it('refuses bad queries with 400 and profit or an unknown metric as it refuses writes', async () => {
      for (const query of ['?from=2026-11-13&to=2026-11-12', '?from=2026-02-30', '?limit=0', '?limit=abc', '?offset=-1', '?agentId=abc', '?metric=Listed']) {
        const res = await request('GET', `/api/activities${query}`, asOwner());
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect((await request('GET', '/api/activities?metric=profit', asOwner())).statusCode).toBe(400);
      expect((await request('GET', '/api/activities?metric=no_such_metric', asOwner())).statusCode).toBe(404);
      // An agent id that names nobody: 404, not an empty page that would read as "no activities".
      const nobody = await request('GET', '/api/activities?agentId=2000000000', asOwner());
      expect([nobody.statusCode, nobody.json().message]).toEqual([404, 'Agent not found']);
      expect((await request('GET', '/api/activities', {})).statusCode).toBe(401);
      expect((await request('GET', '/api/activities', { authorization: writeToken.authorization })).statusCode).toBe(403);
    });

    it('shows an agent only its own, and a manager who leads a team only its agents', async () => {
      const own = await recorded({ agentId: teamAgent.id, metric: listed.key, value: 7, date: '2026-11-11T08:00:00Z' });
      await recorded({ agentId: outsider.id, metric: listed.key, value: 8, date: '2026-11-11T09:00:00Z' });

      const agentView = await list(`?metric=${listed.key}`, { cookie: teamAgent.cookie });
      expect(agentView.activities.map((a) => a.id)).toEqual([own.id]);
      expect((await list(`?metric=${listed.key}&agentId=${teamAgent.id}`, { cookie: teamAgent.cookie })).activities.map((a) => a.id)).toEqual([own.id]);
      const notMine = await request('GET', `/api/activities?agentId=${outsider.id}`, { cookie: teamAgent.cookie });
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json()).toEqual({ code: 'FORBIDDEN', message: 'Agents can only see their own activities' });
      // Across every metric, the agent still sees nothing of others.
      const everything = await list('?limit=200', { cookie: teamAgent.cookie });
      expect(everything.activities.length).toBeGreaterThan(0);
      expect(new Set(everything.activities.map((a) => a.agentId))).toEqual(new Set([teamAgent.id]));

      const leadView = await list(`?metric=${listed.key}`, { cookie: lead.cookie });
      expect(leadView.activities.map((a) => a.id)).toEqual([own.id]);
      const leadAll = await list('?limit=200', { cookie: lead.cookie });
      expect(new Set(leadAll.activities.map((a) => a.agentId))).toEqual(new Set([teamAgent.id]));
      const outsideTeam = await request('GET', `/api/activities?agentId=${outsider.id}`, { cookie: lead.cookie });
      expect(outsideTeam.statusCode).toBe(403);
      expect(outsideTeam.json()).toEqual({ code: 'FORBIDDEN', message: OUTSIDE_YOUR_TEAMS });

      // A manager who leads no team, the owner and a read token see everyone.
      for (const headers of [{ cookie: manager.cookie }, asOwner(), { authorization: readToken.authorization }]) {
        const page = await list(`?metric=${listed.key}&from=2026-11-11&to=2026-11-11`, headers);
        expect(page.activities.map((a) => a.value), JSON.stringify(headers)).toEqual([3, 8, 7, 2]);
      }
    });
  });
});

describeEachEngine('at most 20 metrics', (get) => {
  it('refuses the 21st metric with 409, writing nothing, while changes to the 20 still work', async () => {
    const t = get();
    t.clock.now = NOW;
    const owner = await signedInUser(t, 'owner');
    const headers = { cookie: owner.cookie };
    // One after another: the order they were made is the order they are listed in.
    for (let i = 0; i < METRICS_MAX; i++) {
      const res = await t.request({ method: 'POST', url: '/api/metrics', headers, payload: { key: `metric_${i}`, name: `Metric ${i}`, unit: i % 2 ? 'money' : 'count' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from metrics`))[0]!.n;
    expect(await count()).toBe(METRICS_MAX);

    await sequenceAll(t.database.db);
    const events = await latestEventId(t.database.db);
    const over = await t.request({ method: 'POST', url: '/api/metrics', headers, payload: { key: 'one_too_many', name: 'One too many', unit: 'count' } });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 'CONFLICT', message: 'There are already 20 metrics besides profit (inactive ones count: what was recorded on them stays): rename one you no longer use instead' });
    // Inactive metrics still count: the limit is on metrics made.
    expect((await t.request({ method: 'PATCH', url: '/api/metrics/metric_0', headers, payload: { active: false } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/metrics', headers, payload: { key: 'still_too_many', name: 'Still', unit: 'count' } })).statusCode).toBe(409);
    expect(await count()).toBe(METRICS_MAX);
    await sequenceAll(t.database.db);
    // Only the PATCH's metric.changed was emitted.
    expect((await readEventsAfter(t.database.db, events, 100)).map((event) => event.type)).toEqual(['metric.changed']);
    const list = metricList.parse((await t.request({ method: 'GET', url: '/api/metrics', headers })).json());
    expect(list).toHaveLength(METRICS_MAX + 1);
    expect(list.map((m) => m.key)).toEqual(['profit', ...Array.from({ length: METRICS_MAX }, (_, i) => `metric_${i}`)]);
  });
});
