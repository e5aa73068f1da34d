import { z } from 'zod';
import { calendarDay, idField } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';
import { metricKey, metricUnits } from './metrics';

/**
 * Goals (docs/decisions/0074-goals.md): a target on one metric for an agent or a team, per week, month or quarter,
 * for one period or renewed each period (recurring) until changed. Every read carries the progress of the period asked
 * for (docs/decisions/0073-goal-pacing.md): what is done, what a steady pace expects by now in working days, ahead, on
 * track or behind, and where it is heading.
 */

import { goalPeriods, paces } from './goal-periods';

export { GOAL_PERIOD_LABELS, goalPeriodAdjective, goalPeriods, PACE_LABELS, paces, type GoalPace, type GoalPeriod } from './goal-periods';

/** The marks a goal's holder hears of, once per goal and period. */
export const GOAL_THRESHOLDS = [50, 90, 100] as const;
export type GoalThreshold = (typeof GOAL_THRESHOLDS)[number];

/** Goals set at once for a team's agents, at most. */
export const GOAL_BATCH_MAX = 500;
/** How many complete periods a suggestion looks back on. */
export const SUGGESTION_PERIODS = 12;

const periodField = z.enum(goalPeriods, zodText(text(messages, 'goalPeriod')));

/**
 * A target as sent: a count is a whole number from 1 up, money is positive with at most two decimals (a number or
 * its text). The server reads it by the metric's unit.
 */
export const goalTargetInput = z.union([z.string(), z.number()], zodText(text(messages, 'targetRequired')));

const AGENT_ID = text(messages, 'mustBeAgentId', { field: 'agentId' });
const TEAM_ID = text(messages, 'mustBeTeamId', { field: 'teamId' });
const TRUE_OR_FALSE = (field: string) => zodText(text(messages, 'mustBeTrueOrFalse', { field }));

const holderFields = {
  agentId: idField(AGENT_ID).optional(),
  teamId: idField(TEAM_ID).optional(),
};

const oneHolder: [(input: { agentId?: number | undefined; teamId?: number | undefined }) => boolean, { error: () => string; path: string[] }] = [
  (input) => (input.agentId === undefined) !== (input.teamId === undefined),
  { ...zodText(text(messages, 'agentOrTeam')), path: ['agentId'] },
];

/**
 * POST /api/goals. `startsOn`: a day in the first period the goal is for (the current period when left out; a past
 * period is refused). A one-off goal is for that period only; a recurring one for it and every period after.
 */
export const createGoalInput = z
  .strictObject({
    metric: metricKey,
    period: periodField,
    target: goalTargetInput,
    ...holderFields,
    recurring: z.boolean(TRUE_OR_FALSE('recurring')).optional().default(false),
    startsOn: calendarDay('startsOn').optional(),
  })
  .refine(...oneHolder);
export type CreateGoalInput = z.input<typeof createGoalInput>;

/** PATCH /api/goals/{id}: its target, or whether it renews. Whose goal it is, its metric and period never change. */
export const updateGoalInput = z
  .strictObject({
    target: goalTargetInput.optional(),
    recurring: z.boolean(TRUE_OR_FALSE('recurring')).optional(),
  })
  .refine((input) => input.target !== undefined || input.recurring !== undefined, zodText(text(messages, 'nothingToChangeGoal')));
export type UpdateGoalInput = z.input<typeof updateGoalInput>;

/** POST /api/goals/batch: goals of one metric and period for several agents at once (a team's, from suggestions). */
export const createGoalBatchInput = z.strictObject({
  metric: metricKey,
  period: periodField,
  recurring: z.boolean(TRUE_OR_FALSE('recurring')).optional().default(false),
  startsOn: calendarDay('startsOn').optional(),
  goals: z
    .array(z.strictObject({ agentId: idField(AGENT_ID), target: goalTargetInput }), zodText(text(messages, 'goalsList', { shape: '{agentId, target}' })))
    .min(1, zodText(text(messages, 'goalsAtLeastOne')))
    .max(GOAL_BATCH_MAX, zodText(text(messages, 'goalsAtMost', { max: GOAL_BATCH_MAX })))
    .refine((goals) => new Set(goals.map((goal) => goal.agentId)).size === goals.length, zodText(text(messages, 'eachAgentOnce'))),
});
export type CreateGoalBatchInput = z.input<typeof createGoalBatchInput>;

/**
 * GET /api/goals: the goals in force on `at` (a day; today when left out) with their progress in the period holding
 * it; filtered by metric, period, agent, team (a team's own goal and its agents') and pace.
 */
export const goalListQuery = z.strictObject({
  at: calendarDay('at').optional(),
  metric: metricKey.optional(),
  period: periodField.optional(),
  agentId: idField(AGENT_ID).optional(),
  teamId: idField(TEAM_ID).optional(),
  pace: z.enum(paces, zodText(text(messages, 'goalPace'))).optional(),
});
export type GoalListQuery = z.output<typeof goalListQuery>;

/** GET /api/goals/suggestion: for one agent or team. */
export const goalSuggestionQuery = z.strictObject({ metric: metricKey, period: periodField, ...holderFields }).refine(...oneHolder);

/** GET /api/goals/suggestions: for every agent of a team at once. */
export const teamSuggestionsQuery = z.strictObject({ metric: metricKey, period: periodField, teamId: idField(TEAM_ID) });

/** A figure of a goal: a number for a count (hundredths where pace divides), text with two decimals for money. */
const figure = z.union([z.number(), z.string()]);

export const goalProgress = z.object({
  actual: figure,
  target: figure,
  /** Whole percent of the target reached (floored). */
  percent: z.number(),
  expectedByNow: figure,
  pace: z.enum(paces),
  projected: figure,
  /** What is left per working day, today included (0 once reached). */
  perWorkingDayLeft: figure,
  workingDays: z.object({ total: z.number(), elapsed: z.number(), left: z.number() }),
});
export type GoalProgress = z.infer<typeof goalProgress>;

export const goal = z.object({
  id: z.number(),
  metric: z.string(),
  metricName: z.string(),
  unit: z.enum(metricUnits),
  period: z.enum(goalPeriods),
  recurring: z.boolean(),
  target: figure,
  /** The agent's goal (teamId null), or the team's (agentId null). */
  agentId: z.number().nullable(),
  teamId: z.number().nullable(),
  /** The agent's or the team's name. */
  holderName: z.string(),
  /** The first day of the first period it is for. */
  startsOn: z.string(),
  /** The period read: its first and last day. */
  periodStart: z.string(),
  periodEnd: z.string(),
  progress: goalProgress,
});
export type Goal = z.infer<typeof goal>;

export const goalList = z.object({ goals: z.array(goal), at: z.string() });
export type GoalList = z.infer<typeof goalList>;

export const goalSuggestion = z.object({
  /** The 80th percentile of the complete periods looked at, rounded to a whole unit; null when there is none. */
  target: figure.nullable(),
  /** The complete periods it is taken from (at most SUGGESTION_PERIODS; fewer for a newer agent or team). */
  periods: z.number(),
});
export type GoalSuggestion = z.infer<typeof goalSuggestion>;

export const teamSuggestions = z.object({
  suggestions: z.array(goalSuggestion.extend({ agentId: z.number(), agentName: z.string() })),
});
export type TeamSuggestions = z.infer<typeof teamSuggestions>;
