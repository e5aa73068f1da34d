import { describe, expect, it } from 'vitest';
import { badgeDescription, periodBefore, periodsInARow, workingDayStreak } from './badges';
import type { WorkingCalendar } from './pacing';

// Monday to Friday, with Wednesday 2026-11-25 a holiday.
const calendar: WorkingCalendar = { workingDays: new Set([1, 2, 3, 4, 5]), holidays: new Set(['2026-11-25']) };

describe('workingDayStreak', () => {
  it('counts working days in a row through the day, stepping over weekends and holidays', () => {
    // Thu 19, Fri 20, (weekend), Mon 23, Tue 24, (holiday Wed 25), Thu 26.
    const active = new Set(['2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24', '2026-11-26']);
    expect(workingDayStreak(active, '2026-11-26', '2026-11-26', calendar)).toBe(5);
    expect(workingDayStreak(active, '2026-11-23', '2026-11-26', calendar)).toBe(5);
  });

  it('breaks at a working day without activity, and does not look past today', () => {
    const active = new Set(['2026-11-17', '2026-11-19', '2026-11-20', '2026-11-23']);
    expect(workingDayStreak(active, '2026-11-20', '2026-11-23', calendar)).toBe(3);
    expect(workingDayStreak(active, '2026-11-20', '2026-11-20', calendar)).toBe(2);
  });

  it('gives nothing for a day that is not worked or has no activity', () => {
    expect(workingDayStreak(new Set(['2026-11-21']), '2026-11-21', '2026-11-23', calendar)).toBe(0);
    expect(workingDayStreak(new Set(), '2026-11-20', '2026-11-23', calendar)).toBe(0);
  });
});

describe('periodsInARow', () => {
  it('counts the periods reached in a row ending with this one', () => {
    expect(periodsInARow(new Set(['2026-11-02', '2026-11-09', '2026-11-16']), 'week', '2026-11-16')).toBe(3);
    expect(periodsInARow(new Set(['2026-10-26', '2026-11-09', '2026-11-16']), 'week', '2026-11-16')).toBe(2);
    expect(periodsInARow(new Set(['2026-09-01', '2026-10-01', '2026-11-01']), 'month', '2026-11-01')).toBe(3);
    expect(periodsInARow(new Set(['2026-04-01', '2026-07-01', '2026-10-01']), 'quarter', '2026-10-01')).toBe(3);
    expect(periodsInARow(new Set(['2026-10-01']), 'month', '2026-11-01')).toBe(0);
  });

  it('steps back a period across a year', () => {
    expect(periodBefore('month', '2027-01-01')).toBe('2026-12-01');
    expect(periodBefore('quarter', '2027-01-01')).toBe('2026-10-01');
    expect(periodBefore('week', '2027-01-04')).toBe('2026-12-28');
  });
});

describe('badgeDescription', () => {
  it('uses the owner’s words, else the kind’s with its settings', () => {
    expect(badgeDescription('goal_streak', { count: 3 }, 'Hat trick')).toBe('Hat trick');
    expect(badgeDescription('activity_streak', { count: 5, metric: 'calls' }, null, { metricName: 'Calls' })).toBe('Calls on 5 working days in a row');
    expect(badgeDescription('contest_podium', {}, null)).toBe('A top-3 place in a contest');
    expect(badgeDescription('contest_podium', { places: 1 }, null)).toBe('First place in a contest');
    expect(badgeDescription('tier_reached', { tierId: 3 }, null, { tierName: 'Gold' })).toBe('The Gold tier reached');
    expect(badgeDescription('first_entry', {}, null)).toBe('A first sale recorded');
  });
});
