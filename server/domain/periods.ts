/**
 * Calendar periods in the organisation's time zone. A period is named by the local date it starts on
 * ("YYYY-MM-DD"): weeks start on Monday, months and years are calendar ones.
 */
export interface PeriodStarts {
  week: string;
  month: string;
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
    year: `${year}-01-01`,
  };
}
