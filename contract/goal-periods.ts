/**
 * The words of goals that screens need without the validator (no zod here: the agent's dashboard loads this at first
 * paint). contract/goals.ts holds the schemas and re-exports these.
 */
export const goalPeriods = ['week', 'month', 'quarter'] as const;
export type GoalPeriod = (typeof goalPeriods)[number];

export const GOAL_PERIOD_LABELS: Record<GoalPeriod, string> = { week: 'Weekly', month: 'Monthly', quarter: 'Quarterly' };

export const paces = ['ahead', 'on_track', 'behind'] as const;
export type GoalPace = (typeof paces)[number];
