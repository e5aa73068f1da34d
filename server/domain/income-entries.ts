import { MAX_FUTURE_MS } from '../../contract/income-entries';
import { invalid } from './errors';

/** Back-dating is for corrections; nothing this tracker holds predates it (and local calendars need 4-digit years). */
export const EARLIEST_ENTRY_DATE = new Date('2000-01-01T00:00:00Z');

/**
 * The window an entry's date must lie in, for one entry and every row of an imported file alike: from January 1, 2000
 * to 24 hours after now. Returns what is wrong with the date as words that follow "is" or "cannot be", or undefined.
 */
export function entryDateOutsideWindow(date: Date, now: Date): string | undefined {
  if (date.getTime() > now.getTime() + MAX_FUTURE_MS) return 'more than 24 hours in the future';
  if (date < EARLIEST_ENTRY_DATE) return 'before January 1, 2000';
  return undefined;
}

/**
 * When an entry counts: the given instant, or now. A date the schema cannot judge alone (it needs the clock) is
 * refused here: not an instant, or outside the window.
 */
export function entryDate(iso: string | undefined, now: Date): Date {
  if (iso === undefined) return now;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw invalid('Date must be an ISO timestamp such as 2026-11-22T10:00:00Z', 'date');
  const outside = entryDateOutsideWindow(date, now);
  if (outside) throw invalid(`Date cannot be ${outside}`, 'date');
  return date;
}
