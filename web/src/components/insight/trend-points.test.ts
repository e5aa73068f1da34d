import type { Trend } from '@contract/insight';
import { afterEach, describe, expect, it } from 'vitest';
import { followWantedLanguage } from '../../lib/i18n/language';
import { applyOrgSettings } from '../../lib/org-settings';
import { trendChartPoints, trendLabel, trendSummary, type TrendFigure } from './trend-points';

afterEach(async () => {
  applyOrgSettings({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
  await followWantedLanguage();
});

const CALLS: TrendFigure = { name: 'Calls', unit: 'count' };
const REVENUE: TrendFigure = { name: 'Revenue', unit: 'money' };

describe('trend points', () => {
  it('labels a week by its first day and a month by its name, whatever the time zone', () => {
    expect(trendLabel('2026-11-16', 'week')).toBe('Nov 16');
    expect(trendLabel('2026-01-01', 'week')).toBe('Jan 1');
    expect(trendLabel('2026-11-01', 'month')).toBe('Nov');
    expect(trendLabel('2025-12-01', 'month')).toBe('Dec');
  });

  it('draws each income as a bar and shows it as money', () => {
    const trend: Trend = { granularity: 'month', metric: 'profit', points: [{ start: '2026-10-01', income: '1200.50' }, { start: '2026-11-01', income: '-300.00' }] };
    expect(trendChartPoints(trend)).toEqual([
      { label: 'Oct', value: 1200.5, display: '$1,200.50' },
      { label: 'Nov', value: -300, display: '-$300.00' },
    ]);
  });

  it("draws a count metric's figures as whole numbers, a money metric's as money", () => {
    const trend: Trend = { granularity: 'week', metric: 'calls', points: [{ start: '2026-11-09', income: '1204.00' }, { start: '2026-11-16', income: '0.00' }] };
    expect(trendChartPoints(trend, CALLS)).toEqual([
      { label: 'Nov 9', value: 1204, display: '1,204' },
      { label: 'Nov 16', value: 0, display: '0' },
    ]);
    expect(trendChartPoints({ ...trend, metric: 'revenue' }, REVENUE)[0]!.display).toBe('$1,204.00');
  });

  it("sums a metric's periods in its unit, naming a count", () => {
    const trend: Trend = {
      granularity: 'week',
      metric: 'calls',
      points: [
        { start: '2026-11-09', income: '12.00' },
        { start: '2026-11-16', income: '30.00' },
        { start: '2026-11-23', income: '6.00' },
      ],
    };
    expect(trendSummary(trend, CALLS)).toBe('48 Calls in the last 3 weeks; the most in the week of Nov 16, 2026: 30.');
    expect(trendSummary({ ...trend, metric: 'revenue' }, REVENUE)).toBe('$48.00 in the last 3 weeks; the most in the week of Nov 16, 2026: $30.00.');
    expect(trendSummary({ granularity: 'month', metric: 'calls', points: [{ start: '2026-11-01', income: '0.00' }] }, CALLS)).toBe('No Calls in the last 1 month.');
  });

  it('sums the periods exactly and names the best one', () => {
    const trend: Trend = {
      granularity: 'week',
      metric: 'profit',
      points: [
        { start: '2026-11-09', income: '0.10' },
        { start: '2026-11-16', income: '0.20' },
        { start: '2026-11-23', income: '0.00' },
      ],
    };
    expect(trendSummary(trend)).toBe('$0.30 in the last 3 weeks; the most in the week of Nov 16, 2026: $0.20.');
    expect(trendSummary({ granularity: 'month', metric: 'profit', points: [{ start: '2026-11-01', income: '5.00' }] })).toBe(
      '$5.00 in the last 1 month; the most in November 2026: $5.00.',
    );
  });

  it('says when there was no income, or only deductions', () => {
    expect(trendSummary({ granularity: 'month', metric: 'profit', points: [{ start: '2026-10-01', income: '0.00' }, { start: '2026-11-01', income: '0.00' }] })).toBe(
      'No income in the last 2 months.',
    );
    expect(trendSummary({ granularity: 'week', metric: 'profit', points: [{ start: '2026-11-16', income: '-40.00' }, { start: '2026-11-23', income: '0.00' }] })).toBe(
      '-$40.00 in the last 2 weeks.',
    );
  });

  it('writes the summary in the language shown', async () => {
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'de-DE' });
    await followWantedLanguage();
    const points = [
      { start: '2026-11-09', income: '12.00' },
      { start: '2026-11-16', income: '30.00' },
    ];
    expect(trendSummary({ granularity: 'week', metric: 'calls', points }, CALLS)).toBe('42 Calls in den letzten 2 Wochen; am meisten in der Woche vom 16. Nov. 2026: 30.');
    expect(trendSummary({ granularity: 'month', metric: 'profit', points: [{ start: '2026-11-01', income: '0.00' }] })).toBe('Keine Werte für Einkommen im letzten Monat.');
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'fr-FR' });
    await followWantedLanguage();
    expect(trendSummary({ granularity: 'month', metric: 'profit', points: [{ start: '2026-10-01', income: '5.00' }, { start: '2026-11-01', income: '1.00' }] })).toBe(
      '6,00\u00a0€ sur les 2 derniers mois ; le plus en octobre 2026 : 5,00\u00a0€.',
    );
  });
});
