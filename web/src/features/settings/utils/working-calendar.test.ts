import { HOLIDAYS_MAX as CONTRACT_HOLIDAYS_MAX, type OrganisationSettings } from '@contract/settings';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '../../../lib/day-field';
import {
  calendarChanges,
  describeWorkingDays,
  holidayProblem,
  HOLIDAYS_MAX,
  toggleWorkingDay,
  withHoliday,
} from './working-calendar';

const saved: OrganisationSettings = {
  orgName: 'TierTrack',
  currency: 'USD',
  locale: 'en-US',
  requireManagerTwoFactor: false,
  managersRecord: false,
  workingDays: [1, 2, 3, 4, 5],
  holidays: ['2026-12-25'],
  workStartMinute: 540,
  workEndMinute: 1080,
  updatedAt: null,
};

describe('the working calendar form', () => {
  it('keeps the same limit as the server', () => {
    expect(HOLIDAYS_MAX).toBe(CONTRACT_HOLIDAYS_MAX);
  });

  it('sends only the lists that changed', () => {
    expect(calendarChanges(saved, { workingDays: [1, 2, 3, 4, 5], holidays: ['2026-12-25'] })).toEqual({});
    expect(calendarChanges(saved, { workingDays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-25'] })).toEqual({ workingDays: [1, 2, 3, 4, 5, 6] });
    expect(calendarChanges(saved, { workingDays: [1, 2, 3, 4, 5], holidays: [] })).toEqual({ holidays: [] });
  });

  it('keeps the working days ascending, whatever the order they are ticked in', () => {
    expect(toggleWorkingDay([2, 5], 1, true)).toEqual([1, 2, 5]);
    expect(toggleWorkingDay([1, 2, 5], 2, false)).toEqual([1, 5]);
    expect(toggleWorkingDay([1], 1, true)).toEqual([1]);
  });

  it('adds a holiday in date order, refusing a partial date, a repeat and one over the limit', () => {
    expect(withHoliday(['2026-01-01', '2026-12-25'], '2026-05-01')).toEqual(['2026-01-01', '2026-05-01', '2026-12-25']);
    expect(holidayProblem([], '')).toBe('Enter a whole date: day, month and year.');
    expect(holidayProblem(['2026-12-25'], '2026-12-25')).toBe('Fri, Dec 25, 2026 is already a holiday.');
    const full = Array.from({ length: HOLIDAYS_MAX }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10));
    expect(holidayProblem(full, '2030-01-01')).toBe(`At most ${HOLIDAYS_MAX} holidays: remove a past one first.`);
    expect(holidayProblem(full.slice(1), '2030-01-01')).toBeUndefined();
  });

  it('names the weekday of a day, Monday 1 to Sunday 7', () => {
    expect(weekdayOf('2026-12-21')).toBe(1);
    expect(weekdayOf('2026-12-25')).toBe(5);
    expect(weekdayOf('2026-12-27')).toBe(7);
  });

  it('says the working days in words', () => {
    expect(describeWorkingDays([1, 2, 3, 4, 5])).toBe('Monday to Friday');
    expect(describeWorkingDays([1, 2, 3, 4, 5, 6, 7])).toBe('every day');
    expect(describeWorkingDays([1, 3, 5])).toBe('Monday, Wednesday and Friday');
    expect(describeWorkingDays([6, 7])).toBe('Saturday and Sunday');
    expect(describeWorkingDays([3])).toBe('Wednesday');
  });
});
