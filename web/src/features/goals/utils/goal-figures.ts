import { PACE_LABELS, type GoalPace } from '@contract/goal-periods';
import type { MetricUnit } from '@contract/metrics';
import { formatCurrency, formatCurrency2 } from '../../../lib/format';
import { getOrgSettings } from '../../../lib/org-settings';

/**
 * A goal's figure as the API answers it (a count as a number, with hundredths where pace divides; money as text with
 * two decimals), written for a person: a count with at most one decimal ("3.3"), money in the organisation's currency,
 * whole unless `exact`.
 */
export function formatGoalFigure(unit: MetricUnit, value: number | string, exact = false): string {
  if (unit === 'count') return new Intl.NumberFormat(getOrgSettings().locale, { maximumFractionDigits: 1 }).format(Number(value));
  return exact ? formatCurrency2(value) : formatCurrency(value);
}

export const PACE_STYLES: Record<GoalPace, { label: string; badge: 'success' | 'secondary' | 'destructive'; bar: string }> = {
  ahead: { label: PACE_LABELS.ahead, badge: 'success', bar: 'bg-emerald-600' },
  on_track: { label: PACE_LABELS.on_track, badge: 'secondary', bar: 'bg-brand-600' },
  behind: { label: PACE_LABELS.behind, badge: 'destructive', bar: 'bg-red-600' },
};

/** Where the "expected by now" tick sits on a goal's bar, as a percent of the target (0 to 100). */
export function expectedShare(expected: number | string, target: number | string): number {
  const share = Number(target) <= 0 ? 0 : (Number(expected) / Number(target)) * 100;
  return Math.min(100, Math.max(0, share));
}
