import type { LeaderboardPeriod, PeriodRange } from '@contract/insight';
import { orgLocale } from './format';
import { translate } from './i18n/translate';
import { messages } from './messages';

// Words for the boards' periods (contract/insight.ts PeriodRange). Type imports only: the screens that show a board do
// not load the contract's validators.

/** The periods a board can cover, in the order a switch offers them. */
export const BOARD_PERIODS = ['week', 'month', 'quarter', 'year', 'all'] as const satisfies readonly LeaderboardPeriod[];

// The words below are read in the language shown at the moment they are used (the records' entries are getters): read
// them while rendering, not once when a module loads.

/** The period's name, as a switch offers it: "Month", "All time". */
export const PERIOD_NAMES: Readonly<Record<LeaderboardPeriod, string>> = {
  get week() {
    return translate(messages, 'periodName', { kind: 'week' });
  },
  get month() {
    return translate(messages, 'periodName', { kind: 'month' });
  },
  get quarter() {
    return translate(messages, 'periodName', { kind: 'quarter' });
  },
  get year() {
    return translate(messages, 'periodName', { kind: 'year' });
  },
  get all() {
    return translate(messages, 'periodName', { kind: 'all' });
  },
};

/**
 * "Monthly Leaderboard", as the tab and its heading say for the month: the adjective as it qualifies "leaderboard" in
 * the language shown ("Monatliche", "mensual", "mensuel").
 */
export const PERIOD_ADJECTIVES: Readonly<Record<LeaderboardPeriod, string>> = {
  get week() {
    return translate(messages, 'periodAdjective', { kind: 'week' });
  },
  get month() {
    return translate(messages, 'periodAdjective', { kind: 'month' });
  },
  get quarter() {
    return translate(messages, 'periodAdjective', { kind: 'quarter' });
  },
  get year() {
    return translate(messages, 'periodAdjective', { kind: 'year' });
  },
  get all() {
    return translate(messages, 'periodAdjective', { kind: 'all' });
  },
};

/** "This Month": the label of a figure of the current period (docs/product.md §11.7). */
export const THIS_PERIOD: Readonly<Record<LeaderboardPeriod, string>> = {
  get week() {
    return translate(messages, 'thisPeriod', { kind: 'week' });
  },
  get month() {
    return translate(messages, 'thisPeriod', { kind: 'month' });
  },
  get quarter() {
    return translate(messages, 'thisPeriod', { kind: 'quarter' });
  },
  get year() {
    return translate(messages, 'thisPeriod', { kind: 'year' });
  },
  get all() {
    return translate(messages, 'thisPeriod', { kind: 'all' });
  },
};

/** The period as the end of a sentence: "this month", "of all time". */
export function thisPeriodPhrase(kind: LeaderboardPeriod): string {
  return translate(messages, 'thisPeriodPhrase', { kind });
}

/**
 * The period before this one, as the end of a sentence: "last month" ("im Vormonat", "el mes pasado", "le mois
 * dernier"), as a rank's movement badge says it (components/boards).
 */
export function lastPeriodPhrase(kind: Exclude<LeaderboardPeriod, 'all'>): string {
  return translate(messages, 'lastPeriodPhrase', { kind });
}

/** The current period has no next one; `all` is always current. */
export function isCurrentPeriod(range: Pick<PeriodRange, 'kind' | 'next'>): boolean {
  return range.kind === 'all' || range.next === null;
}

// In the organisation's locale ("November 2026", "November 2026" in de-DE too, "novembre 2026" in fr-FR), made again
// only when it changes.
let periodFormats: { locale: string; month: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;
function formatsOf(locale: string) {
  if (periodFormats?.locale !== locale) {
    periodFormats = {
      locale,
      month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    };
  }
  return periodFormats;
}

/** A local calendar day as the server names it ("2026-11-16"), as numbers; undefined for anything else. */
function calendarParts(day: string | null): { year: number; month: number; day: number; date: Date } | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Noon UTC of that day: its name is the same in every time zone the formatters below could be given.
  return { year, month, day: date, date: new Date(Date.UTC(year, month - 1, date, 12)) };
}

/**
 * The period in words: "Week of 16 Nov 2026", "November 2026", "Q4 2026", "2026", "All time". Days are the
 * organisation's local days as the server sends them, never converted through the browser's time zone.
 */
export function periodWords(range: Pick<PeriodRange, 'kind' | 'start'>): string {
  if (range.kind === 'all') return PERIOD_NAMES.all;
  const start = calendarParts(range.start);
  if (!start) return THIS_PERIOD[range.kind];
  switch (range.kind) {
    case 'week':
      return translate(messages, 'weekOf', { day: formatsOf(orgLocale()).day.format(start.date) });
    case 'month':
      return formatsOf(orgLocale()).month.format(start.date);
    case 'quarter':
      return translate(messages, 'quarter', { quarter: Math.floor((start.month - 1) / 3) + 1, year: String(start.year) });
    case 'year':
      return String(start.year);
  }
}

/** The label of a figure of the period: "This Month" for the current one, else the period's words. */
export function periodFigureLabel(range: Pick<PeriodRange, 'kind' | 'start' | 'next'>): string {
  return isCurrentPeriod(range) ? THIS_PERIOD[range.kind] : periodWords(range);
}

/** The period in a sentence: "this month", "in October 2026", "in the week of 9 Nov 2026", "of all time". */
export function periodPhrase(range: Pick<PeriodRange, 'kind' | 'start' | 'next'>): string {
  return isCurrentPeriod(range) ? thisPeriodPhrase(range.kind) : pastPeriodPhrase(range);
}

/**
 * A period by its dates in a sentence, current or not: "in October 2026", "in the week of 9 Nov 2026", "in Q3 2026",
 * "in 2025"; "of all time" for all time.
 */
export function pastPeriodPhrase(range: Pick<PeriodRange, 'kind' | 'start'>): string {
  if (range.kind === 'all') return thisPeriodPhrase('all');
  const start = calendarParts(range.start);
  if (!start) return translate(messages, 'inPeriod', { period: THIS_PERIOD[range.kind] });
  switch (range.kind) {
    case 'week':
      return translate(messages, 'inWeek', { day: formatsOf(orgLocale()).day.format(start.date) });
    case 'month':
      return translate(messages, 'inMonth', { month: periodWords(range) });
    case 'quarter':
      return translate(messages, 'inQuarter', { quarter: periodWords(range) });
    case 'year':
      return translate(messages, 'inYear', { year: periodWords(range) });
  }
}
