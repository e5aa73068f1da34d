import { describe, expect, it } from 'vitest';
import { parseImportDate } from './entry-import';
import { guessDates, localeDayOrder, readGuessedDate, splitDateCell } from './import-dates';

const NOW = new Date('2026-11-28T12:00:00Z');
const cells = (...texts: string[]) => texts.map((text, index) => ({ row: index + 2, text }));
const read = (text: string, guessed: ReturnType<typeof guessDates>) => readGuessedDate(text, guessed, 'UTC', NOW);

describe('the dates of an import file, guessed', () => {
  it('take ISO days as they are, with a time after them read as that day', () => {
    const guessed = guessDates(cells('2026-11-03', '2026-11-03 14:22', '2026-11-03T14:22:05'), 'en-US');
    expect(guessed.reading).toEqual({ format: 'YYYY-MM-DD', how: 'iso', note: 'Dates are read year first (YYYY-MM-DD).' });
    for (const text of ['2026-11-03', '2026-11-03 14:22', '2026-11-03T14:22:05', '2026/11/03']) {
      expect(read(text, guessed), text).toEqual({ date: new Date('2026-11-03T00:00:00Z') });
    }
    // An instant with its offset stays that instant.
    expect(read('2026-11-03T14:22:00Z', guessed)).toEqual({ date: new Date('2026-11-03T14:22:00Z') });
  });

  it('read day first when any first part is above 12, month first when any second part is', () => {
    const dayFirst = guessDates(cells('01/02/2026', '13/02/2026', '2026-11-01'), 'en-US');
    expect(dayFirst.order).toBe('day-first');
    expect(dayFirst.reading).toEqual({ format: 'DD/MM/YYYY', how: 'file', note: 'Dates are read day first (DD/MM/YYYY): row 3 has 13/02/2026.' });
    expect(read('01/02/2026', dayFirst)).toEqual({ date: new Date('2026-02-01T00:00:00Z') });

    const monthFirst = guessDates(cells('11/3/2026', '11/13/2026, 2:22 PM', '11/5/2026'), 'en-GB');
    expect(monthFirst.order).toBe('month-first');
    expect(monthFirst.reading.how).toBe('file');
    expect(read('11/3/2026', monthFirst)).toEqual({ date: new Date('2026-11-03T00:00:00Z') });
    expect(read('11/13/2026, 2:22 PM', monthFirst)).toEqual({ date: new Date('2026-11-13T00:00:00Z') });

    // Dots, as German exports write them.
    const dots = guessDates(cells('03.11.2026', '24.11.2026'), 'en-US');
    expect(dots.reading.format).toBe('DD.MM.YYYY');
    expect(read('03.11.2026', dots)).toEqual({ date: new Date('2026-11-03T00:00:00Z') });
  });

  it("assume the organisation's locale when nothing tells, and say so", () => {
    const us = guessDates(cells('01/02/2026', '03/04/2026'), 'en-US');
    expect(us.order).toBe('month-first');
    expect(us.reading.how).toBe('locale');
    expect(us.reading.note).toBe(
      "Dates such as 01/02/2026 (row 2) could be month or day first: read month first (MM/DD/YYYY), as the organisation's locale (en-US) writes them. Choose the date format if that is wrong.",
    );
    expect(read('01/02/2026', us)).toEqual({ date: new Date('2026-01-02T00:00:00Z') });
    const de = guessDates(cells('01/02/2026'), 'de-DE');
    expect(de.order).toBe('day-first');
    expect(read('01/02/2026', de)).toEqual({ date: new Date('2026-02-01T00:00:00Z') });
    expect(localeDayOrder('en-GB')).toBe('day-first');
    expect(localeDayOrder('en-US')).toBe('month-first');
  });

  it('make the rows that contradict the order of the others errors of their own', () => {
    const guessed = guessDates(cells('11/13/2026', '11/14/2026', '13/11/2026'), 'en-US');
    expect(guessed.order).toBe('month-first');
    expect(read('13/11/2026', guessed)).toEqual({
      error: 'Date "13/11/2026" can only be day first, but this file\'s dates are read month first (row 2 has 11/13/2026): write every date the same way',
    });
    expect(read('11/14/2026', guessed)).toEqual({ date: new Date('2026-11-14T00:00:00Z') });
  });

  it('refuse what is no day, a day that does not exist and a day outside the window', () => {
    const guessed = guessDates(cells('01/02/2026'), 'en-US');
    expect(read('Nov 3, 2026', guessed)).toEqual({ error: 'Date "Nov 3, 2026" is not a day this import reads: write 2026-11-23, 11/23/2026 or 23/11/2026' });
    expect(read('02/30/2026', guessed)).toEqual({ error: 'Date "02/30/2026" does not exist (read as MM/DD/YYYY)' });
    expect(read('', guessed)).toEqual({ error: 'Date is empty' });
    expect(read('2030-01-01', guessed)).toEqual({ error: 'Date "2030-01-01" is more than 24 hours in the future' });
    expect(splitDateCell('3/11/26')).toEqual({ kind: 'unreadable' });
  });

  it('take a time after the day in a chosen format too', () => {
    expect(parseImportDate('11/03/2026 14:22', 'MM/DD/YYYY', 'UTC', NOW)).toEqual({ date: new Date('2026-11-03T00:00:00Z') });
    expect(parseImportDate('03.11.2026 14:22:05', 'DD.MM.YYYY', 'UTC', NOW)).toEqual({ date: new Date('2026-11-03T00:00:00Z') });
    expect(parseImportDate('11/03/2026 noon', 'MM/DD/YYYY', 'UTC', NOW)).toEqual({ error: 'Date "11/03/2026 noon" is not written MM/DD/YYYY' });
  });
});
