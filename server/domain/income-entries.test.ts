import { describe, expect, it } from 'vitest';
import { parseImportDate } from './entry-import';
import { AppError } from './errors';
import { entryDate, entryDateOutsideWindow } from './income-entries';

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
