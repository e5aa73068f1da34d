import type { FastifyInstance } from 'fastify';
import {
  contestListQuery,
  createContestInput,
  updateContestInput,
  type Contest,
  type ContestList,
  type ContestStandings,
  type ContestPrizeList,
  type ContestStanding,
  contestStandingsQuery,
  type NewContestInput,
  prizeClaimInput,
} from '../../contract/contests';
import type { ClaimCreated } from '../../contract/rewards';
import { agentActor } from '../auth/audit-actor';
import { claimContestPrize } from '../db/operations/claim-contest-prize';
import { ANONYMOUS_AGENT } from '../../contract/insight';
import { PROFIT_METRIC, type MetricUnit } from '../../contract/metrics';
import type { AppContext } from '../app-context';
import { requireAgent, requireContestReader, requireContestSetter } from '../auth/permissions';
import { cancelContest, createContest, deleteContest, updateContest, type ContestSettings } from '../db/operations/save-contest';
import { findAgentById } from '../db/queries/agents';
import { eventFenceOf } from '../auth/sessions';
import { namePlaces, readContestPlaces } from '../live/contest-places';
import {
  findContest,
  listContests,
  listPrizesOf,
  missingIds,
  teamsOfAgents,
  type ContestRow,
} from '../db/queries/contests';
import { findMetric } from '../db/queries/metrics';
import {
  assertContestWindow,
  assertStartsTodayOrLater,
  contestStateOf,
  daysInWindow,
  fieldsLockedIn,
  readerSeesContest,
  contestWindow,
  scopeMaySetUp,
  type ContestField,
} from '../domain/contests';
import { text } from '../../contract/i18n';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { figureOut, goalTargetHundredths } from '../domain/goals';
import { localDay } from '../domain/periods';
import type { TeamScope } from '../domain/team-scope';
import type { Db } from '../db/client';
import { parseId, parseInput } from '../http/errors';

/** The longest window a recurring contest may have: a week's or a month's. */
const RECURRING_DAYS_MAX = { weekly: 7, monthly: 31 } as const;

type Reader = { kind: 'staff'; scope: TeamScope } | { kind: 'agent'; agentId: number; teamId: number | null };



function contestOut(row: ContestRow, today: string, timeZone: string): Contest {
  const window = contestWindow(row, timeZone);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    metric: row.metric,
    metricName: row.metricName,
    unit: row.unit,
    startsAt: row.startsOn,
    endsAt: row.endsOn,
    opensAt: window.from.toISOString(),
    closesAt: window.to.toISOString(),
    format: row.format,
    target: row.target === null ? null : figureOut(row.unit, row.target),
    participants: { kind: row.participantKind, ids: row.participantIds },
    teamsCompete: row.teamsCompete,
    prizes: row.prizes,
    showOnTv: row.showOnTv,
    recurrence: row.recurrence,
    state: contestStateOf(row, today),
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    finalisedAt: row.finalisedAt?.toISOString() ?? null,
  };
}

