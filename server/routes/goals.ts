import type { FastifyInstance } from 'fastify';
import {
  createGoalBatchInput,
  createGoalInput,
  goalListQuery,
  goalSuggestionQuery,
  SUGGESTION_PERIODS,
  teamSuggestionsQuery,
  updateGoalInput,
  type Goal,
  type GoalList,
  type GoalPeriod,
  type GoalSuggestion,
  type TeamSuggestions,
} from '../../contract/goals';
import { PROFIT_METRIC, type MetricUnit } from '../../contract/metrics';
import { NOT_YOUR_TEAM_TEXT } from '../../contract/teams';
import type { AppContext } from '../app-context';
import { requireGoalReader, requireGoalSetter } from '../auth/permissions';
import { eventFenceOf } from '../auth/sessions';
import { assertAgentInScope } from '../auth/team-scope';
import { createGoals, deleteGoal, updateGoal, type NewGoal } from '../db/operations/save-goal';
import { findAgentById } from '../db/queries/agents';
import { activeTeamAgents, findGoal, listGoalsInForce, readPeriodFigures, type GoalFilter, type GoalInPeriod, type GoalReader, type GoalRow } from '../db/queries/goals';
import { findMetric } from '../db/queries/metrics';
import { readWorkingCalendar } from '../db/queries/settings';
import { findTeam } from '../db/queries/teams';
import { text } from '../../contract/i18n';
import { AppError, conflict, forbidden, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { completePeriodsBefore, figureOut, firstPeriodOf, goalPeriodStartsOf, goalTargetHundredths, progressOut, suggestedTarget } from '../domain/goals';
import { progressOf, WorkingSpans } from '../domain/pacing';
import { localDay } from '../domain/periods';
import { scopeHolds, type TeamScope } from '../domain/team-scope';
import { parseId, parseInput } from '../http/errors';

/** A goal's metric: profit (no id) or one of the owner's, with its unit. */
interface GoalMetric {
  metricId: number | null;
  unit: MetricUnit;
  name: string;
  active: boolean;
}

async function goalMetricNamed(ctx: AppContext, key: string): Promise<GoalMetric> {
  if (key === PROFIT_METRIC) return { metricId: null, unit: 'money', name: 'Profit', active: true };
  const metric = await findMetric(ctx.db, key);
  if (!metric) throw notFound('Metric');
  return { metricId: metric.id, unit: metric.unit, name: metric.name, active: metric.active };
}


/** A goal as the API answers it, with its progress in the period read on `today`. */
function goalOut(goal: GoalInPeriod, today: string, spans: WorkingSpans): Goal {
  const progress = progressOf({ actual: goal.actual, target: goal.target, kind: goal.period, start: goal.periodStart, today }, spans);
  return {
    id: goal.id,
    metric: goal.metric,
    metricName: goal.metricName,
    unit: goal.unit,
    period: goal.period,
    recurring: goal.recurring,
    target: figureOut(goal.unit, goal.target),
    agentId: goal.agentId,
    teamId: goal.teamId,
    holderName: goal.holderName,
    startsOn: goal.startsOn,
    periodStart: goal.periodStart,
    periodEnd: spans.of(goal.period, goal.periodStart, today).lastDay,
    progress: progressOut(goal.unit, progress),
  };
}

/**
 * The goals listed with their actual figures from memory (server/live/period-figures.ts): an agent's own figure, a
 * team's the sum of its active agents', as listGoalsInForce reads them from the roll-ups; undefined when the figures are
 * not to be had now (the caller reads the tables).
 */
async function withActualsFromMemory(ctx: AppContext, goals: GoalInPeriod[], fence: number | undefined): Promise<GoalInPeriod[] | undefined> {
  const groups = new Map<string, { metric: string; metricId: number | null; unit: MetricUnit; period: GoalPeriod; start: string; goals: GoalInPeriod[] }>();
  for (const goal of goals) {
    const name = `${goal.metric}:${goal.period}:${goal.periodStart}`;
    const group = groups.get(name);
    if (group) group.goals.push(goal);
    else groups.set(name, { metric: goal.metric, metricId: goal.metricId, unit: goal.unit, period: goal.period, start: goal.periodStart, goals: [goal] });
  }
  const filled: GoalInPeriod[] = [];
  const actuals = new Map<GoalInPeriod, bigint>();
  for (const group of groups.values()) {
    const metric = group.metricId === null ? undefined : { metricId: group.metricId, unit: group.unit };
    const figures = await ctx.figures.figures(group.metric, metric, group.period, group.start, fence);
    if (!figures) return undefined;
    const agentIds = new Set(group.goals.flatMap((goal) => (goal.agentId === null ? [] : [goal.agentId])));
    const teamIds = new Set(group.goals.flatMap((goal) => (goal.teamId === null ? [] : [goal.teamId])));
    const found = figures.figuresOf(agentIds, teamIds);
    for (const goal of group.goals) {
      const actual = goal.agentId !== null ? found.agents.get(goal.agentId) : found.teams.get(goal.teamId!);
      // An agent the figures do not hold (no longer active since the list was read): the tables answer.
      if (actual === undefined) return undefined;
      actuals.set(goal, actual);
    }
  }
  for (const goal of goals) filled.push({ ...goal, actual: actuals.get(goal)! });
  return filled;
}

/** A staff caller's goal holder: 404 for one that does not exist, 403 outside the scope, 409 for an agent who is not active. */
async function assertHolderInScope(ctx: AppContext, scope: TeamScope, holder: NewGoal['holder']): Promise<void> {
  if ('agentId' in holder) {
    const agent = await findAgentById(ctx.db, holder.agentId);
    if (!agent) throw notFound('Agent');
    await assertAgentInScope(ctx, scope, holder.agentId);
    if (agent.status !== 'active') throw conflict(text(messages, 'goalAgentInactive', { name: agent.name }));
    return;
  }
  const team = await findTeam(ctx.db, holder.teamId);
  if (!team) throw notFound('Team');
  if (!scopeHolds(scope, holder.teamId)) throw forbidden(NOT_YOUR_TEAM_TEXT);
}

/** The goal's holder is within the setter's scope (a manager changes their teams' goals only). */
const mayChangeIn = (scope: TeamScope) => async (goal: GoalRow) => {
  if (goal.agentId !== null) {
    if (!scopeHolds(scope, goal.holderTeamId)) throw forbidden(text(messages, 'goalNotOfYourTeam'));
  } else if (!scopeHolds(scope, goal.teamId)) throw forbidden(NOT_YOUR_TEAM_TEXT);
};

export function registerGoalRoutes(app: FastifyInstance, ctx: AppContext) {
  const today = () => localDay(ctx.now(), ctx.config.orgTimezone);

  /** The goal reader's view: staff by scope; an agent its own and its team's (a filter naming others: 403). */
  async function readerOf(reader: Awaited<ReturnType<typeof requireGoalReader>>, filter: { agentId?: number; teamId?: number }): Promise<GoalReader> {
    if (reader.kind === 'staff') {
      if (filter.agentId !== undefined) await assertAgentInScope(ctx, reader.scope, filter.agentId);
      if (filter.teamId !== undefined && !scopeHolds(reader.scope, filter.teamId)) throw forbidden(NOT_YOUR_TEAM_TEXT);
      return { scope: reader.scope };
    }
    const agent = await findAgentById(ctx.db, reader.agentId);
    const teamId = agent?.teamId ?? null;
    if (filter.agentId !== undefined && filter.agentId !== reader.agentId) throw forbidden(text(messages, 'agentsOwnGoals'));
    if (filter.teamId !== undefined && filter.teamId !== teamId) throw forbidden(text(messages, 'agentsOwnGoals'));
    return { agentId: reader.agentId, teamId };
  }

  /**
   * A goal just written, with its progress: in the current period, or in its first (a goal set ahead) or only one (a
   * one-off goal of a period that is over).
   */
  async function readGoal(goal: { id: number; startsOn: string; recurring: boolean }, scope: TeamScope): Promise<Goal> {
    const now = today();
    const day = goal.startsOn > now || !goal.recurring ? goal.startsOn : now;
    const [row] = await listGoalsInForce(ctx.db, goalPeriodStartsOf(day), { scope }, { goalId: goal.id, anyStatus: true });
    if (!row) throw notFound('Goal');
    return goalOut(row, now, new WorkingSpans(await readWorkingCalendar(ctx.db)));
  }

  app.get('/api/goals', async (request, reply): Promise<GoalList> => {
    const reader = await requireGoalReader(ctx, request, reply);
    const query = parseInput(goalListQuery, request.query);
    const metric = query.metric === undefined ? undefined : await goalMetricNamed(ctx, query.metric);
    const whose = await readerOf(reader, query);
    const at = query.at ?? today();
    const filter: GoalFilter = {
      ...(metric ? { metricId: metric.metricId } : {}),
      ...(query.period ? { period: query.period } : {}),
      ...(query.agentId !== undefined ? { agentId: query.agentId } : {}),
      ...(query.teamId !== undefined ? { teamId: query.teamId } : {}),
    };
    const starts = goalPeriodStartsOf(at);
    const fence = eventFenceOf(request);
    const listed = await ctx.goalsInForce.get(JSON.stringify([starts, whose, filter]), fence, () =>
      listGoalsInForce(ctx.db, starts, whose, { ...filter, actuals: false }),
    );
    const rows = (await withActualsFromMemory(ctx, listed, fence)) ?? (await listGoalsInForce(ctx.db, starts, whose, filter));
    const calendar = await readWorkingCalendar(ctx.db);
    const now = today();
    const spans = new WorkingSpans(calendar);
    const list = rows.map((row) => goalOut(row, now, spans));
    return { at, goals: query.pace ? list.filter((goal) => goal.progress.pace === query.pace) : list };
  });

  app.get('/api/goals/suggestion', async (request, reply): Promise<GoalSuggestion> => {
    const reader = await requireGoalReader(ctx, request, reply);
    const query = parseInput(goalSuggestionQuery, request.query);
    const metric = await goalMetricNamed(ctx, query.metric);
    const whose = await readerOf(reader, query);
    const holderId = query.agentId ?? query.teamId!;
    const holder = query.agentId !== undefined ? { agentIds: [query.agentId] } : { teamId: holderId };
    if (query.agentId === undefined && !(await findTeam(ctx.db, holderId))) throw notFound('Team');
    if (query.agentId !== undefined && !(await findAgentById(ctx.db, holderId))) throw notFound('Agent');
    const starts = completePeriodsBefore(query.period, today(), SUGGESTION_PERIODS);
    const figures = await readPeriodFigures(ctx.db, holder, metric.metricId, query.period, starts, ctx.config.orgTimezone, whose);
    const list = figures.get(holderId) ?? [];
    const target = suggestedTarget(list);
    return { target: target === undefined ? null : figureOut(metric.unit, target), periods: list.length };
  });

  app.get('/api/goals/suggestions', async (request, reply): Promise<TeamSuggestions> => {
    const setter = await requireGoalSetter(ctx, request, reply);
    const query = parseInput(teamSuggestionsQuery, request.query);
    const metric = await goalMetricNamed(ctx, query.metric);
    await assertHolderInScope(ctx, setter.scope, { teamId: query.teamId });
    const members = await activeTeamAgents(ctx.db, query.teamId, setter.scope);
    const starts = completePeriodsBefore(query.period, today(), SUGGESTION_PERIODS);
    const figures =
      members.length === 0
        ? new Map<number, bigint[]>()
        : await readPeriodFigures(ctx.db, { agentIds: members.map((agent) => agent.id) }, metric.metricId, query.period, starts, ctx.config.orgTimezone, { scope: setter.scope });
    return {
      suggestions: members.map((agent) => {
        const list = figures.get(agent.id) ?? [];
        const target = suggestedTarget(list);
        return { agentId: agent.id, agentName: agent.name, target: target === undefined ? null : figureOut(metric.unit, target), periods: list.length };
      }),
    };
  });

  app.post('/api/goals', async (request, reply) => {
    const setter = await requireGoalSetter(ctx, request, reply);
    const input = parseInput(createGoalInput, request.body);
    const metric = await goalMetricNamed(ctx, input.metric);
    if (!metric.active) throw conflict(text(messages, 'goalMetricInactive', { name: metric.name }));
    const target = goalTargetHundredths(metric.unit, input.target);
    const holder: NewGoal['holder'] = input.agentId !== undefined ? { agentId: input.agentId } : { teamId: input.teamId! };
    await assertHolderInScope(ctx, setter.scope, holder);
    const startsOn = firstPeriodOf(input.period, input.startsOn, today());
    const [id] = await createGoals(ctx.db, [{ holder, metricId: metric.metricId, period: input.period, startsOn, recurring: input.recurring, target }], setter.actor, ctx.now());
    return reply.status(201).send(await readGoal({ id: id!, startsOn, recurring: input.recurring }, setter.scope));
  });

  app.post('/api/goals/batch', async (request, reply) => {
    const setter = await requireGoalSetter(ctx, request, reply);
    const input = parseInput(createGoalBatchInput, request.body);
    const metric = await goalMetricNamed(ctx, input.metric);
    if (!metric.active) throw conflict(text(messages, 'goalMetricInactive', { name: metric.name }));
    const startsOn = firstPeriodOf(input.period, input.startsOn, today());
    const list: NewGoal[] = [];
    for (const [i, goal] of input.goals.entries()) {
      let target: bigint;
      try {
        target = goalTargetHundredths(metric.unit, goal.target);
      } catch (error) {
        throw invalid(text(messages, 'goalInBatch', { index: i, reason: error instanceof AppError ? error.text : (error as Error).message }), 'goals');
      }
      await assertHolderInScope(ctx, setter.scope, { agentId: goal.agentId });
      list.push({ holder: { agentId: goal.agentId }, metricId: metric.metricId, period: input.period, startsOn, recurring: input.recurring, target });
    }
    const ids = await createGoals(ctx.db, list, setter.actor, ctx.now());
    const at = startsOn > today() ? startsOn : today();
    const rows = await listGoalsInForce(ctx.db, goalPeriodStartsOf(at), { scope: setter.scope }, { goalIds: ids });
    const calendar = await readWorkingCalendar(ctx.db);
    const spans = new WorkingSpans(calendar);
    const answer: GoalList = { at, goals: rows.map((row) => goalOut(row, today(), spans)) };
    return reply.status(201).send(answer);
  });

  app.patch<{ Params: { id: string } }>('/api/goals/:id', async (request, reply): Promise<Goal> => {
    const setter = await requireGoalSetter(ctx, request, reply);
    const id = parseId(request.params.id, 'Goal');
    const input = parseInput(updateGoalInput, request.body);
    // The unit never changes: the target is read by it before the write, which checks the goal again under its lock.
    const goal = await findGoal(ctx.db, id);
    if (!goal) throw notFound('Goal');
    await mayChangeIn(setter.scope)(goal);
    const change = {
      ...(input.target !== undefined ? { target: goalTargetHundredths(goal.unit, input.target) } : {}),
      ...(input.recurring !== undefined ? { recurring: input.recurring } : {}),
    };
    const updated = await updateGoal(ctx.db, id, change, mayChangeIn(setter.scope), setter.actor, ctx.now());
    return readGoal(updated, setter.scope);
  });

  app.delete<{ Params: { id: string } }>('/api/goals/:id', async (request, reply) => {
    const setter = await requireGoalSetter(ctx, request, reply);
    const id = parseId(request.params.id, 'Goal');
    await deleteGoal(ctx.db, id, mayChangeIn(setter.scope), setter.actor, ctx.now());
    return reply.status(204).send();
  });
}
