import { describe, expect, it } from 'vitest';
import { parseImportDate } from './entry-import';
import { AppError } from './errors';
import { entryDate, entryDateOfDay, entryDateOutsideWindow, entryDatesOf } from './income-entries';

const now = new Date('2026-11-22T10:00:00Z');

describe('entryDateOutsideWindow', () => {
  it('takes January 1, 2000 up to 24 hours after now', () => {
    expect(entryDateOutsideWindow(new Date('2000-01-01T00:00:00Z'), now)).toBeUndefined();
    expect(entryDateOutsideWindow(new Date('2026-11-23T10:00:00Z'), now)).toBeUndefined();
    expect(entryDateOutsideWindow(new Date('2026-11-23T10:00:00.001Z'), now)).toBe('more than 24 hours in the future');
    expect(entryDateOutsideWindow(new Date('1999-12-31T23:59:59.999Z'), now)).toBe('before January 1, 2000');
  });
});

describe('one window for an entry and an imported row', () => {
  const refusal = (iso: string) => {
    try {
      entryDate(iso, now);
      return undefined;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.message;
    }
  };

  it('refuses the same dates with the same reasons', () => {
    expect(refusal('2026-11-23T10:00:01Z')).toBe('Date cannot be more than 24 hours in the future');
    expect(parseImportDate('2026-11-23T10:00:01Z', 'YYYY-MM-DD', 'UTC', now)).toEqual({ error: 'Date "2026-11-23T10:00:01Z" is more than 24 hours in the future' });
    expect(refusal('1999-12-31T23:59:59Z')).toBe('Date cannot be before January 1, 2000');
    expect(parseImportDate('31.12.1999', 'DD.MM.YYYY', 'UTC', now)).toEqual({ error: 'Date "31.12.1999" is before January 1, 2000' });
    expect(refusal('2026-11-23T10:00:00Z')).toBeUndefined();
    expect(parseImportDate('23/11/2026', 'DD/MM/YYYY', 'UTC', now)).toEqual({ date: new Date('2026-11-23T00:00:00Z') });
  });

  it('reads a day of the file as the start of that day in the time zone, and refuses days the calendar lacks', () => {
    expect(parseImportDate('2026-07-15', 'YYYY-MM-DD', 'America/New_York', now)).toEqual({ date: new Date('2026-07-15T04:00:00Z') });
    expect(parseImportDate('02/30/2026', 'MM/DD/YYYY', 'UTC', now)).toEqual({ error: 'Date "02/30/2026" does not exist (read as MM/DD/YYYY)' });
  });
});

describe('entryDateOfDay', () => {
  const refused = (day: string, at: Date, timeZone: string) => {
    try {
      entryDateOfDay(day, at, timeZone);
    } catch (error) {
      return error instanceof AppError ? error.message : String(error);
    }
    return undefined;
  };

  it('takes today as now and an earlier day at its noon, in the organisation’s time zone', () => {
    expect(entryDateOfDay('2026-11-22', now, 'UTC')).toEqual(now);
    expect(entryDateOfDay('2026-11-21', now, 'UTC')).toEqual(new Date('2026-11-21T12:00:00Z'));
    // 10:00 UTC is 19:00 in Tokyo and 05:00 in New York: the same day, noon local.
    expect(entryDateOfDay('2026-11-20', now, 'Asia/Tokyo')).toEqual(new Date('2026-11-20T03:00:00Z'));
    expect(entryDateOfDay('2026-11-20', now, 'America/New_York')).toEqual(new Date('2026-11-20T17:00:00Z'));
    // Late evening in Honolulu is already the next day in UTC: its today is the 21st there.
    const lateInHonolulu = new Date('2026-11-22T08:00:00Z');
    expect(entryDateOfDay('2026-11-21', lateInHonolulu, 'Pacific/Honolulu')).toEqual(lateInHonolulu);
    // A day the clocks change keeps its date.
    expect(entryDateOfDay('2026-03-29', now, 'Europe/Berlin').toISOString().slice(0, 10)).toBe('2026-03-29');
  });

  it('refuses a day after today and before 2000', () => {
    expect(refused('2026-11-23', now, 'UTC')).toBe('The deal date cannot be after today');
    expect(refused('2026-11-23', now, 'Asia/Tokyo')).toBe('The deal date cannot be after today');
    expect(refused('1999-12-31', now, 'UTC')).toBe('The deal date cannot be before January 1, 2000');
    expect(refused('2000-01-01', now, 'UTC')).toBeUndefined();
  });
});

describe('entryDatesOf: the dates a list writes', () => {
  const zone = 'America/New_York';
  it('shows the time of an entry recorded at its deal date', () => {
    const at = new Date('2026-11-22T15:04:00Z');
    expect(entryDatesOf({ date: at, createdAt: at }, zone)).toEqual({ dealDay: '2026-11-22', recordedDay: '2026-11-22', dealHasTime: true });
  });
  it('shows the day alone of a back-dated entry, whatever its time', () => {
    const dates = entryDatesOf({ date: new Date('2026-11-01T17:00:00Z'), createdAt: new Date('2026-11-22T15:04:00Z') }, zone);
    expect(dates).toEqual({ dealDay: '2026-11-01', recordedDay: '2026-11-22', dealHasTime: false });
  });
  it('shows no "0:00" for a bare day recorded on that day (a CSV day cell starts at local midnight)', () => {
    const midnight = new Date('2026-11-22T05:00:00Z'); // 00:00 in New York
    expect(entryDatesOf({ date: midnight, createdAt: new Date('2026-11-22T15:04:00Z') }, zone)).toEqual({
      dealDay: '2026-11-22',
      recordedDay: '2026-11-22',
      dealHasTime: false,
    });
    // A minute past midnight is a time someone gave.
    expect(entryDatesOf({ date: new Date('2026-11-22T05:01:00Z'), createdAt: new Date('2026-11-22T15:04:00Z') }, zone).dealHasTime).toBe(true);
  });
  it('reads the days in the organisation time zone, not UTC', () => {
    // 02:00 UTC on Nov 22 is still Nov 21 in New York.
    const dates = entryDatesOf({ date: new Date('2026-11-22T02:00:00Z'), createdAt: new Date('2026-11-22T02:00:00Z') }, zone);
    expect(dates).toMatchObject({ dealDay: '2026-11-21', recordedDay: '2026-11-21', dealHasTime: true });
  });
});
