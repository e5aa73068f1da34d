import { afterEach, describe, expect, it } from 'vitest';
import { followWantedLanguage } from './i18n/language';
import { applyOrgSettings } from './org-settings';
import { isCurrentPeriod, periodFigureLabel, periodPhrase, periodWords } from './periods';

afterEach(async () => {
  applyOrgSettings({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
  await followWantedLanguage();
});

describe('periodWords', () => {
  it('names each kind of period by its first day', () => {
    expect(periodWords({ kind: 'week', start: '2026-11-16' })).toBe('Week of Nov 16, 2026');
    expect(periodWords({ kind: 'month', start: '2026-11-01' })).toBe('November 2026');
    expect(periodWords({ kind: 'quarter', start: '2026-10-01' })).toBe('Q4 2026');
    expect(periodWords({ kind: 'quarter', start: '2026-01-01' })).toBe('Q1 2026');
    expect(periodWords({ kind: 'quarter', start: '2026-07-01' })).toBe('Q3 2026');
    expect(periodWords({ kind: 'year', start: '2026-01-01' })).toBe('2026');
    expect(periodWords({ kind: 'all', start: null })).toBe('All time');
  });

  it('keeps the local day whatever the browser time zone (no conversion through Date parsing)', () => {
    expect(periodWords({ kind: 'week', start: '2026-12-28' })).toBe('Week of Dec 28, 2026');
    expect(periodWords({ kind: 'month', start: '2027-01-01' })).toBe('January 2027');
  });

  it('writes the days and months in the language of the organisation\'s locale', async () => {
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'de-DE' });
    await followWantedLanguage();
    expect(periodWords({ kind: 'month', start: '2026-10-01' })).toBe('Oktober 2026');
    expect(periodWords({ kind: 'week', start: '2026-11-16' })).toBe('Woche vom 16. Nov. 2026');
    expect(periodWords({ kind: 'quarter', start: '2026-10-01' })).toBe('Q4 2026');
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'fr-FR' });
    await followWantedLanguage();
    expect(periodWords({ kind: 'month', start: '2026-10-01' })).toBe('octobre 2026');
    expect(periodWords({ kind: 'week', start: '2026-11-16' })).toBe('Semaine du 16 nov. 2026');
    expect(periodWords({ kind: 'quarter', start: '2026-10-01' })).toBe('T4 2026');
  });

  it('falls back to "This ..." when the start is missing', () => {
    expect(periodWords({ kind: 'month', start: null })).toBe('This Month');
  });
});

describe('periodFigureLabel', () => {
  it('says "This Month" for the current period and the words for a past one', () => {
    expect(periodFigureLabel({ kind: 'month', start: '2026-11-01', next: null })).toBe('This Month');
    expect(periodFigureLabel({ kind: 'month', start: '2026-10-01', next: '2026-11-01' })).toBe('October 2026');
    expect(periodFigureLabel({ kind: 'all', start: null, next: null })).toBe('All Time');
  });

  it('takes all time as always current', () => {
    expect(isCurrentPeriod({ kind: 'all', next: null })).toBe(true);
    expect(isCurrentPeriod({ kind: 'week', next: '2026-11-23' })).toBe(false);
  });
});

describe('periodPhrase', () => {
  it('ends a sentence with the period', () => {
    expect(periodPhrase({ kind: 'month', start: '2026-11-01', next: null })).toBe('this month');
    expect(periodPhrase({ kind: 'month', start: '2026-10-01', next: '2026-11-01' })).toBe('in October 2026');
    expect(periodPhrase({ kind: 'week', start: '2026-11-09', next: '2026-11-16' })).toBe('in the week of Nov 9, 2026');
    expect(periodPhrase({ kind: 'all', start: null, next: null })).toBe('of all time');
  });
});
