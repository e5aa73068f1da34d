import type { OrganisationSettings, UpdateOrganisationSettingsInput } from '@contract/settings';
import { enterDayMessage, isCalendarDay } from '../../../lib/day-field';
import { formatCalendarDay, orgLocale } from '../../../lib/format';

// The working calendar's rules as the form applies them (docs/decisions/0073-goal-pacing.md): the same as the
// server's (contract/settings.ts), checked before sending.

/** Holidays kept at once (HOLIDAYS_MAX of contract/settings.ts, kept here: that module brings zod). */
export const HOLIDAYS_MAX = 200;

/** The ISO weekdays, Monday (1) to Sunday (7), as the form lists them. */
export const WEEKDAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 7, name: 'Sunday' },
] as const;

export const NO_WORKING_DAY = 'At least one working day is needed: tick the days the team works.';

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
  if (day.trim() === '') return 'Enter a whole date: day, month and year.';
  if (!isCalendarDay(day)) return `${enterDayMessage('the holiday', orgLocale())}.`;
  if (holidays.includes(day)) return `${formatCalendarDay(day)} is already a holiday.`;
  if (holidays.length >= HOLIDAYS_MAX) return `At most ${HOLIDAYS_MAX} holidays: remove a past one first.`;
  return undefined;
}

/** The holidays with `day` added, ascending (YYYY-MM-DD sorts as text). */
export const withHoliday = (holidays: readonly string[], day: string): string[] => [...holidays, day].sort();

/**
 * The working days in words: "Monday to Friday" for a run of three or more, "Monday, Wednesday and Friday" else,
 * "every day" for all seven.
 */
export function describeWorkingDays(days: readonly number[]): string {
  if (days.length === 7) return 'every day';
  const names = days.map((day) => WEEKDAYS[day - 1]!.name);
  const consecutive = days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  if (days.length >= 3 && consecutive) return `${names[0]} to ${names[names.length - 1]}`;
  return names.length <= 1 ? (names[0] ?? 'no day') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
