// Every agent's figure in a period kept in memory (server/live/period-figures.ts, docs/decisions/0076): after random
// entries and activities of every period, voids, team moves, deactivations and new agents with equal names, what memory
// ranks equals what the tables rank, for profit and for a count and a money metric, in every kind of period, now and
// the one before, for everyone and for a team; and goals read their progress from it as the tables would. Changes are
// written straight to the database (as another instance would), so each read must catch up with the events first.
// On both engines, in a time zone with daylight saving time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goalList } from '../../contract/goals';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { createTeam } from '../../server/db/operations/create-team';
import { recordActivity } from '../../server/db/operations/record-activity';
import { setAgentActive } from '../../server/db/operations/set-agent-active';
import { updateTeam } from '../../server/db/operations/update-team';
import { voidActivity } from '../../server/db/operations/void-activity';
import { voidIncomeEntry } from '../../server/db/operations/void-income-entry';
import { readBoardPage, readPeriodStandings, type BoardMetric } from '../../server/db/queries/boards';
import { listGoalsInForce } from '../../server/db/queries/goals';
import { findMetric, type MetricRow } from '../../server/db/queries/metrics';
import { goalPeriodStartsOf } from '../../server/domain/goals';
import { localDay, periodStartsOf, shiftDay, type BoardPeriodKind } from '../../server/domain/periods';
import { everyAgentScope, teamsScope, type TeamScope } from '../../server/domain/team-scope';
import { EventHub } from '../../server/live/event-hub';
import { readEventHorizon } from '../../server/db/sequencer';
import { PeriodFigures, type ParticipantFilter } from '../../server/live/period-figures';
import { readContestFigures, type ContestRow } from '../../server/db/queries/contests';
import { contestWindow } from '../../server/domain/contests';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK, uniqueSuffix } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';

const TIME_ZONE = 'America/New_York';
const DAY = 24 * 60 * 60 * 1000;
const KINDS: readonly BoardPeriodKind[] = ['week', 'month', 'quarter', 'year'];

/** A small deterministic random sequence, so that a failure can be replayed. */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The start of the period of `kind` before the one starting on `start`. */
function previousStart(kind: BoardPeriodKind, start: string): string {
  return periodStartsOf(new Date(new Date(`${start}T12:00:00Z`).getTime() - DAY), 'UTC')[kind];
}

