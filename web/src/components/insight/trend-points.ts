import type { Trend, TrendGranularity } from '@contract/insight';
import type { MetricUnit } from '@contract/metrics';
import { parseMoneyToCents } from '@contract/cents';
import { formatCents, formatCount, orgLocale } from '../../lib/format';
import { translate } from '../../lib/i18n/translate';
import { formatMetricFigure } from '../../lib/metric-format';
import { pastPeriodPhrase } from '../../lib/periods';
import type { BarChartPoint } from '../charts/bar-chart';
import { messages } from './messages';

// A trend (contract/insight.ts Trend) as a bar chart's points and words. Days are the organisation's local days as the
// server sends them ("2026-11-16"), never converted through the browser's time zone.

// The x labels in the organisation's locale ("16 Nov", "16. Nov."), made again only when it changes.
let labelFormats: { locale: string; month: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;
function labelFormatsOf(locale: string) {
  if (labelFormats?.locale !== locale) {
    labelFormats = {
      locale,
      month: new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }),
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    };
  }
  return labelFormats;
}

/** What a trend's figures are: income (profit's, money), or another metric's by its name and unit. */
export interface TrendFigure {
  name: string;
  unit: MetricUnit;
}

/** Profit's trend, as every trend was before metrics (named in the language shown in the summary). */
export const INCOME: TrendFigure = { name: 'income', unit: 'money' };

/** Noon UTC of a local day: its name is the same in every time zone the formatters could be given. */
function noonOf(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)) : undefined;
}

/** A point's x label: the week's first day ("Nov 16" in en-US) or the month ("Nov"), in the organisation's locale. */
export function trendLabel(start: string, granularity: TrendGranularity): string {
  const date = noonOf(start);
  if (!date) return start;
  const formats = labelFormatsOf(orgLocale());
  return (granularity === 'week' ? formats.day : formats.month).format(date);
}

/** The trend's periods, oldest first, as bars of their figure: money, or a count as a whole number. */
export function trendChartPoints(trend: Trend, figure: TrendFigure = INCOME): BarChartPoint[] {
  return trend.points.map((point) => ({
    label: trendLabel(point.start, trend.granularity),
    value: Number(point.income),
    display: formatMetricFigure(figure.unit, point.income),
  }));
}

/**
 * The chart in a sentence, under it and as its description: the figure of all its periods, and the period with the
 * most. "$12,000.00 in the last 12 weeks; the most in the week of 16 Nov 2026: $3,000.00.", "48 Calls in the last 12
 * weeks; the most in November 2026: 30."
 */
export function trendSummary(trend: Trend, figure: TrendFigure = INCOME): string {
  const span = translate(messages, 'span', { granularity: trend.granularity, count: trend.points.length });
  const name = figure === INCOME ? translate(messages, 'incomeFigure') : figure.name;
  let total = 0n;
  let best: { start: string; cents: bigint } | undefined;
  for (const point of trend.points) {
    const cents = parseMoneyToCents(point.income) ?? 0n;
    total += cents;
    if (cents > 0n && (!best || cents > best.cents)) best = { start: point.start, cents };
  }
  // The API writes a count with two decimals too ("16.00"): a count is its hundredths over 100.
  const value = (cents: bigint) => (figure.unit === 'count' ? formatCount(Number(cents / 100n)) : formatCents(cents));
  const sum = figure.unit === 'count' ? translate(messages, 'countSum', { value: value(total), figure: name }) : value(total);
  if (!best) return total === 0n ? translate(messages, 'summaryNone', { figure: name, span }) : translate(messages, 'summaryTotal', { sum, span });
  const period = pastPeriodPhrase({ kind: trend.granularity, start: best.start });
  return translate(messages, 'summaryBest', { sum, span, period, best: value(best.cents) });
}
