import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { ownerDashboard } from '../../contract/dashboard';
import { incomeEntry, voidedIncomeEntry } from '../../contract/income-entries';
import { centsToMoneyString } from '../../contract/money';
import { TIER_DEFINITIONS } from '../../contract/tiers';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';

const TIME_ZONE = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const AGENTS = 4;
const THRESHOLDS = TIER_DEFINITIONS.map((tier) => BigInt(tier.dollars) * 100n);

type PeriodKind = 'week' | 'month' | 'year';
type Bounds = Record<PeriodKind, { start: number; end: number }>;

/** The current week, month and year as instants, by PostgreSQL's calendar: an oracle apart from the app's own. */
async function periodBounds(t: TestApp, now: Date): Promise<Bounds> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${TIME_ZONE})`;
  const edge = (kind: PeriodKind, add: string) =>
    sql`(extract(epoch from ((date_trunc(${kind}, ${local}) + ${add}::interval) at time zone ${TIME_ZONE})) * 1000)::bigint::text`;
  const [row] = await queryRows<Record<string, string>>(
    t.database.db,
    sql`select ${edge('week', '0 days')} as week_start, ${edge('week', '1 week')} as week_end,
      ${edge('month', '0 days')} as month_start, ${edge('month', '1 month')} as month_end,
      ${edge('year', '0 days')} as year_start, ${edge('year', '1 year')} as year_end`,
  );
  const bound = (kind: PeriodKind) => ({ start: Number(row![`${kind}_start`]), end: Number(row![`${kind}_end`]) });
  return { week: bound('week'), month: bound('month'), year: bound('year') };
}

// Clocks on the edges of weeks, months and years in New York (and across its DST changes), or anywhere.
const clockArb = fc.oneof(
  fc.constantFrom(
    '2026-11-23T05:00:30Z', // Monday 00:00:30
    '2026-11-23T04:59:30Z', // Sunday 23:59:30
    '2027-01-01T05:00:30Z', // New Year 00:00:30
    '2027-01-01T04:59:30Z', // New Year's Eve 23:59:30
    '2026-11-01T04:00:30Z', // 1 November 00:00:30, the day DST ends
    '2026-03-08T07:30:00Z', // the morning DST starts
    '2026-06-15T16:00:00Z',
  ).map((iso) => new Date(iso)),
  fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
);

type DateChoice = { kind: 'now' } | { kind: 'offset'; ms: number } | { kind: 'edge'; period: PeriodKind; ms: number };

// Entry dates: now, back-dated up to two years or up to 23 hours ahead, or within two minutes of a period edge.
const dateArb: fc.Arbitrary<DateChoice> = fc.oneof(
  fc.constant({ kind: 'now' as const }),
  fc.record({ kind: fc.constant('offset' as const), ms: fc.integer({ min: -730 * DAY, max: 23 * HOUR }) }),
  fc.record({
    kind: fc.constant('edge' as const),
    period: fc.constantFrom<PeriodKind>('week', 'month', 'year'),
    ms: fc.integer({ min: -2 * MINUTE, max: 2 * MINUTE }),
  }),
);

type Command =
  | { type: 'entry'; agent: number; cents: number; date: DateChoice }
  | { type: 'delete'; agent: number }
  // Voids the agent's entry at `pick` (modulo how many it has): a reversal or an entry already voided is refused.
  | { type: 'void'; agent: number; pick: number }
  // A count on the metric (calls), dated as entries are; and a void of one, as entries are voided.
  | { type: 'activity'; agent: number; count: number; date: DateChoice }
  | { type: 'voidActivity'; agent: number; pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('entry' as const),
      agent: fc.nat(AGENTS - 1),
      cents: fc.integer({ min: -1_500_000, max: 2_500_000 }).filter((cents) => cents !== 0),
      date: dateArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('delete' as const), agent: fc.nat(AGENTS - 1) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('void' as const), agent: fc.nat(AGENTS - 1), pick: fc.nat(40) }) },
  {
    weight: 5,
    arbitrary: fc.record({ type: fc.constant('activity' as const), agent: fc.nat(AGENTS - 1), count: fc.integer({ min: 1, max: 50 }), date: dateArb }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('voidActivity' as const), agent: fc.nat(AGENTS - 1), pick: fc.nat(40) }) },
);

/** The count metric the activities are recorded on (made once per engine). */
const METRIC = 'property-calls';

interface ModelAgent {
  id: number;
  alive: boolean;
  /** Every entry in the order recorded, reversals included (docs/product.md §12.11). */
  entries: Array<{ id: number; cents: bigint; date: number; voided: boolean; reversal: boolean }>;
  /** Every activity on METRIC, reversals included (a reversal has the opposite count). */
  activities: Array<{ id: number; count: number; date: number; voided: boolean; reversal: boolean }>;
}

/** The entries that count: neither voided nor a reversal. */
const counting = (agent: ModelAgent) => agent.entries.filter((e) => !e.voided && !e.reversal);

function resolveDate(choice: DateChoice, now: Date, bounds: Bounds): Date {
  if (choice.kind === 'now') return now;
  if (choice.kind === 'offset') return new Date(now.getTime() + choice.ms);
  return new Date(bounds[choice.period].start + choice.ms);
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** The highest running total of the entries that count: what tiers rest on. */
function peakOf(agent: ModelAgent): bigint {
  let running = 0n;
  let peak = 0n;
  for (const entry of counting(agent)) {
    running += entry.cents;
    if (running > peak) peak = running;
  }
  return peak;
}

function expectedSummary(agent: ModelAgent, bounds: Bounds) {
  const inPeriod = (kind: PeriodKind) =>
    centsToMoneyString(sum(agent.entries.filter((e) => e.date >= bounds[kind].start && e.date < bounds[kind].end).map((e) => e.cents)));
  return {
    id: agent.id,
    totalIncome: centsToMoneyString(sum(agent.entries.map((e) => e.cents))),
    weeklyIncome: inPeriod('week'),
    monthlyIncome: inPeriod('month'),
    yearlyIncome: inPeriod('year'),
    totalEntries: counting(agent).length,
  };
}

describeEachEngine(
  'running totals and roll-ups against a recomputation from the raw entries',
  (get) => {
    let owner: string;
    beforeAll(async () => {
      owner = await ownerCookie(get(), SESSIONS_OUTLIVE_CLOCK);
      const made = await get().request({ method: 'POST', url: '/api/metrics', headers: { cookie: owner }, payload: { key: METRIC, name: 'Calls', unit: 'count' } });
      expect(made.statusCode, made.body).toBe(201);
    });

    async function runScenario(t: TestApp, clock: Date, commands: Command[]) {
      const db = t.database.db;
      await db.execute(sql`delete from agents`);
      t.clock.now = clock;
      const bounds = await periodBounds(t, clock);
      const model: ModelAgent[] = [];
      for (let i = 0; i < AGENTS; i++) model.push({ id: (await createAgent(db)).id, alive: true, entries: [], activities: [] });
      const written: number[] = [];

      for (const command of commands) {
        const agent = model[command.agent]!;
        if (command.type === 'activity') {
          const date = resolveDate(command.date, clock, bounds);
          const res = await t.request({
            method: 'POST',
            url: '/api/activities',
            headers: { cookie: owner },
            payload: { agentId: agent.id, metric: METRIC, value: command.count, date: date.toISOString() },
          });
          if (!agent.alive) {
            expect(res.statusCode).toBe(404);
            continue;
          }
          expect(res.statusCode, res.body).toBe(201);
          agent.activities.push({ id: (res.json() as { id: number }).id, count: command.count, date: date.getTime(), voided: false, reversal: false });
          continue;
        }
        if (command.type === 'voidActivity') {
          const target = agent.activities.length === 0 ? undefined : agent.activities[command.pick % agent.activities.length]!;
          if (!target) continue;
          const res = await t.request({ method: 'POST', url: `/api/activities/${target.id}/void`, headers: { cookie: owner }, payload: { reason: 'Property test' } });
          if (!agent.alive) {
            expect(res.statusCode).toBe(404);
            continue;
          }
          if (target.voided || target.reversal) {
            expect(res.statusCode, res.body).toBe(409);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          target.voided = true;
          const reversal = (res.json() as { reversal: { id: number } }).reversal;
          agent.activities.push({ id: reversal.id, count: -target.count, date: target.date, voided: false, reversal: true });
          continue;
        }
        if (command.type === 'void') {
          const target = agent.entries.length === 0 ? undefined : agent.entries[command.pick % agent.entries.length]!;
          if (!target) continue;
          const res = await t.request({
            method: 'POST',
            url: `/api/income-entries/${target.id}/void`,
            headers: { cookie: owner },
            payload: { reason: 'Property test' },
          });
          if (!agent.alive) {
            expect(res.statusCode).toBe(404);
            continue;
          }
          if (target.voided || target.reversal) {
            expect(res.statusCode, res.body).toBe(409);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          const { reversal } = voidedIncomeEntry.parse(res.json());
          target.voided = true;
          agent.entries.push({ id: reversal.id, cents: -target.cents, date: target.date, voided: false, reversal: true });
          expect(reversal.newTotal).toBe(centsToMoneyString(sum(agent.entries.map((e) => e.cents))));
          written.push(reversal.id);
          continue;
        }
        if (command.type === 'delete') {
          const res = await t.request({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: { cookie: owner } });
          expect(res.statusCode).toBe(agent.alive ? 204 : 404);
          agent.alive = false;
          continue;
        }
        const date = resolveDate(command.date, clock, bounds);
        const amount = centsToMoneyString(BigInt(command.cents));
        const res = await t.request({
          method: 'POST',
          url: '/api/income-entries',
          headers: { cookie: owner },
          payload: { agentId: agent.id, amount, date: date.toISOString() },
        });
        if (!agent.alive) {
          expect(res.statusCode).toBe(404);
          continue;
        }
        expect(res.statusCode, res.body).toBe(201);
        const entry = incomeEntry.parse(res.json());
        agent.entries.push({ id: entry.id, cents: BigInt(command.cents), date: date.getTime(), voided: false, reversal: false });
        expect(entry.newTotal).toBe(centsToMoneyString(sum(agent.entries.map((e) => e.cents))));
        written.push(entry.id);
      }

      // Every stored figure equals its recomputation from the raw entries (PostgreSQL's own calendar).
      expect(await checkConsistency(db, TIME_ZONE)).toEqual([]);

      // And what the API reports equals the model's recomputation.
      const res = await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } });
      expect(res.statusCode).toBe(200);
      const dashboard = ownerDashboard.parse(res.json());
      const alive = model.filter((a) => a.alive);
      const expected = alive.map((a) => expectedSummary(a, bounds));
      const reported = dashboard.agents.map(({ id, totalIncome, weeklyIncome, monthlyIncome, yearlyIncome, totalEntries }) => ({
        id,
        totalIncome,
        weeklyIncome,
        monthlyIncome,
        yearlyIncome,
        totalEntries,
      }));
      expect([...reported].sort((a, b) => a.id - b.id)).toEqual(expected.sort((a, b) => a.id - b.id));
      const monthly = dashboard.agents.map((a) => Number(a.monthlyIncome));
      expect(monthly).toEqual([...monthly].sort((a, b) => b - a));

      const total = (kind: 'weeklyIncome' | 'monthlyIncome' | 'yearlyIncome') =>
        centsToMoneyString(sum(expected.map((a) => BigInt(a[kind].replace('.', '')))));
      expect(dashboard.timePeriods.weekly.income).toBe(total('weeklyIncome'));
      expect(dashboard.timePeriods.monthly.income).toBe(total('monthlyIncome'));
      expect(dashboard.timePeriods.yearly.income).toBe(total('yearlyIncome'));

      // Every achievement was recorded now, so this month: the agents whose running total ever reached Starter.
      expect(dashboard.overview).toEqual({
        totalAgents: alive.length,
        newTierAchievements: alive.filter((a) => peakOf(a) >= THRESHOLDS[0]!).length,
      });
      const achievements = await queryRows<{ agent_id: number; n: number }>(
        db,
        sql`select agent_id, count(*)::int as n from tier_achievements group by agent_id order by agent_id`,
      );
      expect(achievements).toEqual(
        alive
          .map((a) => ({ agent_id: a.id, n: THRESHOLDS.filter((threshold) => threshold <= peakOf(a)).length }))
          .filter((row) => row.n > 0),
      );

      // The metric's board of each current period equals the model's sum of the activities in it (reversals count).
      for (const kind of ['week', 'month', 'year'] as const) {
        const board = await t.request({ method: 'GET', url: `/api/owner/leaderboard?metric=${METRIC}&period=${kind}&limit=100`, headers: { cookie: owner } });
        expect(board.statusCode, board.body).toBe(200);
        const rows = (board.json() as { agents: Array<{ id: number; periodIncome: string }> }).agents;
        const expectedCounts = alive.map((a) => ({
          id: a.id,
          count: a.activities.filter((x) => x.date >= bounds[kind].start && x.date < bounds[kind].end).reduce((n, x) => n + x.count, 0),
        }));
        expect(rows.map((row) => ({ id: row.id, count: Math.trunc(Number(row.periodIncome)) })).sort((x, y) => x.id - y.id), kind).toEqual(
          expectedCounts.sort((x, y) => x.id - y.id),
        );
      }

      const aliveIds = new Set(alive.flatMap((a) => a.entries.map((e) => e.id)));
      expect(dashboard.recentEntries.map((e) => e.id)).toEqual(
        written
          .filter((id) => aliveIds.has(id))
          .reverse()
          .slice(0, 10),
      );
    }

    it('checkConsistency names each kind of drift, and repair puts every figure back', async () => {
      const t = get();
      const db = t.database.db;
      await db.execute(sql`delete from agents`);
      t.clock.now = new Date('2026-11-23T17:00:00Z');
      try {
        const [a, b] = [(await createAgent(db)).id, (await createAgent(db)).id];
        const post = (agentId: number, amount: string, date?: string) =>
          t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId, amount, date } });
        const first = (await post(a, '3000.00', '2026-11-22T23:59:00-05:00')).json();
        const second = (await post(a, '2500.00')).json();
        await post(b, '10.00', '2025-06-01T12:00:00Z');
        expect(await checkConsistency(db, TIME_ZONE)).toEqual([]);

        await db.execute(sql`update agents set total_income = total_income + 1, total_entries = 7 where id = ${a}`);
        await db.execute(sql`update income_entries set new_total = 1 where id = ${first.id}`);
        await db.execute(sql`update agent_period_totals set income = 99 where agent_id = ${a} and period_kind = 'week' and period_start = '2026-11-23'`);
        await db.execute(sql`delete from agent_period_totals where agent_id = ${b} and period_kind = 'year'`);
        await db.execute(sql`insert into agent_period_totals values (${b}, 'month', '2020-01-01', 5)`);
        await db.execute(sql`delete from tier_achievements where agent_id = ${a}`);

        const drifts = [
          { kind: 'agent-total', agentId: a, expected: '5500.00', actual: '5501.00' },
          { kind: 'agent-entry-count', agentId: a, expected: 2, actual: 7 },
          { kind: 'entry-new-total', entryId: first.id, agentId: a, expected: '3000.00', actual: '1.00' },
          { kind: 'period-total', agentId: a, periodKind: 'week', periodStart: '2026-11-23', expected: '2500.00', actual: '99.00' },
          { kind: 'period-total', agentId: b, periodKind: 'month', periodStart: '2020-01-01', expected: '0.00', actual: '5.00' },
          { kind: 'period-total', agentId: b, periodKind: 'year', periodStart: '2025-01-01', expected: '10.00', actual: '0.00' },
          { kind: 'missing-achievement', agentId: a, tierId: 1 },
        ];
        expect(await checkConsistency(db, TIME_ZONE)).toEqual(drifts);
        // Checking alone changes nothing.
        expect(await checkConsistency(db, TIME_ZONE)).toEqual(drifts);

        expect(await checkConsistency(db, TIME_ZONE, { repair: true })).toEqual(drifts);
        expect(await checkConsistency(db, TIME_ZONE)).toEqual([]);
        // The repaired achievement is dated by the entry that reached the threshold.
        const [achievement] = await queryRows<{ tier_id: number; achieved_at: string }>(
          db,
          sql`select tier_id, to_char(achieved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as achieved_at
            from tier_achievements where agent_id = ${a}`,
        );
        expect(achievement).toEqual({ tier_id: 1, achieved_at: second.createdAt.slice(0, 19) });
        const dashboard = ownerDashboard.parse(
          (await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: { cookie: owner } })).json(),
        );
        expect(dashboard.agents.find((agent) => agent.id === a)).toMatchObject({
          totalIncome: '5500.00',
          totalEntries: 2,
          weeklyIncome: '2500.00',
          monthlyIncome: '5500.00',
        });
      } finally {
        t.clock.now = new Date();
      }
    });

    it('after random entries and activities (back-dated, on period edges, negative), their voids and agent deletions', async () => {
      const t = get();
      try {
        await fc.assert(
          fc.asyncProperty(clockArb, fc.array(commandArb, { minLength: 1, maxLength: 30 }), (clock, commands) =>
            runScenario(t, clock, commands),
          ),
          { numRuns: 15 },
        );
      } finally {
        t.clock.now = new Date();
      }
    }, 180_000);
  },
  { env: { ORG_TIMEZONE: TIME_ZONE } },
);