for (const engine of testEngines()) {
  describe(`period figures kept in memory [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let hub: EventHub;
    let figures: PeriodFigures;
    let owner: string;
    const metrics: { key: string; metric: BoardMetric; row: MetricRow | undefined }[] = [{ key: 'profit', metric: undefined, row: undefined }];
    const now = () => t.clock.now;
    const db = () => t.database.db;

    beforeAll(async () => {
      // A Wednesday afternoon in New York, in November (after the end of daylight saving time).
      t = await startTestApp(engine, { env: { ORG_TIMEZONE: TIME_ZONE }, now: new Date('2026-11-18T20:00:00Z') });
      hub = new EventHub(t.database.liveDb, t.database.listen, { maxStreams: 10 }, t.app.log, now);
      await hub.start();
      figures = new PeriodFigures(t.database.db, hub, TIME_ZONE, t.app.log);
      owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
      for (const [key, unit] of [
        [`calls-${uniqueSuffix()}`, 'count'],
        [`revenue-${uniqueSuffix()}`, 'money'],
      ] as const) {
        const made = await t.request({ method: 'POST', url: '/api/metrics', headers: { cookie: owner }, payload: { key, name: key, unit } });
        expect(made.statusCode, made.body).toBe(201);
        const row = (await findMetric(db(), key))!;
        metrics.push({ key, metric: { metricId: row.id, unit }, row });
      }
    });
    afterAll(async () => {
      figures.close();
      await hub.close();
      await t.close();
    });

    /**
     * The sets, once this instance has heard every event committed so far: waited for here as long as a busy machine
     * needs (a read of the sets itself waits a second at most, and then tells its caller to read the tables).
     */
    async function figuresOf(key: string, metric: BoardMetric, kind: BoardPeriodKind, start: string) {
      const horizon = await readEventHorizon(db());
      expect(await hub.reachHorizon(horizon, 60_000), 'the hub heard every event').toBe(true);
      // As of that horizon: the app's own background work (notices, goal marks) may commit events meanwhile, and a
      // busy machine may take longer than the read's own second to hear them.
      return figures.figures(key, metric, kind, start, horizon);
    }

    /** Every set of interest read from memory equals the tables' board and standings, for everyone and for `teams`. */
    async function expectSameAsTables(teams: number[]) {
      const current = periodStartsOf(now(), TIME_ZONE);
      const scopes: TeamScope[] = [everyAgentScope(), ...teams.map((team) => teamsScope([team])), teamsScope(teams)];
      for (const { key, metric } of metrics) {
        for (const kind of KINDS) {
          for (const start of [current[kind], previousStart(kind, current[kind])]) {
            const set = await figuresOf(key, metric, kind, start);
            expect(set, `${key} ${kind} ${start} was not in memory`).toBeDefined();
            for (const scope of scopes) {
              const label = `${key}, the ${kind} from ${start}, ${JSON.stringify(scope)}`;
              const tables = await readBoardPage(db(), current, { kind, start, previous: previousStart(kind, start) }, 'income', { offset: 0, limit: 1000 }, scope, metric);
              const memory = set!.page(scope, 0, 1000);
              expect(memory.total, label).toBe(tables.total);
              expect(
                memory.rows.map((row) => [row.id, row.rank, String(row.value)]),
                label,
              ).toEqual(tables.agents.map((agent) => [agent.id, agent.rank, String(BigInt(agent.periodIncome.replace('.', '')))]));
              // The previous period's places: every agent the tables rank, and those without a roll-up at zero, unranked.
              const standings = set!.standings(scope);
              const tableStandings = await readPeriodStandings(db(), kind, start, scope, metric);
              for (const [id, standing] of tableStandings) expect(standings.get(id), `${label}: agent ${id}`).toEqual(standing);
              for (const [id, standing] of standings) {
                if (!tableStandings.has(id)) expect(standing, `${label}: agent ${id}`).toEqual({ rank: null, income: '0.00' });
              }
              // Some agents' places, found without a pass over the board, are theirs in the whole scope's.
              const some = [...standings.keys()].filter((_, i) => i % 3 === 1);
              expect(set!.standings(scope, some), label).toEqual(new Map(some.map((id) => [id, standings.get(id)])));
              // A page from the middle ranks as the whole board does.
              expect(set!.page(scope, 2, 3).rows, label).toEqual(memory.rows.slice(2, 5));
            }
          }
        }
        // Contests' windows of local days (docs/decisions/0077): this week's first days, and one across two weeks.
        for (const [startsOn, endsOn] of [
          [current.week, localDay(now(), TIME_ZONE)],
          [shiftDay(current.week, { days: -4 }), shiftDay(current.week, { days: 1 })],
        ] as const) {
          const { from, to } = contestWindow({ startsOn, endsOn }, TIME_ZONE);
          expect(await hub.reachHorizon(await readEventHorizon(db()), 60_000), 'the hub heard every event').toBe(true);
          const set = await figures.windowFigures(key, metric, from, to);
          expect(set, `${key} ${startsOn}..${endsOn} was not in memory`).toBeDefined();
          const filters: ParticipantFilter[] = [{ kind: 'all', ids: [] }, ...(teams.length > 0 ? [{ kind: 'teams' as const, ids: teams }] : [])];
          for (const filter of filters) {
            for (const teamsCompete of [false, true]) {
              const label = `${key}, ${startsOn} to ${endsOn}, ${filter.kind}, teams compete: ${teamsCompete}`;
              const contest = { metricId: metric?.metricId ?? null, participantKind: filter.kind, participantIds: [...filter.ids], teamsCompete } as ContestRow;
              const tables = await readContestFigures(db(), contest, from, to);
              expect(set!.participants(filter, teamsCompete).map((row) => [row.id, String(row.value)]), label).toEqual(tables.map((row) => [row.id, String(row.value)]));
            }
          }
        }
      }
    }

    it('ranks as the tables do through random entries, activities, voids, team moves, deactivations and new agents', async () => {
      const random = randomSequence(20261128);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const agents = [];
      // Equal names: ranked by name, then id.
      for (const [first, last] of [
        ['Alex', 'Same'],
        ['Alex', 'Same'],
        ['Bea', 'First'],
        ['Zed', 'Last'],
        ['Cleo', 'Middle'],
        ['Dan', 'Other'],
      ] as const) {
        agents.push(await createAgent(db(), { firstName: first, lastName: last }));
      }
      const red = (await createTeam(db(), { name: `Red ${uniqueSuffix()}`, managerIds: [], agentIds: [agents[0]!.id, agents[2]!.id] }, SYSTEM_ACTOR, now())).id;
      const blue = (await createTeam(db(), { name: `Blue ${uniqueSuffix()}`, managerIds: [], agentIds: [agents[1]!.id, agents[3]!.id] }, SYSTEM_ACTOR, now())).id;
      await expectSameAsTables([red, blue]);

      const entries: number[] = [];
      const activities: number[] = [];
      const inactive = new Set<number>();
      // A day up to 14 months back, at a random hour: every kind of period, now and before, and their edges.
      // Or a minute either side of local midnight at the start of a period, now or before (UTC-4 in summer, -5 in winter).
      const current = periodStartsOf(now(), TIME_ZONE);
      const edges = KINDS.flatMap((kind) => [current[kind], previousStart(kind, current[kind])]).flatMap((start) =>
        ['03:59', '04:01', '04:59', '05:01'].map((time) => new Date(`${start}T${time}:00Z`)),
      );
      const someDate = () =>
        random() < 0.3 ? pick(edges) : new Date(now().getTime() - Math.floor(random() * 420) * DAY - Math.floor(random() * 24) * 3_600_000);
      for (let step = 0; step < 48; step++) {
        const roll = random();
        const agent = pick(agents);
        if (roll < 0.35) {
          const { row } = pick(metrics.slice(1));
          const value = row!.unit === 'count' ? String(1 + Math.floor(random() * 9)) : `${Math.floor(random() * 500)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
          // Some on the same day as the read: this period's sets move without being read again.
          const date = random() < 0.3 ? now() : someDate();
          const recorded = await recordActivity(db(), row!, { agentId: agent.id, value, date, note: null, externalId: null, selfReported: false }, { timeZone: TIME_ZONE, now: now(), actor: SYSTEM_ACTOR });
          activities.push(recorded.id);
        } else if (roll < 0.65) {
          const cents = Math.floor(random() * 60_000) - 10_000 || 1;
          const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
          const date = random() < 0.3 ? now() : someDate();
          entries.push((await addIncome(db(), agent, amount, { now: now(), date, timeZone: TIME_ZONE })).id);
        } else if (roll < 0.73 && activities.length > 0) {
          const id = activities.splice(Math.floor(random() * activities.length), 1)[0]!;
          await voidActivity(db(), { activityId: id, reason: 'Wrong', byName: 'Owner', actor: SYSTEM_ACTOR, now: now(), timeZone: TIME_ZONE, mayVoid: async () => {} });
        } else if (roll < 0.8 && entries.length > 0) {
          const id = entries.splice(Math.floor(random() * entries.length), 1)[0]!;
          await voidIncomeEntry(db(), { entryId: id, reason: 'Wrong', byName: 'Owner', actor: SYSTEM_ACTOR, now: now(), timeZone: TIME_ZONE });
        } else if (roll < 0.88) {
          // Red and blue swap an agent, or an agent leaves both.
          const members = agents.filter(() => random() < 0.5).map((member) => member.id);
          await updateTeam(db(), pick([red, blue]), { agentIds: members }, SYSTEM_ACTOR, now());
        } else if (roll < 0.95) {
          const active = inactive.has(agent.id);
          await setAgentActive(db(), agent.id, active, SYSTEM_ACTOR, now());
          if (active) inactive.delete(agent.id);
          else inactive.add(agent.id);
        } else {
          agents.push(await createAgent(db(), { firstName: 'Alex', lastName: 'Same' }));
        }
        if (step % 4 === 3) await expectSameAsTables([red, blue]);
      }
      await expectSameAsTables([red, blue]);
    });

    it('moves a kept set by an entry or activity of its period instead of reading it again; a void reads it again', async () => {
      const [calls] = metrics.slice(1);
      const week = periodStartsOf(now(), TIME_ZONE).week;
      const agent = await createAgent(db(), { firstName: 'Kept', lastName: 'Mover' });
      const before = await figuresOf(calls!.key, calls!.metric, 'week', week);
      const recorded = await recordActivity(db(), calls!.row!, { agentId: agent.id, value: '7', date: now(), note: null, externalId: null, selfReported: false }, { timeZone: TIME_ZONE, now: now(), actor: SYSTEM_ACTOR });
      const after = await figuresOf(calls!.key, calls!.metric, 'week', week);
      expect(after, 'the set was read again instead of moved').toBe(before);
      expect(after!.figuresOf(new Set([agent.id]), new Set()).agents.get(agent.id)).toBe(700n);
      await voidActivity(db(), { activityId: recorded.id, reason: 'Wrong', byName: 'Owner', actor: SYSTEM_ACTOR, now: now(), timeZone: TIME_ZONE, mayVoid: async () => {} });
      const voided = await figuresOf(calls!.key, calls!.metric, 'week', week);
      expect(voided).not.toBe(before);
      expect(voided!.figuresOf(new Set([agent.id]), new Set()).agents.get(agent.id)).toBe(0n);
    });

    it('gives goals of agents and of a team the progress the tables give, through the route', async () => {
      const [calls, revenue] = metrics.slice(1);
      const members = [await createAgent(db(), { firstName: 'Gia', lastName: 'Goal' }), await createAgent(db(), { firstName: 'Hal', lastName: 'Goal' })];
      const team = (await createTeam(db(), { name: `Goals ${uniqueSuffix()}`, managerIds: [], agentIds: members.map((member) => member.id) }, SYSTEM_ACTOR, now())).id;
      const post = async (body: Record<string, unknown>) => {
        const res = await t.request({ method: 'POST', url: '/api/goals', headers: { cookie: owner }, payload: body });
        expect(res.statusCode, res.body).toBe(201);
      };
      await post({ teamId: team, metric: 'profit', period: 'month', target: '1000.00', recurring: true });
      await post({ teamId: team, metric: revenue!.key, period: 'quarter', target: '500.00', recurring: true });
      for (const member of members) await post({ agentId: member.id, metric: calls!.key, period: 'week', target: 10, recurring: true });
      const listed = async () => {
        const res = await t.request({ method: 'GET', url: `/api/goals?teamId=${team}`, headers: { cookie: owner } });
        expect(res.statusCode, res.body).toBe(200);
        return goalList.parse(res.json()).goals;
      };
      let last: { goals: { id: number }[] } = { goals: [] };
      const tables = () => last;
      const compare = async () => {
        const listedGoals = await listed();
        const fromTables = await listGoalsInForce(db(), goalPeriodStartsOf(localDay(now(), TIME_ZONE)), { scope: everyAgentScope() }, { teamId: team });
        last = { goals: fromTables };
        expect(listedGoals.map((goal) => [goal.id, goal.progress.actual])).toEqual(
          fromTables.map((goal) => [goal.id, goal.unit === 'count' ? Number(goal.actual / 100n) : `${goal.actual / 100n}.${String(goal.actual % 100n).padStart(2, '0')}`]),
        );
        return listedGoals.map((goal) => goal.progress.actual);
      };
      expect(await compare()).toEqual(['0.00', '0.00', 0, 0]);
      await addIncome(db(), members[0]!, '250.00', { now: now(), date: now(), timeZone: TIME_ZONE });
      await addIncome(db(), members[1]!, '100.50', { now: now(), date: now(), timeZone: TIME_ZONE });
      await recordActivity(db(), revenue!.row!, { agentId: members[1]!.id, value: '40.25', date: now(), note: null, externalId: null, selfReported: false }, { timeZone: TIME_ZONE, now: now(), actor: SYSTEM_ACTOR });
      await recordActivity(db(), calls!.row!, { agentId: members[0]!.id, value: '3', date: now(), note: null, externalId: null, selfReported: false }, { timeZone: TIME_ZONE, now: now(), actor: SYSTEM_ACTOR });
      expect(await compare()).toEqual(['350.50', '40.25', 3, 0]);
      // An agent who leaves the team no longer counts towards its goals.
      await updateTeam(db(), team, { agentIds: [members[1]!.id] }, SYSTEM_ACTOR, now());
      expect(await compare()).toEqual(['100.50', '40.25', 0]);
      // The goals listed are kept until a goal, an agent, a team or a metric changes: each shows at once.
      const [, , halsGoal] = tables().goals;
      const patched = await t.request({ method: 'PATCH', url: `/api/goals/${halsGoal!.id}`, headers: { cookie: owner }, payload: { target: 12 } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await listed()).map((goal) => goal.target)).toEqual(['1000.00', '500.00', 12]);
      await setAgentActive(db(), members[1]!.id, false, SYSTEM_ACTOR, now());
      expect(await compare()).toEqual(['0.00', '0.00']);
    });
  });
}
