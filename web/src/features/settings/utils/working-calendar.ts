import type { OrganisationSettings, UpdateOrganisationSettingsInput } from '@contract/settings';
import { dayPattern, isCalendarDay } from '../../../lib/day-field';
import { formatCalendarDay, orgLocale } from '../../../lib/format';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The working calendar's rules as the form applies them (docs/decisions/0073-goal-pacing.md): the same as the
// server's (contract/settings.ts), checked before sending.

/** Holidays kept at once (HOLIDAYS_MAX of contract/settings.ts, kept here: that module brings zod). */
export const HOLIDAYS_MAX = 200;

/** The ISO weekdays, Monday (1) to Sunday (7), as the form lists them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * An ISO weekday's name in the language shown, as a sentence has it ("Monday", "Montag", "lundi"): Intl's, as dates
 * are (1 January 2024 was a Monday).
 */
export function weekdayName(day: number): string {
  return new Intl.DateTimeFormat(orgLocale(), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
}

/** The weekday's name as a label on its own, with a capital ("Lundi"). */
export function weekdayLabel(day: number): string {
  const name = weekdayName(day);
  return name.charAt(0).toLocaleUpperCase(orgLocale()) + name.slice(1);
}

/** Why the working days cannot be saved: none is ticked. */
export const noWorkingDayMessage = () => translate(messages, 'noWorkingDay');

export interface WorkingCalendar {
  /** ISO weekdays, ascending. */
  workingDays: number[];
  /** YYYY-MM-DD, ascending. */
  holidays: string[];
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** What Save sends: only the lists that differ from what is saved (both are kept sorted, as the server keeps them). */
export function calendarChanges(saved: OrganisationSettings, form: WorkingCalendar): UpdateOrganisationSettingsInput {
  return {
    ...(sameList(form.workingDays, saved.workingDays) ? {} : { workingDays: form.workingDays }),
    ...(sameList(form.holidays, saved.holidays) ? {} : { holidays: form.holidays }),
  };
}

/** The working days with `day` ticked or unticked, ascending. */
export function toggleWorkingDay(days: readonly number[], day: number, on: boolean): number[] {
  const rest = days.filter((one) => one !== day);
  return (on ? [...rest, day] : rest).sort((a, b) => a - b);
}

/** Why `day` (a date input's value) cannot be added to the holidays, or undefined when it can. */
export function holidayProblem(holidays: readonly string[], day: string): string | undefined {
  if (day.trim() === '') return translate(messages, 'enterWholeDate');
  if (!isCalendarDay(day)) return translate(messages, 'enterHolidayAs', { pattern: dayPattern(orgLocale()).placeholder });
  if (holidays.includes(day)) return translate(messages, 'alreadyHoliday', { day: formatCalendarDay(day) });
  if (holidays.length >= HOLIDAYS_MAX) return translate(messages, 'tooManyHolidays', { max: HOLIDAYS_MAX });
  return undefined;
}

/** The holidays with `day` added, ascending (YYYY-MM-DD sorts as text). */
export const withHoliday = (holidays: readonly string[], day: string): string[] => [...holidays, day].sort();

/**
 * The working days in words: "Monday to Friday" for a run of three or more, "Monday, Wednesday and Friday" else,
 * "every day" for all seven.
 */
export function describeWorkingDays(days: readonly number[]): string {
  if (days.length === 7) return translate(messages, 'everyDay');
  const names = days.map(weekdayName);
  const consecutive = days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  if (days.length >= 3 && consecutive) return translate(messages, 'dayRange', { first: names[0], last: names[names.length - 1] });
  if (names.length <= 1) return names[0] ?? translate(messages, 'noDay');
  return translate(messages, 'dayList', { rest: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}
