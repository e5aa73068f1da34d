import { describe, expect, it } from 'vitest';
import { isCalendarDate, lastPeriodStarts, nextPeriodStart, periodRangeOf, periodStartOfDay, periodStartsOf, previousPeriodStart, startOfLocalDay } from './periods';

describe('periodStartsOf', () => {
  it('starts weeks on Monday and months and years on the first', () => {
    // Wednesday 2026-11-18 12:00 UTC
    expect(periodStartsOf(new Date('2026-11-18T12:00:00Z'), 'UTC')).toEqual({
      week: '2026-11-16',
      month: '2026-11-01',
      quarter: '2026-10-01',
      year: '2026-01-01',
    });
  });

  it('counts Sunday in the week that began the Monday before', () => {
    expect(periodStartsOf(new Date('2026-11-22T23:59:59Z'), 'UTC').week).toBe('2026-11-16');
    expect(periodStartsOf(new Date('2026-11-23T00:00:00Z'), 'UTC').week).toBe('2026-11-23');
  });

  it('crosses month and year edges for weeks', () => {
    // Thursday 2026-01-01: the week began Monday 2025-12-29.
    expect(periodStartsOf(new Date('2026-01-01T10:00:00Z'), 'UTC')).toEqual({
      week: '2025-12-29',
      month: '2026-01-01',
      quarter: '2026-01-01',
      year: '2026-01-01',
    });
  });

  it('starts quarters on the first of January, April, July and October, in the local calendar', () => {
    const quarterOf = (iso: string, zone = 'UTC') => periodStartsOf(new Date(iso), zone).quarter;
    expect(quarterOf('2026-03-31T23:59:59Z')).toBe('2026-01-01');
    expect(quarterOf('2026-04-01T00:00:00Z')).toBe('2026-04-01');
    expect(quarterOf('2026-08-15T12:00:00Z')).toBe('2026-07-01');
    expect(quarterOf('2026-12-31T12:00:00Z')).toBe('2026-10-01');
    // 2026-06-30 23:30 UTC is already 1 July in Berlin: the third quarter there.
    expect(quarterOf('2026-06-30T23:30:00Z', 'Europe/Berlin')).toBe('2026-07-01');
    expect(quarterOf('2026-06-30T23:30:00Z')).toBe('2026-04-01');
  });

  it('uses the organisation time zone, not UTC', () => {
    // 2026-03-31 23:30 UTC is already 2026-04-01 01:30 in Berlin (CEST, UTC+2).
    const instant = new Date('2026-03-31T23:30:00Z');
    expect(periodStartsOf(instant, 'UTC').month).toBe('2026-03-01');
    expect(periodStartsOf(instant, 'Europe/Berlin').month).toBe('2026-04-01');
    // 2027-01-01 03:00 UTC is still 2026-12-31 in New York.
    const newYear = new Date('2027-01-01T03:00:00Z');
    expect(periodStartsOf(newYear, 'America/New_York').year).toBe('2026-01-01');
    expect(periodStartsOf(newYear, 'UTC').year).toBe('2027-01-01');
  });

  it('handles Sunday night before a Monday in a zone east of UTC', () => {
    // Sunday 2026-11-22 23:30 UTC is Monday 2026-11-23 08:30 in Tokyo.
    expect(periodStartsOf(new Date('2026-11-22T23:30:00Z'), 'Asia/Tokyo').week).toBe('2026-11-23');
  });
});

describe('period ranges', () => {
  it('finds the period of a day, its end, the previous one and the next one unless it is current', () => {
    // Wednesday 2026-11-25.
    expect(periodRangeOf('week', '2026-11-25')).toEqual({ kind: 'week', start: '2026-11-23', end: '2026-11-30', previous: '2026-11-16', next: null });
    expect(periodRangeOf('week', '2026-11-25', '2026-11-22')).toEqual({
      kind: 'week',
      start: '2026-11-16',
      end: '2026-11-23',
      previous: '2026-11-09',
      next: '2026-11-23',
    });
    expect(periodRangeOf('month', '2026-11-25', '2026-03-31')).toMatchObject({ start: '2026-03-01', end: '2026-04-01', previous: '2026-02-01', next: '2026-04-01' });
    expect(periodRangeOf('quarter', '2026-11-25', '2026-01-15')).toMatchObject({ start: '2026-01-01', end: '2026-04-01', previous: '2025-10-01' });
    expect(periodRangeOf('quarter', '2026-11-25')).toMatchObject({ start: '2026-10-01', next: null });
    expect(periodRangeOf('year', '2026-11-25', '2024-02-29')).toMatchObject({ start: '2024-01-01', end: '2025-01-01', previous: '2023-01-01', next: '2025-01-01' });
  });

  it('starts a week on Monday across month and year edges (Sunday belongs to the week before)', () => {
    expect(periodStartOfDay('week', '2026-01-01')).toBe('2025-12-29');
    expect(periodStartOfDay('week', '2026-11-22')).toBe('2026-11-16');
    expect(periodStartOfDay('week', '2026-11-23')).toBe('2026-11-23');
  });

  it('lists the last periods oldest first, across a year', () => {
    expect(lastPeriodStarts('month', '2026-02-10', 4)).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(lastPeriodStarts('week', '2026-01-01', 2)).toEqual(['2025-12-22', '2025-12-29']);
    expect(lastPeriodStarts('month', '2026-03-31', 1)).toEqual(['2026-03-01']);
  });

  it('moves a month from the 31st to the end of the next month without skipping it', () => {
    // Period starts are always the 1st, so months never overflow: the month after 2026-01-01 is February.
    expect(nextPeriodStart('month', '2026-01-01')).toBe('2026-02-01');
    expect(previousPeriodStart('month', '2026-03-01')).toBe('2026-02-01');
  });
});

describe('isCalendarDate', () => {
  it('knows which days the calendar has', () => {
    expect(isCalendarDate(2026, 2, 28)).toBe(true);
    expect(isCalendarDate(2024, 2, 29)).toBe(true);
    expect(isCalendarDate(2026, 2, 29)).toBe(false);
    expect(isCalendarDate(2026, 4, 31)).toBe(false);
    expect(isCalendarDate(2026, 13, 1)).toBe(false);
  });
});

describe('startOfLocalDay', () => {
  it('is midnight in the zone, on either side of a change of offset', () => {
    expect(startOfLocalDay(2026, 1, 15, 'UTC').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(startOfLocalDay(2026, 1, 15, 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfLocalDay(2026, 7, 15, 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // New York moves its clocks on 2026-03-08 at 02:00: that day starts at the winter offset, the next at the summer one.
    expect(startOfLocalDay(2026, 3, 8, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay(2026, 3, 9, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay(2026, 1, 15, 'Asia/Kolkata').toISOString()).toBe('2026-01-14T18:30:00.000Z');
  });
});
