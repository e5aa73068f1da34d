/**
 * Calendar days written and read the organisation's way (docs/decisions/0088-date-fields.md): "28.11.2026" under
 * de-DE, "11/28/2026" under en-US, "28/11/2026" under en-GB, whatever the browser's language, which is all a native
 * date input follows. Days are the API's "YYYY-MM-DD" strings throughout and never pass through a time zone.
 */

export type DayPart = 'day' | 'month' | 'year';

export interface DayPattern {
  /** The order the locale writes a day's numbers in. */
  order: DayPart[];
  /** What goes between them: ".", "/", "-". */
  separator: string;
  /** A placeholder such as "dd.mm.yyyy" or "mm/dd/yyyy". */
  placeholder: string;
}

const patterns = new Map<string, DayPattern>();
/** The letters a placeholder names the parts with, in the locale's language (dd.mm.yyyy, TT.MM.JJJJ, jj/mm/aaaa). */
const PLACEHOLDER_PARTS: Record<string, Record<DayPart, string>> = {
  en: { day: 'dd', month: 'mm', year: 'yyyy' },
  de: { day: 'TT', month: 'MM', year: 'JJJJ' },
  es: { day: 'dd', month: 'mm', year: 'aaaa' },
  fr: { day: 'jj', month: 'mm', year: 'aaaa' },
};

/** How a locale writes a day in numbers, read from Intl once per locale. */
export function dayPattern(locale: string): DayPattern {
  const known = patterns.get(locale);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 10, 28));
  const order = parts.filter((part): part is Intl.DateTimeFormatPart & { type: DayPart } => part.type === 'day' || part.type === 'month' || part.type === 'year').map((part) => part.type);
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  const letters = PLACEHOLDER_PARTS[locale.split('-')[0]!.toLowerCase()] ?? PLACEHOLDER_PARTS.en!;
  const pattern: DayPattern =
    order.length === 3
      ? { order, separator, placeholder: order.map((part) => letters[part]).join(separator) }
      : { order: ['year', 'month', 'day'], separator: '-', placeholder: [letters.year, letters.month, letters.day].join('-') };
  patterns.set(locale, pattern);
  return pattern;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The year, month (1-12) and day of an API day, or undefined when it is not one that exists. */
export function dayNumbers(day: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DAY.exec(day);
  if (!match) return undefined;
  const numbers = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isoDay(numbers.year, numbers.month, numbers.day) === day ? numbers : undefined;
}

/** Whether a text is a day the API takes ("2026-11-28", one that exists). */
export function isCalendarDay(text: string): boolean {
  return dayNumbers(text) !== undefined;
}

/** The API day of a year, month (1-12) and day, or undefined when there is no such day (February 30). */
export function isoDay(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || year < 1 || year > 9999) return undefined;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An API day in the locale's numbers: "28.11.2026" (de-DE); anything that is not a day, unchanged. */
export function formatDayNumeric(day: string, locale: string): string {
  const numbers = dayNumbers(day);
  if (!numbers) return day;
  const { order, separator } = dayPattern(locale);
  const text: Record<DayPart, string> = { day: String(numbers.day).padStart(2, '0'), month: String(numbers.month).padStart(2, '0'), year: String(numbers.year) };
  return order.map((part) => text[part]).join(separator);
}

/**
 * The API day a person typed, read in the locale's order: "28.11.2026", "28/11/26", "28 11 2026" and "28112026" under
 * de-DE; "2026-11-28" under any locale. A two-digit year is in this century. Undefined when it is not a day.
 */
export function parseDayText(text: string, locale: string): string | undefined {
  const trimmed = text.trim();
  if (ISO_DAY.test(trimmed)) return dayNumbers(trimmed) ? trimmed : undefined;
  const { order } = dayPattern(locale);
  let groups = trimmed.split(/\D+/).filter(Boolean);
  if (groups.length === 1 && (groups[0]!.length === 8 || groups[0]!.length === 6)) {
    // Digits alone, in the locale's order: two for the day and the month, the rest for the year.
    const digits = groups[0]!;
    const yearLength = digits.length - 4;
    let at = 0;
    groups = order.map((part) => {
      const length = part === 'year' ? yearLength : 2;
      const group = digits.slice(at, at + length);
      at += length;
      return group;
    });
  }
  if (groups.length !== 3 || groups.some((group) => group.length > 4)) return undefined;
  const value: Record<DayPart, number> = { day: 0, month: 0, year: 0 };
  order.forEach((part, index) => {
    value[part] = Number(groups[index]);
  });
  const yearDigits = groups[order.indexOf('year')]!.length;
  if (yearDigits === 2) value.year += 2000;
  else if (yearDigits !== 4) return undefined;
  return isoDay(value.year, value.month, value.day);
}

/** The day a number of days after (or before) an API day. */
export function addDays(day: string, count: number): string {
  const numbers = dayNumbers(day);
  if (!numbers) return day;
  const date = new Date(Date.UTC(numbers.year, numbers.month - 1, numbers.day + count));
  return isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()) ?? day;
}

/** The same day of the month a number of months later (or earlier), or that month's last day when it is shorter. */
export function addMonths(day: string, count: number): string {
  const numbers = dayNumbers(day);
  if (!numbers) return day;
  const first = new Date(Date.UTC(numbers.year, numbers.month - 1 + count, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDay(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(numbers.day, lastOfMonth)) ?? day;
}

/** The weekday of an API day, 1 (Monday) to 7 (Sunday), as Intl.Locale numbers them. */
export function weekdayOf(day: string): number {
  const numbers = dayNumbers(day);
  if (!numbers) return 1;
  const weekday = new Date(Date.UTC(numbers.year, numbers.month - 1, numbers.day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
/** Regions whose weeks start on Sunday where Intl cannot say (the common ones). */
const SUNDAY_REGIONS = new Set(['US', 'CA', 'MX', 'BR', 'JP', 'IL', 'PH', 'KR', 'TW', 'HK', 'IN', 'ZA', 'AU', 'SA']);

/** The first day of the locale's week, 1 (Monday) to 7 (Sunday). */
export function firstDayOfWeek(locale: string): number {
  try {
    const value = new Intl.Locale(locale) as LocaleWithWeek;
    const info = value.getWeekInfo?.() ?? value.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay;
    const region = value.maximize().region;
    return region && SUNDAY_REGIONS.has(region) ? 7 : 1;
  } catch {
    return 1;
  }
}

/** The weeks of the month a day is in, each seven API days from the locale's first weekday, padded from the months around. */
export function monthWeeks(day: string, firstDay: number): string[][] {
  const numbers = dayNumbers(day);
  if (!numbers) return [];
  const first = isoDay(numbers.year, numbers.month, 1)!;
  const lead = (weekdayOf(first) - firstDay + 7) % 7;
  let cursor = addDays(first, -lead);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let index = 0; index < 7; index++) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  } while (dayNumbers(cursor)!.month === numbers.month);
  return weeks;
}

/**
 * A date filter's onChange: applies a whole day, or no filter when the field is emptied, and waits while the text
 * typed is not yet a day.
 */
export function applyDayFilter(apply: (day: string | undefined) => void): (value: string) => void {
  return (value) => {
    if (value === '') apply(undefined);
    else if (isCalendarDay(value)) apply(value);
  };
}
