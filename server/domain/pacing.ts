import { nextPeriodStart, shiftDay, type BoardPeriodKind } from './periods';

/**
 * Pace against a goal (docs/decisions/0073-goal-pacing.md): how much of a period's target is expected by now,
 * counted in working days (the organisation's working weekdays, less its holidays), whether the actual figure is ahead
 * of that, on track or behind, and where it is heading by the period's end. Figures are integer hundredths (cents, or a
 * count times 100), so money is never a float.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface WorkingCalendar {
  workingDays: ReadonlySet<IsoWeekday>;
  /** Local dates (YYYY-MM-DD) that are not worked although their weekday is. */
  holidays: ReadonlySet<string>;
}

/** Monday to Friday, no holidays: the organisation's calendar until the owner sets one. */
export const DEFAULT_CALENDAR: WorkingCalendar = { workingDays: new Set<IsoWeekday>([1, 2, 3, 4, 5]), holidays: new Set() };

/** The ISO weekday of a local date. */
function isoWeekday(day: string): IsoWeekday {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as IsoWeekday;
}

export const isWorkingDay = (day: string, calendar: WorkingCalendar): boolean => calendar.workingDays.has(isoWeekday(day)) && !calendar.holidays.has(day);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of a local date's day since 1970-01-01 (Thursday). */
function dayNumber(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

/**
 * How many working days lie in [from, to) (local dates; empty when to <= from): the working weekdays of the whole
 * weeks and of the days left over, less the holidays in the range that fall on a working weekday. Counted, not walked
 * day by day: a goal list computes it for every goal it answers.
 */
export function workingDaysBetween(from: string, to: string, calendar: WorkingCalendar): number {
  const first = dayNumber(from);
  const days = dayNumber(to) - first;
  if (days <= 0) return 0;
  // Day 0 (1970-01-01) was a Thursday: ISO weekday 4.
  const weekdayOf = (n: number) => ((((n + 3) % 7) + 7) % 7) + 1;
  let count = Math.floor(days / 7) * calendar.workingDays.size;
  for (let n = first + days - (days % 7); n < first + days; n++) if (calendar.workingDays.has(weekdayOf(n) as IsoWeekday)) count++;
  for (const holiday of calendar.holidays) {
    if (holiday >= from && holiday < to && calendar.workingDays.has(isoWeekday(holiday))) count--;
  }
  return count;
}

export type Pace = 'ahead' | 'on_track' | 'behind';

export interface Progress {
  /** Hundredths, as given. */
  actual: bigint;
  target: bigint;
  /** Whole percent of the target reached (floored; 0 for a target of 0). */
  percent: number;
  /** What a steady pace would have reached by the end of the last whole working day before today. */
  expectedByNow: bigint;
  pace: Pace;
  /** Where the actual figure is heading by the period's end at its pace so far (the actual itself before any working day has passed). */
  projected: bigint;
  /** What is left per working day from today to the period's end (0 once the target is reached; the whole rest on the last day). */
  perWorkingDayLeft: bigint;
  workingDays: { total: number; elapsed: number; left: number };
}

/** Below this share of the expected figure is "behind"; at or above its mirror, "ahead" (docs/decisions/0073-goal-pacing.md). */
const BEHIND_BELOW = 90n;
const AHEAD_FROM = 110n;

/** Integer division rounded half away from zero (hundredths stay whole). */
function divide(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) return 0n;
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * A period's working days on a day: its end (exclusive) and last day, the day clamped to it, and its working days in
 * all and so far.
 */
export interface WorkingSpan {
  end: string;
  lastDay: string;
  today: string;
  total: number;
  elapsed: number;
}

function workingSpan(kind: BoardPeriodKind, start: string, day: string, calendar: WorkingCalendar): WorkingSpan {
  const end = nextPeriodStart(kind, start);
  const today = day < start ? start : day > end ? end : day;
  return {
    end,
    lastDay: shiftDay(end, { days: -1 }),
    today,
    total: workingDaysBetween(start, end, calendar),
    elapsed: workingDaysBetween(start, today, calendar),
  };
}

/** The working spans of one calendar, each worked out once: a list of goals shares a few periods. */
export class WorkingSpans {
  private readonly spans = new Map<string, WorkingSpan>();
  constructor(private readonly calendar: WorkingCalendar) {}

  of(kind: BoardPeriodKind, start: string, today: string): WorkingSpan {
    const key = `${kind}:${start}:${today}`;
    let span = this.spans.get(key);
    if (!span) {
      span = workingSpan(kind, start, today, this.calendar);
      this.spans.set(key, span);
    }
    return span;
  }
}

/**
 * The progress of `actual` against `target` in the period of `kind` starting on `start`, on `today` (a local date).
 * Today itself does not count as elapsed: on the first working day nothing is expected yet, so a Monday morning is
 * never "behind". A period with no working day at all expects nothing until it ends.
 */
export function progressOf(
  input: { actual: bigint; target: bigint; kind: BoardPeriodKind; start: string; today: string },
  calendar: WorkingCalendar | WorkingSpans = DEFAULT_CALENDAR,
): Progress {
  const { end, today, total, elapsed } =
    calendar instanceof WorkingSpans ? calendar.of(input.kind, input.start, input.today) : workingSpan(input.kind, input.start, input.today, calendar);
  const left = total - elapsed;
  const { actual, target } = input;
  const expectedByNow = total === 0 ? (today >= end ? target : 0n) : divide(target * BigInt(elapsed), BigInt(total));
  let pace: Pace;
  // Nothing expected yet (the first working day, or none): anything done is ahead, nothing is on track.
  if (expectedByNow <= 0n) pace = actual > 0n ? 'ahead' : 'on_track';
  else if (actual * 100n < expectedByNow * BEHIND_BELOW) pace = 'behind';
  else if (actual * 100n >= expectedByNow * AHEAD_FROM) pace = 'ahead';
  else pace = 'on_track';
  const projected = elapsed === 0 ? actual : divide(actual * BigInt(total), BigInt(elapsed));
  const remaining = target - actual;
  const perWorkingDayLeft = remaining <= 0n ? 0n : left === 0 ? remaining : divide(remaining, BigInt(left));
  const percent = target <= 0n ? 0 : Number((actual * 100n) / target);
  return { actual, target, percent, expectedByNow, pace, projected, perWorkingDayLeft, workingDays: { total, elapsed, left } };
}
