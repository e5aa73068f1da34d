import { describe, expect, it } from 'vitest';
import { addMonths, dayPattern, firstDayOfWeek, formatDayNumeric, isCalendarDay, monthWeeks, parseDayText } from './day-field';

describe('day fields in the organisation locale', () => {
  it('writes a day in the order and with the separator of each locale', () => {
    expect(formatDayNumeric('2026-11-08', 'de-DE')).toBe('08.11.2026');
    expect(formatDayNumeric('2026-11-08', 'en-US')).toBe('11/08/2026');
    expect(formatDayNumeric('2026-11-08', 'en-GB')).toBe('08/11/2026');
    expect(formatDayNumeric('2026-11-08', 'fr-FR')).toBe('08/11/2026');
    expect(dayPattern('de-DE').placeholder).toBe('TT.MM.JJJJ');
    // An English reader in a German organisation: English letters, as Intl writes en-DE.
    expect(dayPattern('en-DE').placeholder).toBe('dd/mm/yyyy');
    expect(dayPattern('fr-FR').placeholder).toBe('jj/mm/aaaa');
    expect(dayPattern('es-ES').placeholder).toBe('dd/mm/aaaa');
    expect(dayPattern('en-US').placeholder).toBe('mm/dd/yyyy');
    expect(formatDayNumeric('not a day', 'de-DE')).toBe('not a day');
  });

  it('reads what a person types in the locale order, and the API form anywhere', () => {
    expect(parseDayText('8.11.2026', 'de-DE')).toBe('2026-11-08');
    expect(parseDayText(' 08.11.26 ', 'de-DE')).toBe('2026-11-08');
    expect(parseDayText('08112026', 'de-DE')).toBe('2026-11-08');
    expect(parseDayText('11/8/2026', 'en-US')).toBe('2026-11-08');
    expect(parseDayText('110826', 'en-US')).toBe('2026-11-08');
    expect(parseDayText('2026-11-08', 'en-US')).toBe('2026-11-08');
    expect(parseDayText('2026-11-08', 'de-DE')).toBe('2026-11-08');
  });

  it('refuses what is not a day that exists', () => {
    expect(parseDayText('30.02.2026', 'de-DE')).toBeUndefined();
    expect(parseDayText('13/13/2026', 'en-US')).toBeUndefined();
    expect(parseDayText('2026-02-30', 'en-US')).toBeUndefined();
    expect(parseDayText('1.2', 'de-DE')).toBeUndefined();
    expect(parseDayText('1.2.202', 'de-DE')).toBeUndefined();
    expect(parseDayText('yesterday', 'en-US')).toBeUndefined();
    expect(parseDayText('', 'en-US')).toBeUndefined();
    expect(isCalendarDay('2026-11-08')).toBe(true);
    expect(isCalendarDay('2026-11-31')).toBe(false);
  });

  it('starts the week where the locale does', () => {
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
  });

  it('lays a month out in whole weeks from the first weekday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const monday = monthWeeks('2026-11-15', 1);
    expect(monday[0]![0]).toBe('2026-10-26');
    expect(monday.at(-1)!.at(-1)).toBe('2026-12-06');
    expect(monday).toHaveLength(6);
    const sunday = monthWeeks('2026-11-15', 7);
    expect(sunday[0]![0]).toBe('2026-11-01');
    expect(sunday.at(-1)!).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(sunday.flat().filter((day) => day.startsWith('2026-11'))).toHaveLength(30);
  });

  it('moves a month keeping the day, or the month end when it is shorter', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});
