import { formatMonthDay } from '../../../lib/format';

// The words are the app's language (English); a date written as a date follows the organisation's locale.
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then the date ("Nov 22" in en-US); a time ahead of `now` is "just now". */
export function formatRelativeTime(value: string | Date, now: number): string {
  const elapsed = now - (typeof value === 'string' ? Date.parse(value) : value.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return formatMonthDay(new Date(now - elapsed));
}
