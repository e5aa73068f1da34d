import { describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR, isWorkingDay, progressOf, workingDaysBetween, WorkingSpans, type IsoWeekday, type WorkingCalendar } from './pacing';
import { shiftDay } from './periods';

// November 2026: Sunday the 1st; Mondays on the 2nd, 9th, 16th, 23rd and 30th; 21 weekdays.
const week = (actual: bigint, today: string, target = 50_00n) => progressOf({ actual, target, kind: 'week', start: '2026-11-16', today });

describe('working days', () => {
  it('gives the same progress from spans worked out once per period as from the calendar', () => {
    const calendar: WorkingCalendar = { workingDays: new Set([1, 2, 3, 4, 6]), holidays: new Set(['2026-11-26', '2026-12-24']) };
    const spans = new WorkingSpans(calendar);
    for (const [kind, start] of [
      ['week', '2026-11-23'],
      ['month', '2026-11-01'],
      ['quarter', '2026-10-01'],
    ] as const) {
      for (const today of ['2026-09-30', '2026-11-01', '2026-11-25', '2026-11-28', '2026-12-31', '2027-01-02']) {
        const input = { actual: 1234_00n, target: 5000_00n, kind, start, today };
        expect(progressOf(input, spans), `${kind} ${start} on ${today}`).toEqual(progressOf(input, calendar));
        expect(spans.of(kind, start, today)).toBe(spans.of(kind, start, today));
      }
    }
    expect(spans.of('month', '2026-11-01', '2026-11-28').lastDay).toBe('2026-11-30');
  });

  it('counts as a walk through every day would, for any weekdays, holidays and range', () => {
    let state = 20261128;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const walked = (from: string, to: string, calendar: WorkingCalendar) => {
      let count = 0;
      for (let day = from; day < to; day = shiftDay(day, { days: 1 })) if (isWorkingDay(day, calendar)) count++;
      return count;
    };
    for (let round = 0; round < 500; round++) {
      const workingDays = new Set(([1, 2, 3, 4, 5, 6, 7] as const).filter(() => random() < 0.6)) as Set<IsoWeekday>;
      // From 1969 (before day 0 of the count) to 2031, across years and leap days.
      const from = shiftDay('1969-12-01', { days: Math.floor(random() * 22_000) });
      const to = shiftDay(from, { days: Math.floor(random() * 120) - 5 });
      const holidays = new Set(Array.from({ length: Math.floor(random() * 6) }, () => shiftDay(from, { days: Math.floor(random() * 130) - 5 })));
      const calendar = { workingDays, holidays };
      expect(workingDaysBetween(from, to, calendar), `${from} to ${to}, ${[...workingDays]}, ${[...holidays]}`).toBe(walked(from, to, calendar));
    }
  });

  it('counts the calendar’s weekdays less its holidays, end excluded', () => {
    expect(workingDaysBetween('2026-11-01', '2026-12-01', DEFAULT_CALENDAR)).toBe(21);
    expect(workingDaysBetween('2026-11-16', '2026-11-23', DEFAULT_CALENDAR)).toBe(5);
    expect(workingDaysBetween('2026-11-23', '2026-11-16', DEFAULT_CALENDAR)).toBe(0);
    const calendar: WorkingCalendar = { workingDays: new Set([1, 2, 3, 4, 5, 6]), holidays: new Set(['2026-11-26']) };
    expect(workingDaysBetween('2026-11-23', '2026-11-30', calendar)).toBe(5);
    expect(isWorkingDay('2026-11-28', calendar)).toBe(true);
    expect(isWorkingDay('2026-11-26', calendar)).toBe(false);
    expect(isWorkingDay('2026-11-29', calendar)).toBe(false);
  });
});

describe('progress against a goal', () => {
  it('expects nothing on the first working day, so a Monday is not behind', () => {
    const monday = week(0n, '2026-11-16');
    expect(monday).toMatchObject({ expectedByNow: 0n, pace: 'on_track', percent: 0, workingDays: { total: 5, elapsed: 0, left: 5 } });
    expect(week(3_00n, '2026-11-16').pace).toBe('ahead');
  });

  it('expects the target’s share of the working days gone by, and judges behind below 90% of it and ahead from 110%', () => {
    // Thursday: Monday to Wednesday are done, 3 of 5: 30.00 of 50.00 expected.
    expect(week(30_00n, '2026-11-19')).toMatchObject({ expectedByNow: 30_00n, pace: 'on_track', percent: 60 });
    expect(week(27_00n, '2026-11-19').pace).toBe('on_track');
    expect(week(26_99n, '2026-11-19').pace).toBe('behind');
    expect(week(33_00n, '2026-11-19').pace).toBe('ahead');
    expect(week(32_99n, '2026-11-19').pace).toBe('on_track');
  });

  it('does not count the weekend: Saturday and the next Monday expect the same', () => {
    const saturday = week(40_00n, '2026-11-21');
    const sunday = week(40_00n, '2026-11-22');
    expect(saturday.expectedByNow).toBe(50_00n);
    expect(sunday).toEqual(saturday);
    expect(saturday.pace).toBe('behind');
  });

  it('skips holidays, and projects to the period’s end at the pace of the working days so far', () => {
    const calendar: WorkingCalendar = { workingDays: DEFAULT_CALENDAR.workingDays, holidays: new Set(['2026-11-26', '2026-11-27']) };
    // The month: 21 weekdays less 2 holidays = 19. On Monday the 30th, 18 are done.
    const month = progressOf({ actual: 90_00n, target: 100_00n, kind: 'month', start: '2026-11-01', today: '2026-11-30' }, calendar);
    expect(month.workingDays).toEqual({ total: 19, elapsed: 18, left: 1 });
    expect(month.expectedByNow).toBe(94_74n);
    expect(month.projected).toBe(95_00n);
    expect(month.perWorkingDayLeft).toBe(10_00n);
    expect(month.pace).toBe('on_track');
  });

  it('asks nothing more once the target is reached, and everything left on the last day', () => {
    expect(week(55_00n, '2026-11-19')).toMatchObject({ percent: 110, perWorkingDayLeft: 0n, pace: 'ahead' });
    expect(week(45_00n, '2026-11-20')).toMatchObject({ perWorkingDayLeft: 5_00n, workingDays: { total: 5, elapsed: 4, left: 1 } });
    // After the period: everything was expected and nothing is left to do.
    expect(week(45_00n, '2026-11-30')).toMatchObject({ expectedByNow: 50_00n, perWorkingDayLeft: 5_00n, pace: 'on_track', workingDays: { left: 0 } });
  });

  it('keeps hundredths exact for money far beyond what a float holds', () => {
    const big = progressOf({ actual: 3_000_000_000_000_01n, target: 9_000_000_000_000_03n, kind: 'week', start: '2026-11-16', today: '2026-11-19' });
    expect(big.expectedByNow).toBe(5_400_000_000_000_02n);
    expect(big.projected).toBe(5_000_000_000_000_02n);
    expect(big.percent).toBe(33);
  });
});
