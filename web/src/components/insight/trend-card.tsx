import type { Trend, TrendGranularity } from '@contract/insight';
import type { Metric } from '@contract/metrics';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatCompactCurrency } from '../../lib/format';
import { displayLocale, shownLanguage } from '../../lib/i18n/language';
import { useT } from '../../lib/i18n/translate';
import { BarChart } from '../charts/bar-chart';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';
import { LoadError } from '../ui/load-error';
import { SegmentedControl } from '../ui/segmented-control';
import { Spinner } from '../ui/spinner';
import { messages } from './messages';
import { INCOME, trendChartPoints, trendSummary, type TrendFigure } from './trend-points';

/** How many weeks or months a trend card shows. */
export const TREND_PERIODS = 12;

const GRANULARITIES = ['week', 'month'] as const satisfies readonly TrendGranularity[];

/** The card's title inside a sentence ("Failed to load the team income"): lower case, but German nouns keep theirs. */
function titleInSentence(title: string): string {
  return shownLanguage() === 'de' ? title : title.toLocaleLowerCase(displayLocale());
}

interface TrendCardProps<Key extends QueryKey> {
  /** The card's heading: "Team income". */
  title: string;
  /** The heading's level where the card sits. */
  headingLevel: 'h2' | 'h3';
  /** What the bars are, by granularity: "The team's income per week." */
  description: (granularity: TrendGranularity) => string;
  /** The read of the last TREND_PERIODS periods (GET /api/owner/trends, GET /api/agents/{id}/history). */
  query: (granularity: TrendGranularity, count: number) => UseQueryOptions<Trend, Error, Trend, Key>;
  /** The metric a trend is of, by its key (lib/metrics.ts useMetricChoice): its name and unit. Without it, income. */
  metricOf?: (key: string) => Metric;
  /** Shown before the Week/Month switch: a Metric select. */
  controls?: ReactNode;
  className?: string;
}

/**
 * Income of the last 12 weeks or months as a bar chart, with a Week/Month switch; the chart has its table a button
 * away. A trend of another metric is written in its unit: a count as whole numbers, never as money.
 */
export function TrendCard<Key extends QueryKey>({ title, headingLevel: Heading, description, query, metricOf, controls, className }: TrendCardProps<Key>) {
  const t = useT(messages);
  const headingId = useId();
  const [granularity, setGranularity] = useState<TrendGranularity>('week');
  // The bars shown stay while the other granularity loads.
  const trend = useQuery({ ...query(granularity, TREND_PERIODS), placeholderData: keepPreviousData });
  // Drawn as a transition (in slices that leave the main thread free), not in the task that received the data.
  const shown = useDeferredValue(trend.data);
  // The figure of the trend on screen, which is the metric picked before while the next one loads.
  const metric = shown && metricOf?.(shown.metric);
  const figure: TrendFigure = !metric || metric.builtIn ? INCOME : metric;
  const granularities = GRANULARITIES.map((value) => ({ value, label: t('granularity', { granularity: value }) }));
  return (
    <Card role="region" aria-labelledby={headingId} aria-busy={trend.isFetching} className={cn('min-w-0', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-0 gap-1.5">
          <Heading id={headingId} className="text-lg font-semibold leading-tight tracking-tight">
            {title}
          </Heading>
          <CardDescription>{description(granularity)}</CardDescription>
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          {controls}
          <SegmentedControl legend={t('titleBy', { title })} value={granularity} options={granularities} onChange={setGranularity} />
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {trend.isError ? (
          <LoadError error={trend.error} fallback={t('loadFailed', { title: titleInSentence(title) })} />
        ) : !shown ? (
          <Spinner label={t('loading', { title: titleInSentence(title) })} className="min-h-56" />
        ) : (
          <BarChart
            title={t('chartTitle', { title, granularity: shown.granularity })}
            points={trendChartPoints(shown, figure)}
            summary={trendSummary(shown, figure)}
            labelHeading={shown.granularity === 'week' ? t('weekOfHeading') : t('monthHeading')}
            valueLabel={figure === INCOME ? t('incomeHeading') : figure.name}
            formatTick={figure.unit === 'money' ? formatCompactCurrency : undefined}
            wholeNumbers={figure.unit === 'count'}
            className={cn('transition-opacity', trend.isPlaceholderData && 'opacity-60')}
          />
        )}
      </CardContent>
    </Card>
  );
}
