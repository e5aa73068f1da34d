/**
 * The words of goals that screens need without the validator (no zod here: the agent's dashboard loads this at first
 * paint). contract/goals.ts holds the schemas and re-exports these.
 */
export const goalPeriods = ['week', 'month', 'quarter'] as const;
export type GoalPeriod = (typeof goalPeriods)[number];

export const GOAL_PERIOD_LABELS: Record<GoalPeriod, string> = { week: 'Weekly', month: 'Monthly', quarter: 'Quarterly' };

export const paces = ['ahead', 'on_track', 'behind'] as const;
export type GoalPace = (typeof paces)[number];

export const PACE_LABELS: Record<GoalPace, string> = { ahead: 'Ahead', on_track: 'On track', behind: 'Behind' };

/** A goal's period in a sentence: "your weekly Calls goal". */
export const goalPeriodAdjective = (period: string): string => GOAL_PERIOD_LABELS[period as GoalPeriod]?.toLowerCase() ?? '';
