import { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from '../../contract/cents';
import { GOAL_THRESHOLDS, type GoalPeriod, type GoalProgress, type GoalThreshold } from '../../contract/goals';
import { COUNT_VALUE_MAX, type MetricUnit } from '../../contract/metrics';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';
import type { Progress } from './pacing';
import { nextPeriodStart, periodStartOfDay, previousPeriodStart } from './periods';

/**
 * The rules of goals (docs/decisions/0074-goals.md), free of the database: targets, which goal is in force in which
 * period, suggested targets and the marks a holder hears of. Figures are integer hundredths (cents, or a count times
 * 100), as in pacing.ts.
 */

/** A count target at most: a period's worth of the largest single activity is already absurd. */
export const COUNT_TARGET_MAX = BigInt(COUNT_VALUE_MAX) * 1000n;

/** A target as sent, for a metric of `unit`, in hundredths: a whole count from 1, or money above zero (two decimals at most). */
export function goalTargetHundredths(unit: MetricUnit, value: string | number): bigint {
  if (unit === 'count') {
    const digits = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d+$/.test(digits) || BigInt(digits) < 1n || BigInt(digits) > COUNT_TARGET_MAX) {
      throw invalid(text(messages, 'targetWholeCount', { max: Number(COUNT_TARGET_MAX) }), 'target');
    }
    return BigInt(digits) * 100n;
  }
  const cents = parseMoneyToCents(value);
  if (cents === null) throw invalid(text(messages, 'targetTwoDecimals'), 'target');
  if (cents <= 0n) throw invalid(text(messages, 'targetPositive'), 'target');
  if (cents > MAX_ENTRY_CENTS) throw invalid(text(messages, 'targetTooLarge'), 'target');
  return cents;
}

/** Hundredths as the API answers a figure: a number for a count (two decimals at most), money as text with two decimals. */
export function figureOut(unit: MetricUnit, hundredths: bigint): number | string {
  if (unit === 'money') return centsToMoneyString(hundredths);
  return Number(hundredths) / 100;
}

/** Stored numeric text ("12.00") in hundredths. */
export const hundredthsOf = (stored: string): bigint => parseMoneyToCents(stored) ?? 0n;

export function progressOut(unit: MetricUnit, progress: Progress): GoalProgress {
  return {
    actual: figureOut(unit, progress.actual),
    target: figureOut(unit, progress.target),
    percent: progress.percent,
    expectedByNow: figureOut(unit, progress.expectedByNow),
    pace: progress.pace,
    projected: figureOut(unit, progress.projected),
    perWorkingDayLeft: figureOut(unit, progress.perWorkingDayLeft),
    workingDays: progress.workingDays,
  };
}

/** The periods a goal is in force in: one (one-off) or from its first on (recurring). */
export interface GoalSpan {
  startsOn: string;
  recurring: boolean;
}

/** Whether a goal is in force in the period starting on `periodStart` (of its kind). */
export const inForce = (goal: GoalSpan, periodStart: string): boolean => (goal.recurring ? goal.startsOn <= periodStart : goal.startsOn === periodStart);

/** Whether two goals of one holder, metric and kind would both be in force in some period. */
export function spansOverlap(a: GoalSpan, b: GoalSpan): boolean {
  if (a.recurring && b.recurring) return true;
  if (a.recurring) return b.startsOn >= a.startsOn;
  if (b.recurring) return a.startsOn >= b.startsOn;
  return a.startsOn === b.startsOn;
}

/** The first day of a goal's first period from a day in it (the current period when none is given); a past period is refused. */
export function firstPeriodOf(kind: GoalPeriod, startsOn: string | undefined, today: string): string {
  const current = periodStartOfDay(kind, today);
  if (startsOn === undefined) return current;
  const start = periodStartOfDay(kind, startsOn);
  if (start < current) throw invalid(text(messages, 'startsOnPast'), 'startsOn');
  return start;
}

/** The first day of the week, month and quarter holding the local day `day`: the periods goals are read in. */
export const goalPeriodStartsOf = (day: string): Record<GoalPeriod, string> => ({
  week: periodStartOfDay('week', day),
  month: periodStartOfDay('month', day),
  quarter: periodStartOfDay('quarter', day),
});

/** The last day of the period of `kind` starting on `start`. */
export function periodLastDay(kind: GoalPeriod, start: string): string {
  const next = new Date(`${nextPeriodStart(kind, start)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

/** The starts of the `count` complete periods before the one holding `today`, oldest first. */
export function completePeriodsBefore(kind: GoalPeriod, today: string, count: number): string[] {
  const starts: string[] = [];
  let start = periodStartOfDay(kind, today);
  for (let i = 0; i < count; i++) {
    start = previousPeriodStart(kind, start);
    starts.unshift(start);
  }
  return starts;
}

/**
 * A suggested target: the 80th percentile of the figures (hundredths) of complete periods, interpolated between the
 * two nearest (as PostgreSQL's percentile_cont), rounded half up to a whole unit (a whole count, a whole currency
 * unit). Undefined when there is no period, or the percentile is not above zero (nothing to aim at).
 */
export function suggestedTarget(figures: readonly bigint[]): bigint | undefined {
  if (figures.length === 0) return undefined;
  const sorted = [...figures].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Position 0.8 * (n - 1), as a fifth: 4 (n - 1) / 5.
  const fifths = 4 * (sorted.length - 1);
  const lower = Math.floor(fifths / 5);
  const share = BigInt(fifths % 5);
  const low = sorted[lower]!;
  const high = sorted[Math.min(lower + 1, sorted.length - 1)]!;
  // low + (high - low) * share / 5, in hundredths times five, then to whole units (hundreds of hundredths), half up.
  const timesFive = low * 5n + (high - low) * share;
  const units = (timesFive + 250n) / 500n;
  return units > 0n ? units * 100n : undefined;
}

/** The marks newly passed: those at or below `percent` not yet recorded. */
export const marksPassed = (percent: number, recorded: ReadonlySet<number>): GoalThreshold[] =>
  GOAL_THRESHOLDS.filter((threshold) => percent >= threshold && !recorded.has(threshold));

/** How long a "behind pace" notice keeps the next one away. */
export const BEHIND_NOTICE_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
