import { BADGE_KIND_LABELS, type BadgeKind, type BadgeParams } from '../../contract/badges';
import { ordinal } from '../../contract/ordinal';
import { isWorkingDay, type WorkingCalendar } from './pacing';
import { shiftDay } from './periods';

/**
 * The rules of achievements (docs/decisions/0078-achievements.md): streaks of working days and of periods, and the
 * words a badge is given with.
 */

/** The longest stretch of days a streak looks back or ahead over (a streak counts at most BADGE_STREAK_MAX days). */
const STREAK_SPAN_DAYS = 400;

/**
 * How many working days in a row, through `day`, have an activity (`active`: the local days that have one), up to
 * `today`: days not worked (weekends, holidays) are stepped over without breaking the streak or adding to it.
 */
export function workingDayStreak(active: ReadonlySet<string>, day: string, today: string, calendar: WorkingCalendar): number {
  if (!isWorkingDay(day, calendar) || !active.has(day)) return 0;
  let count = 1;
  for (let back = 1, d = shiftDay(day, { days: -1 }); back < STREAK_SPAN_DAYS; back++, d = shiftDay(d, { days: -1 })) {
    if (!isWorkingDay(d, calendar)) continue;
    if (!active.has(d)) break;
    count++;
  }
  for (let ahead = 1, d = shiftDay(day, { days: 1 }); ahead < STREAK_SPAN_DAYS && d <= today; ahead++, d = shiftDay(d, { days: 1 })) {
    if (!isWorkingDay(d, calendar)) continue;
    if (!active.has(d)) break;
    count++;
  }
  return count;
}

/** The first day of the period of `kind` before the one starting on `start`. */
export function periodBefore(kind: 'week' | 'month' | 'quarter', start: string): string {
  return kind === 'week' ? shiftDay(start, { days: -7 }) : shiftDay(start, { months: kind === 'month' ? -1 : -3 });
}

/** How many periods in a row, ending with the one starting on `start`, are among `reached` (their first days). */
export function periodsInARow(reached: ReadonlySet<string>, kind: 'week' | 'month' | 'quarter', start: string): number {
  let count = 0;
  for (let period = start; reached.has(period); period = periodBefore(kind, period)) count++;
  return count;
}

/** A badge's description: the owner's words, or its kind's with its settings. */
export function badgeDescription(kind: BadgeKind, params: BadgeParams, description: string | null, names: { metricName?: string; tierName?: string } = {}): string {
  if (description) return description;
  switch (kind) {
    case 'goal_streak':
      return `Goals reached ${params.count} periods in a row`;
    case 'activity_streak':
      return `${names.metricName ?? 'Activity'} on ${params.count} working days in a row`;
    case 'contest_podium':
      return (params.places ?? 3) === 1 ? 'First place in a contest' : `A top-${params.places ?? 3} place in a contest`;
    case 'tier_reached':
      return names.tierName ? `The ${names.tierName} tier reached` : 'A tier reached';
    default:
      return BADGE_KIND_LABELS[kind];
  }
}

/** What earned a contest podium badge, in words: "2nd in Call week". */
export const podiumDetail = (rank: number, contestName: string) => `${ordinal(rank)} in ${contestName}`;
