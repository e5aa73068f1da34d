import type { GoalPace } from '@contract/goal-periods';
import type { MetricUnit } from '@contract/metrics';
import { formatCount, formatCurrency, formatCurrency2 } from '../../../lib/format';

/**
 * A goal's figure as the API answers it (a count as a number, with hundredths where pace divides; money as text with
 * two decimals), written for the reader as lib/format.ts writes every figure (the language shown with the
 * organisation's region): a count with at most one decimal ("3.3", "3,3" in German), money in the organisation's
 * currency, whole unless `exact`.
 */
export function formatGoalFigure(unit: MetricUnit, value: number | string, exact = false): string {
  if (unit === 'count') return formatCount(toTenths(Number(value)));
  return exact ? formatCurrency2(value) : formatCurrency(value);
}

/** A count rounded to one decimal, halves away from zero (as Intl rounds): 3.33 -> 3.3, 2.25 -> 2.3; never "-0". */
function toTenths(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10 + 0;
}

/** The badge and bar of a goal's pace (its words are the catalog's `pace`). */
export const PACE_STYLES: Record<GoalPace, { badge: 'success' | 'secondary' | 'destructive'; bar: string }> = {
  ahead: { badge: 'success', bar: 'bg-emerald-600' },
  on_track: { badge: 'secondary', bar: 'bg-brand-600' },
  behind: { badge: 'destructive', bar: 'bg-red-600' },
};

/** Where the "expected by now" tick sits on a goal's bar, as a percent of the target (0 to 100). */
export function expectedShare(expected: number | string, target: number | string): number {
  const share = Number(target) <= 0 ? 0 : (Number(expected) / Number(target)) * 100;
  return Math.min(100, Math.max(0, share));
}
