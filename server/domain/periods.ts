import type { LeaderboardPeriod, PeriodRange } from '../../contract/insight';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';

/**
 * Calendar periods in the organisation's time zone. A period is named by the local date it starts on
 * ("YYYY-MM-DD"): weeks start on Monday, months and years are calendar ones.
 */
export interface PeriodStarts {
  week: string;
  month: string;
  quarter: string;
  year: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar date of an instant in a time zone, and its weekday (Monday = 0). */
export function localDate(instant: Date, timeZone: string): { year: number; month: number; day: number; weekday: number } {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAY_INDEX[parts.weekday ?? ''] ?? 0,
  };
}

export function periodStartsOf(instant: Date, timeZone: string): PeriodStarts {
  const { year, month, day, weekday } = localDate(instant, timeZone);
  // Calendar arithmetic on the local date; UTC here is only a carrier for the date, not a time zone.
  const monday = new Date(Date.UTC(year, month - 1, day - weekday));
  return {
    week: `${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`,
    month: `${year}-${pad(month)}-01`,
    quarter: `${year}-${pad(month - ((month - 1) % 3))}-01`,
    year: `${year}-01-01`,
  };
}

export type BoardPeriodKind = 'week' | 'month' | 'quarter' | 'year';

/** A local day ("YYYY-MM-DD") moved by whole days, months or years (calendar arithmetic; UTC only carries the date). */
export function shiftDay(day: string, by: { days?: number; months?: number; years?: number }): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + (by.years ?? 0), month - 1 + (by.months ?? 0), date + (by.days ?? 0)));
  return shifted.toISOString().slice(0, 10);
}

/** The first local day of the period of `kind` that holds the local day `day`. */
export function periodStartOfDay(kind: BoardPeriodKind, day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  switch (kind) {
    case 'week': {
      const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
      return shiftDay(day, { days: -weekday });
    }
    case 'month':
      return `${year}-${pad(month)}-01`;
    case 'quarter':
      return `${year}-${pad(month - ((month - 1) % 3))}-01`;
    case 'year':
      return `${year}-01-01`;
  }
}

/** The first day of the period after the one starting on `start`. */
export function nextPeriodStart(kind: BoardPeriodKind, start: string): string {
  switch (kind) {
    case 'week':
      return shiftDay(start, { days: 7 });
    case 'month':
      return shiftDay(start, { months: 1 });
    case 'quarter':
      return shiftDay(start, { months: 3 });
    case 'year':
      return shiftDay(start, { years: 1 });
  }
}

/** The first day of the period before the one starting on `start`. */
export function previousPeriodStart(kind: BoardPeriodKind, start: string): string {
  switch (kind) {
    case 'week':
      return shiftDay(start, { days: -7 });
    case 'month':
      return shiftDay(start, { months: -1 });
    case 'quarter':
      return shiftDay(start, { months: -3 });
    case 'year':
      return shiftDay(start, { years: -1 });
  }
}

/** Whether year, month (1-12) and day name a day of the calendar (2026-02-30 does not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(instant / 1000) * 1000;
}

const dayStarts = new Map<string, number>();
/** Days remembered at most (a file names a few hundred distinct days; Intl costs microseconds a call). */
const DAY_STARTS_MAX = 10_000;

/** The instant a local day starts in a time zone (midnight there, or the first instant after it on a day that skips it). */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const key = `${timeZone} ${year}-${month}-${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = computeStartOfLocalDay(year, month, day, timeZone);
  if (dayStarts.size >= DAY_STARTS_MAX) dayStarts.clear();
  dayStarts.set(key, start.getTime());
  return start;
}

function computeStartOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMs(wall, timeZone);
  // Once more with the offset at the guess: right across a change of offset.
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** Today's local date in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  const { year, month, day } = localDate(instant, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The period of `kind` holding `day` (today when absent): its start, its end (the next period's start, exclusive), the
 * previous period's start, and the next one's unless this is the current period. `day` after today is the caller's
 * to refuse.
 */
export function periodRangeOf(kind: BoardPeriodKind, today: string, day: string = today) {
  const start = periodStartOfDay(kind, day);
  const end = nextPeriodStart(kind, start);
  return { kind, start, end, previous: previousPeriodStart(kind, start), next: end <= today ? end : null };
}

/** The starts of the `count` periods of `kind` ending with the one holding `today`, oldest first. */
export function lastPeriodStarts(kind: BoardPeriodKind, today: string, count: number): string[] {
  const starts = [periodStartOfDay(kind, today)];
  while (starts.length < count) starts.unshift(previousPeriodStart(kind, starts[0]!));
  return starts;
}

/** The period a board shows: all time, or a period of `kind` starting on `start` (and the one before, for growth). */
export type BoardPeriod = { kind: 'all' } | { kind: BoardPeriodKind; start: string; previous: string };

const ALL_TIME: PeriodRange = { kind: 'all', start: null, end: null, previous: null, next: null };

/**
 * The board period of a query: `all`, or the period of `kind` holding `at` (today in `timeZone` when absent); `at`
 * after today is 400.
 */
export function boardPeriodOf(kind: LeaderboardPeriod, at: string | undefined, now: Date, timeZone: string): { range: PeriodRange; period: BoardPeriod } {
  if (kind === 'all') return { range: ALL_TIME, period: { kind: 'all' } };
  const today = localDay(now, timeZone);
  if (at !== undefined && at > today) throw invalid(text(messages, 'atAfterToday', { today }), 'at');
  const range = periodRangeOf(kind, today, at);
  return { range, period: { kind, start: range.start, previous: range.previous } };
}
