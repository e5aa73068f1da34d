const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then the date ("Nov 22"); a time ahead of `now` is "just now". */
export function formatRelativeTime(value: string | Date, now: number): string {
  const elapsed = now - (typeof value === 'string' ? Date.parse(value) : value.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return shortDate.format(new Date(now - elapsed));
}
