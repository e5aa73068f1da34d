import { describe, expect, it } from 'vitest';
import { periodStartsOf } from './periods';

describe('periodStartsOf', () => {
  it('starts weeks on Monday and months and years on the first', () => {
    // Wednesday 2026-11-18 12:00 UTC
    expect(periodStartsOf(new Date('2026-11-18T12:00:00Z'), 'UTC')).toEqual({
      week: '2026-11-16',
      month: '2026-11-01',
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
      year: '2026-01-01',
    });
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
