import type { ImportDateReading } from '../../contract/imports';
import { entryDateOutsideWindow } from './income-entries';
import { isCalendarDate, startOfLocalDay } from './periods';

/**
 * Reading the days of an import file whose format nobody named (docs/decisions/0080-crm-import-files.md): ISO days as
 * they are; days written 01/02/2026 month or day first as the file's own dates show, else as the organisation's locale
 * writes them. A time after a day ("2026-11-03 14:22", HubSpot's and Pipedrive's exports) is read as that day.
 */

export type DayOrder = 'month-first' | 'day-first';

/** A time after the day, which is not kept: " 14:22", "T14:22:05", ", 2:22 PM". */
export const TIME_AFTER_DAY = String.raw`(?:(?:[T ]|, ?)\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:\s?[AaPp]\.?[Mm]\.?)?)?`;
/** An instant with its offset, read as that instant. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME_AFTER_DAY}$`);
const YEAR_LAST = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})${TIME_AFTER_DAY}$`);

/** A date cell taken apart: an instant, a year-first day, two numbers either of which may be the month, or neither. */
export type DateCell =
  | { kind: 'instant'; date: Date }
  | { kind: 'year-first'; year: number; month: number; day: number }
  | { kind: 'year-last'; first: number; second: number; year: number; separator: string }
  | { kind: 'unreadable' };

export function splitDateCell(text: string): DateCell {
  if (ISO_INSTANT.test(text)) return { kind: 'instant', date: new Date(text) };
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return { kind: 'year-first', year: Number(yearFirst[1]), month: Number(yearFirst[3]), day: Number(yearFirst[4]) };
  const yearLast = YEAR_LAST.exec(text);
  if (yearLast) return { kind: 'year-last', first: Number(yearLast[1]), second: Number(yearLast[3]), year: Number(yearLast[4]), separator: yearLast[2]! };
  return { kind: 'unreadable' };
}

/** What a day written with the year last shows of its order: a part above 12 cannot be the month. */
export function orderShown(cell: { first: number; second: number }): DayOrder | undefined {
  if (cell.first > 12 && cell.second <= 12) return 'day-first';
  if (cell.second > 12 && cell.first <= 12) return 'month-first';
  return undefined;
}

/** Whether a locale writes the month before the day (en-US: 1/15/2026) or after it (en-GB, de-DE: 15/01/2026). */
export function localeDayOrder(locale: string): DayOrder {
  try {
    const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(
      new Date(Date.UTC(2026, 0, 15)),
    );
    return parts.findIndex((part) => part.type === 'month') < parts.findIndex((part) => part.type === 'day') ? 'month-first' : 'day-first';
  } catch {
    return 'month-first';
  }
}

const formatOf = (order: DayOrder, separator: string) => (order === 'month-first' ? `MM${separator}DD${separator}YYYY` : `DD${separator}MM${separator}YYYY`);
const orderWords = (order: DayOrder) => (order === 'month-first' ? 'month first' : 'day first');

/** How the dates of a file are read when no format was named, and the row that showed it. */
export interface GuessedDates {
  /** How days written with the year last are read; null when the file has none. */
  order: DayOrder | null;
  /** The first row whose date shows the order read, when one does. */
  shownBy?: { row: number; text: string };
  reading: ImportDateReading;
}

/**
 * What the date cells of a file show of their order, gathered a cell at a time (the caller turns the event loop in
 * between: 100,000 cells at once held it for up to 150 ms). A first part above 12 shows day first, a second part above
 * 12 month first.
 */
export class DateOrderEvidence {
  private readonly shown: Record<DayOrder, { count: number; first?: { row: number; text: string } }> = { 'month-first': { count: 0 }, 'day-first': { count: 0 } };
  private ambiguous: { row: number; text: string } | undefined;
  private separator: string | undefined;

  add(row: number, text: string): void {
    const cell = splitDateCell(text);
    if (cell.kind !== 'year-last') return;
    this.separator ??= cell.separator;
    const order = orderShown(cell);
    if (order === undefined) {
      this.ambiguous ??= { row, text };
      return;
    }
    this.shown[order].count++;
    this.shown[order].first ??= { row, text };
  }

  /**
   * The order read: the one more rows show (the others are errors of their rows); when none shows either, or as many
   * one as the other, the locale's, and the report says it was assumed.
   */
  decide(locale: string): GuessedDates {
    const { shown, ambiguous } = this;
    const months = shown['month-first'].count;
    const days = shown['day-first'].count;
    if (months === 0 && days === 0 && ambiguous === undefined) {
      return { order: null, reading: { format: 'YYYY-MM-DD', how: 'iso', note: 'Dates are read year first (YYYY-MM-DD).' } };
    }
    const sep = this.separator ?? '/';
    if (months !== days) {
      const order: DayOrder = months > days ? 'month-first' : 'day-first';
      const first = shown[order].first!;
      const format = formatOf(order, sep);
      return { order, shownBy: first, reading: { format, how: 'file', note: `Dates are read ${orderWords(order)} (${format}): row ${first.row} has ${first.text}.` } };
    }
    const order = localeDayOrder(locale);
    const format = formatOf(order, sep);
    const example = ambiguous ?? shown[order].first!;
    return {
      order,
      shownBy: shown[order].first,
      reading: {
        format,
        how: 'locale',
        note:
          `Dates such as ${example.text} (row ${example.row}) could be month or day first: read ${orderWords(order)} (${format}), ` +
          `as the organisation's locale (${locale}) writes them. Choose the date format if that is wrong.`,
      },
    };
  }
}

/** The order of a file's dates from all its date cells at once (DateOrderEvidence). */
export function guessDates(cells: Iterable<{ row: number; text: string }>, locale: string): GuessedDates {
  const evidence = new DateOrderEvidence();
  for (const { row, text } of cells) evidence.add(row, text);
  return evidence.decide(locale);
}

/** A date cell of a file read as `guessDates` decided (a day starts at midnight in `timeZone`). */
export function readGuessedDate(cell: string, guessed: GuessedDates, timeZone: string, now: Date): { date: Date } | { error: string } {
  const text = cell.trim();
  if (text === '') return { error: 'Date is empty' };
  const parts = splitDateCell(text);
  let date: Date;
  if (parts.kind === 'unreadable') return { error: `Date "${text}" is not a day this import reads: write 2026-11-23, 11/23/2026 or 23/11/2026` };
  if (parts.kind === 'instant') {
    date = parts.date;
    if (Number.isNaN(date.getTime())) return { error: `Date "${text}" does not exist` };
  } else {
    let year: number, month: number, day: number, format: string;
    if (parts.kind === 'year-first') {
      ({ year, month, day } = parts);
      format = 'YYYY-MM-DD';
    } else {
      const order = guessed.order ?? 'month-first';
      const own = orderShown(parts);
      if (own !== undefined && own !== order) {
        const other = guessed.shownBy ? ` (row ${guessed.shownBy.row} has ${guessed.shownBy.text})` : '';
        return { error: `Date "${text}" can only be ${orderWords(own)}, but this file's dates are read ${orderWords(order)}${other}: write every date the same way` };
      }
      year = parts.year;
      [month, day] = order === 'month-first' ? [parts.first, parts.second] : [parts.second, parts.first];
      format = formatOf(order, parts.separator);
    }
    if (!isCalendarDate(year, month, day)) return { error: `Date "${text}" does not exist (read as ${format})` };
    date = startOfLocalDay(year, month, day, timeZone);
  }
  const outside = entryDateOutsideWindow(date, now);
  return outside ? { error: `Date "${text}" is ${outside}` } : { date };
}
