import { MAX_FUTURE_MS } from '../../contract/income-entries';
import { invalid } from './errors';

/** Back-dating is for corrections; nothing this tracker holds predates it (and local calendars need 4-digit years). */
const EARLIEST_ENTRY_DATE = new Date('2000-01-01T00:00:00Z');

/**
 * When an entry counts: the given instant, or now. A date the schema cannot judge alone (it needs the clock) is
 * refused here: not an instant, more than a day ahead, or before 2000.
 */
export function entryDate(iso: string | undefined, now: Date): Date {
  if (iso === undefined) return now;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw invalid('Date must be an ISO timestamp such as 2026-11-22T10:00:00Z', 'date');
  if (date.getTime() > now.getTime() + MAX_FUTURE_MS) throw invalid('Date cannot be more than 24 hours in the future', 'date');
  if (date < EARLIEST_ENTRY_DATE) throw invalid('Date cannot be before January 1, 2000', 'date');
  return date;
}