export function registerContestRoutes(app: FastifyInstance, ctx: AppContext) {
  const today = () => localDay(ctx.now(), ctx.config.orgTimezone);

  async function metricOf(key: string): Promise<{ metricId: number | null; unit: MetricUnit }> {
    if (key === PROFIT_METRIC) return { metricId: null, unit: 'money' };
    const metric = await findMetric(ctx.db, key);
    if (!metric) throw notFound('Metric');
    if (!metric.active) throw conflict(text(messages, 'contestMetricInactive', { name: metric.name }));
    return { metricId: metric.id, unit: metric.unit };
  }

  /** The reader's view: staff by scope; an agent with its team. */
  async function readerOf(reader: Awaited<ReturnType<typeof requireContestReader>>): Promise<Reader> {
    if (reader.kind === 'staff') return reader;
    const agent = await findAgentById(ctx.db, reader.agentId);
    return { kind: 'agent', agentId: reader.agentId, teamId: agent?.teamId ?? null };
  }

  /** The teams of the agents named by contests of chosen agents, which staff readers see by (one read for them all). */
  async function teamsForStaff(reader: Reader, rows: readonly ContestRow[]): Promise<Map<number, number | null>> {
    const ids = reader.kind === 'staff' ? [...new Set(rows.flatMap((row) => (row.participantKind === 'agents' ? row.participantIds : [])))] : [];
    return ids.length > 0 ? teamsOfAgents(ctx.db, ids) : new Map<number, number | null>();
  }

  async function sees(reader: Reader, row: ContestRow, teamsOf?: Map<number, number | null>): Promise<boolean> {
    const teams = teamsOf ?? (await teamsForStaff(reader, [row]));
    return readerSeesContest(reader, { kind: row.participantKind, ids: row.participantIds, published: row.publishedAt !== null }, teams);
  }

  /** A contest the reader sees, or 404 (whether one it does not see exists is not told). */
  async function contestFor(reader: Reader, id: number): Promise<ContestRow> {
    const row = await findContest(ctx.db, id);
    if (!row || !(await sees(reader, row))) throw notFound('Contest');
    return row;
  }

  /**
   * Settings that hold together: a window, a race's target, a recurring contest's length; and, when they are being set
   * (`checking`: all on creation), participants and reward options that exist and a setter whose scope holds them.
   */
  async function assertSettings(db: Db, settings: ContestSettings, scope: TeamScope, checking = { participants: true, prizes: true }): Promise<void> {
    assertContestWindow(settings.startsOn, settings.endsOn);
    if (settings.format === 'race' && settings.target === null) throw invalid(text(messages, 'raceNeedsTarget'), 'target');
    if (settings.format === 'total' && settings.target !== null) throw invalid(text(messages, 'onlyRaceHasTarget'), 'target');
    if (settings.recurrence) {
      if (daysInWindow(settings.startsOn, settings.endsOn) > RECURRING_DAYS_MAX[settings.recurrence]) {
        throw invalid(text(messages, 'recurringTooLong', { recurrence: settings.recurrence, max: RECURRING_DAYS_MAX[settings.recurrence] }), 'endsAt');
      }
    }
    if (checking.participants) {
      if (settings.participantKind !== 'all') {
        const missing = await missingIds(db, settings.participantKind, settings.participantIds);
        if (missing.length > 0) throw invalid(text(messages, 'participantsMissing', { kind: settings.participantKind, ids: missing.join(', ') }), 'participants');
      }
      await assertMaySetUp(db, scope, settings);
    }
    if (checking.prizes) {
      const options = settings.prizes.flatMap((prize) => (prize.rewardOptionId === null ? [] : [prize.rewardOptionId]));
      const missingOptions = await missingIds(db, 'rewardOptions', options);
      if (missingOptions.length > 0) throw invalid(text(messages, 'prizesMissing', { ids: missingOptions.join(', ') }), 'prizes');
    }
  }

  /** 403 unless the setter's scope holds the participants (read through `db`: the caller's transaction, or the app's). */
  async function assertMaySetUp(db: Db, scope: TeamScope, settings: Pick<ContestSettings, 'participantKind' | 'participantIds'>): Promise<void> {
    const teamsOf = settings.participantKind === 'agents' ? await teamsOfAgents(db, settings.participantIds) : new Map<number, number | null>();
    if (!scopeMaySetUp(scope, { kind: settings.participantKind, ids: settings.participantIds }, teamsOf)) {
      throw forbidden(text(messages, 'managersContestOwnTeams'));
    }
  }

  const prizesOf = (prizes: NewContestInput['prizes']) =>
    prizes.map((prize) => ({ place: prize.place, text: prize.text, rewardOptionId: prize.rewardOptionId ?? null }));

  app.get('/api/contests', async (request, reply): Promise<ContestList> => {
    const reader = await readerOf(await requireContestReader(ctx, request, reply));
    const query = parseInput(contestListQuery, request.query);
    const now = today();
    const shown: Contest[] = [];
    const rows = await listContests(ctx.db);
    const teamsOf = await teamsForStaff(reader, rows);
    for (const row of rows) {
      if (!(await sees(reader, row, teamsOf))) continue;
      const contest = contestOut(row, now, ctx.config.orgTimezone);
      if (!query.state || contest.state === query.state) shown.push(contest);
    }
    return { contests: shown };
  });

  app.get<{ Params: { id: string } }>('/api/contests/:id', async (request, reply): Promise<Contest> => {
    const reader = await readerOf(await requireContestReader(ctx, request, reply));
    return contestOut(await contestFor(reader, parseId(request.params.id, 'Contest')), today(), ctx.config.orgTimezone);
  });

  app.post('/api/contests', async (request, reply) => {
    const setter = await requireContestSetter(ctx, request, reply);
    const input = parseInput(createContestInput, request.body);
    const metric = await metricOf(input.metric);
    const settings: ContestSettings = {
      name: input.name,
      description: input.description,
      metricId: metric.metricId,
      startsOn: input.startsAt,
      endsOn: input.endsAt,
      format: input.format,
      target: input.target === undefined ? null : goalTargetHundredths(metric.unit, input.target),
      participantKind: input.participants.kind,
      participantIds: input.participants.kind === 'all' ? [] : (input.participants.ids ?? []),
      teamsCompete: input.teamsCompete,
      prizes: prizesOf(input.prizes),
      showOnTv: input.showOnTv,
      recurrence: input.recurrence,
    };
    await assertSettings(ctx.db, settings, setter.scope);
    if (!input.draft) assertStartsTodayOrLater(settings.startsOn, today());
    const id = await createContest(ctx.db, settings, input.draft, setter.actor, setter.user.id, ctx.now());
    const row = await findContest(ctx.db, id);
    if (!row) throw notFound('Contest');
    reply.code(201);
    return contestOut(row, today(), ctx.config.orgTimezone);
  });

  app.patch<{ Params: { id: string } }>('/api/contests/:id', async (request, reply): Promise<Contest> => {
    const setter = await requireContestSetter(ctx, request, reply);
    const id = parseId(request.params.id, 'Contest');
    const input = parseInput(updateContestInput, request.body);
    const named = (Object.keys(input) as ContestField[]).filter((key) => input[key] !== undefined);
    const metric = input.metric === undefined ? undefined : await metricOf(input.metric);
    const now = today();
    await updateContest(
      ctx.db,
      id,
      async (before, tx) => {
        const state = contestStateOf(before, now);
        await assertMaySetUp(tx, setter.scope, before);
        const locked = fieldsLockedIn(state, named);
        if (locked.length > 0) {
          throw conflict(
            state === 'final' || state === 'cancelled'
              ? text(messages, 'contestOver', { state })
              : text(messages, 'contestLocked', { state, fields: locked.join(', ') }),
          );
        }
        const unit = metric?.unit ?? before.unit;
        const change: Partial<ContestSettings> = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(metric ? { metricId: metric.metricId } : {}),
          ...(input.startsAt !== undefined ? { startsOn: input.startsAt } : {}),
          ...(input.endsAt !== undefined ? { endsOn: input.endsAt } : {}),
          ...(input.format !== undefined ? { format: input.format } : {}),
          ...(input.target !== undefined ? { target: input.target === null ? null : goalTargetHundredths(unit, input.target) } : {}),
          ...(input.participants !== undefined
            ? { participantKind: input.participants.kind, participantIds: input.participants.kind === 'all' ? [] : (input.participants.ids ?? []) }
            : {}),
          ...(input.teamsCompete !== undefined ? { teamsCompete: input.teamsCompete } : {}),
          ...(input.prizes !== undefined ? { prizes: prizesOf(input.prizes) } : {}),
          ...(input.showOnTv !== undefined ? { showOnTv: input.showOnTv } : {}),
          ...(input.recurrence !== undefined ? { recurrence: input.recurrence } : {}),
        };
        const after: ContestSettings = { ...before, ...change };
        await assertSettings(tx, after, setter.scope, { participants: input.participants !== undefined, prizes: input.prizes !== undefined });
        const publish = input.draft === false;
        if (publish) assertStartsTodayOrLater(after.startsOn, now);
        return { ...change, ...(publish ? { publish } : {}) };
      },
      setter.actor,
      ctx.now(),
    );
    const row = await findContest(ctx.db, id);
    if (!row) throw notFound('Contest');
    return contestOut(row, today(), ctx.config.orgTimezone);
  });

  app.post<{ Params: { id: string } }>('/api/contests/:id/cancel', async (request, reply): Promise<Contest> => {
    const setter = await requireContestSetter(ctx, request, reply);
    const id = parseId(request.params.id, 'Contest');
    await cancelContest(ctx.db, id, (contest, tx) => assertMaySetUp(tx, setter.scope, contest), today(), setter.actor, ctx.now());
    const row = await findContest(ctx.db, id);
    if (!row) throw notFound('Contest');
    return contestOut(row, today(), ctx.config.orgTimezone);
  });

  app.delete<{ Params: { id: string } }>('/api/contests/:id', async (request, reply) => {
    const setter = await requireContestSetter(ctx, request, reply);
    const id = parseId(request.params.id, 'Contest');
    await deleteContest(ctx.db, id, (contest, tx) => assertMaySetUp(tx, setter.scope, contest), today(), setter.actor, ctx.now());
    reply.code(204);
  });

  app.get<{ Params: { id: string } }>('/api/contests/:id/standings', async (request, reply): Promise<ContestStandings> => {
    const reader = await readerOf(await requireContestReader(ctx, request, reply));
    const row = await contestFor(reader, parseId(request.params.id, 'Contest'));
    const { offset, limit } = parseInput(contestStandingsQuery, request.query);
    const state = contestStateOf(row, today());
    const places = await readContestPlaces({ db: ctx.db, figures: ctx.figures, timeZone: ctx.config.orgTimezone }, row, state === 'final', eventFenceOf(request));
    const mineAt = reader.kind === 'agent' ? places.findIndex(({ figure }) => figure.id === (row.teamsCompete ? reader.teamId : reader.agentId)) : -1;
    const shownAt = [...places.keys()].slice(offset, offset + limit);
    if (mineAt >= 0 && !shownAt.includes(mineAt)) shownAt.push(mineAt);
    // Names for the places shown only (the figures are in memory; a page reads at most 101 names).
    const names = await namePlaces(ctx.db, row, shownAt.map((i) => places[i]!));
    const standingAt = (i: number): ContestStanding => {
      const { figure, rank } = places[i]!;
      const above = places[i - 1]?.figure;
      const known = names.get(figure.id);
      const name = known?.name ?? '';
      const publicProfile = known?.publicProfile ?? true;
      const me = i === mineAt;
      const shown = reader.kind === 'staff' || publicProfile || me;
      return {
        rank,
        id: shown && figure.id !== 0 ? figure.id : null,
        name: shown ? name : ANONYMOUS_AGENT,
        value: figureOut(row.unit, figure.value),
        gap: above ? figureOut(row.unit, above.value > figure.value ? above.value - figure.value : 0n) : null,
        percentOfTarget: row.target === null ? null : Number((figure.value * 100n) / row.target),
        me,
      };
    };
    const standings = shownAt.filter((i) => i >= offset && i < offset + limit).map(standingAt);
    return {
      contestId: row.id,
      state,
      format: row.format,
      unit: row.unit,
      teamsCompete: row.teamsCompete,
      target: row.target === null ? null : figureOut(row.unit, row.target),
      raceWinner: row.raceWinnerId !== null && places[0]?.figure.id === row.raceWinnerId ? standingAt(0).name : null,
      total: places.length,
      offset,
      limit,
      standings,
      mine: mineAt >= 0 ? standingAt(mineAt) : null,
    };
  });

  // The prizes contests awarded the signed-in agent, and the claim of one that is a reward (docs/decisions/0077).
  app.get('/api/agents/me/prizes', async (request, reply): Promise<ContestPrizeList> => {
    const agent = await requireAgent(ctx, request, reply);
    return { prizes: await listPrizesOf(ctx.db, agent.id) };
  });

  app.post<{ Params: { id: string } }>('/api/agents/me/prizes/:id/claim', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    const awardId = parseId(request.params.id, 'Prize');
    const details = parseInput(prizeClaimInput, request.body);
    const claim = await claimContestPrize(ctx.db, {
      agentId: agent.id,
      awardId,
      contact: {
        fullName: details.name,
        email: details.email,
        phone: details.phone,
        telegram: null,
        address: details.address,
        city: null,
        zipcode: null,
        shippingInstructions: details.shippingInfo,
      },
      now: ctx.now(),
      actor: agentActor(request, agent.id),
    });
    reply.code(201);
    return { message: 'Your prize claim has been submitted successfully.', claim } satisfies ClaimCreated;
  });
}
