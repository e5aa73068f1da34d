import { MAX_FUTURE_MS, type EntryDates } from '../../contract/income-entries';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';
import { localDay, startOfLocalDay } from './periods';

/** Back-dating is for corrections; nothing this tracker holds predates it (and local calendars need 4-digit years). */
export const EARLIEST_ENTRY_DATE = new Date('2000-01-01T00:00:00Z');

const TOO_FAR_AHEAD = 'more than 24 hours in the future';
const TOO_EARLY = 'before January 1, 2000';

/**
 * The window an entry's date must lie in, for one entry and every row of an imported file alike: from January 1, 2000
 * to 24 hours after now. Returns what is wrong with the date as words that follow "is" or "cannot be", or undefined.
 */
export function entryDateOutsideWindow(date: Date, now: Date): string | undefined {
  if (date.getTime() > now.getTime() + MAX_FUTURE_MS) return TOO_FAR_AHEAD;
  if (date < EARLIEST_ENTRY_DATE) return TOO_EARLY;
  return undefined;
}

/**
 * When an entry counts: the given instant, or now. A date the schema cannot judge alone (it needs the clock) is
 * refused here: not an instant, or outside the window.
 */
export function entryDate(iso: string | undefined, now: Date): Date {
  if (iso === undefined) return now;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw invalid(text(messages, 'dateIsoTimestamp'), 'date');
  const outside = entryDateOutsideWindow(date, now);
  if (outside) throw invalid(outside === TOO_FAR_AHEAD ? text(messages, 'dateTooFarAhead') : text(messages, 'dateTooEarly'), 'date');
  return date;
}

/**
 * When an entry given by its day counts (the Add Income Entry form's deal date, in the organisation's time zone):
 * today is now, so that the day's entries keep the order they were recorded in; an earlier day twelve hours after its
 * midnight (its noon, an hour either way on a day the clocks change: never another day). A later day is refused.
 */
export function entryDateOfDay(day: string, now: Date, timeZone: string): Date {
  const today = localDay(now, timeZone);
  if (day > today) throw invalid(text(messages, 'dealDateAfterToday'), 'day');
  if (day === today) return now;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const noon = new Date(startOfLocalDay(year, month, date, timeZone).getTime() + 12 * 3_600_000);
  if (noon < EARLIEST_ENTRY_DATE) throw invalid(text(messages, 'dealDateTooEarly'), 'day');
  return noon;
}

/**
 * How the lists write an entry's dates (docs/decisions/0085-entry-dates-in-lists.md), in the organisation's time zone:
 * the deal's day, the day it was recorded, and whether the deal's time of day is worth showing. It is only when the
 * entry was recorded on its deal day (then its date is the moment it was recorded, or a time given with it) and the
 * date is not a bare day: a CSV day cell starts at midnight, which a list would show as a meaningless "0:00".
 */
export function entryDatesOf(entry: { date: Date; createdAt: Date }, timeZone: string): EntryDates {
  const dealDay = localDay(entry.date, timeZone);
  const recordedDay = localDay(entry.createdAt, timeZone);
  const [year, month, day] = dealDay.split('-').map(Number) as [number, number, number];
  const bareDay = startOfLocalDay(year, month, day, timeZone).getTime() === entry.date.getTime();
  return { dealDay, recordedDay, dealHasTime: dealDay === recordedDay && !bareDay };
}

/** An entry as the API gives it (ISO dates), with the dates its lists write (entryDatesOf). */
export function withEntryDates<T extends { date: string; createdAt: string }>(entry: T, timeZone: string): T & EntryDates {
  return { ...entry, ...entryDatesOf({ date: new Date(entry.date), createdAt: new Date(entry.createdAt) }, timeZone) };
}
