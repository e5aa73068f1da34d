import type { MyRank, RankNeighbour } from '@contract/insight';
import type { Metric } from '@contract/metrics';
import { EyeOff, Trophy } from 'lucide-react';
import { RankMovementBadge } from '../../../components/boards/rank-movement-badge';
import { MetricSelect } from '../../../components/insight/metric-select';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { formatMetricFigure } from '../../../lib/metric-format';
import { useMetricChoice } from '../../../lib/metrics';
import { isCurrentPeriod, lastPeriodPhrase, periodPhrase, periodWords } from '../../../lib/periods';
import { rankMovement } from '../../../lib/rank-movement';
import { useMyRank } from '../api/get-my-rank';
import { messages } from '../messages';

/**
 * "My rank" (docs/product.md §12.14): the agent's place on this month's board, how it moved since last month, and the
 * agents just above and below. Agents who chose not to be shown are "Anonymous agent" here too. The board is profit's,
 * or, picked with the Metric select when the owner measures more than profit, any active metric's
 * (docs/decisions/0072-metrics-and-activities.md).
 */
export function MyRankCard() {
  const t = useT(messages);
  const { metric, options, choose, metricOf } = useMetricChoice();
  const rank = useMyRank('month', metric.key);
  // The metric of the board on screen, which is the one picked before while the next one loads.
  const shown = rank.data ? metricOf(rank.data.metric) : metric;
  return (
    <Card aria-labelledby="my-rank-heading" aria-busy={rank.isFetching} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 pb-3 sm:p-6 sm:pb-4">
        <div className="grid min-w-0 gap-1.5">
          <h2 id="my-rank-heading" className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900">
            <Trophy className="size-5 text-brand-600" aria-hidden="true" />
            {t('myRank')}
          </h2>
          <CardDescription className="[overflow-wrap:anywhere]">
            {!rank.data
              ? t('boardThisMonth')
              : shown.builtIn
                ? t('boardFor', { period: periodWords(rank.data.period) })
                : t('metricBoardFor', { metric: shown.name, period: periodWords(rank.data.period) })}
          </CardDescription>
        </div>
        <MetricSelect options={options} value={metric.key} onChange={choose} />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {rank.isPending ? (
          <Spinner label={t('loadingRank')} className="min-h-32" />
        ) : rank.isError ? (
          <LoadError error={rank.error} fallback={t('rankLoadFailed')} />
        ) : (
          <RankDetails rank={rank.data} metric={shown} className={cn('transition-opacity', rank.isPlaceholderData && 'opacity-60')} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The period as the end of the card's sentences, in the language shown: "this month", "of all time", "in October 2026".
 * A past week keeps lib/periods' phrase ("in the week of 9 Nov 2026"); this card shows the current month.
 */
function phraseOf(t: ReturnType<typeof useT<keyof typeof messages.en>>, range: MyRank['period']): string {
  if (isCurrentPeriod(range)) return t('thisPeriod', { kind: range.kind });
  if (range.kind === 'week') return periodPhrase(range);
  return t('inPeriod', { period: periodWords(range) });
}

function RankDetails({ rank, metric, className }: { rank: MyRank; metric: Metric; className?: string }) {
  const t = useT(messages);
  const phrase = phraseOf(t, rank.period);
  const movement = rank.period.kind === 'all' ? null : rankMovement(rank.rank, rank.previousRank, rank.periodIncome);
  // The API writes every figure with two decimals: a count is shown as a whole number, never as money.
  const formatFigure = (value: string) => formatMetricFigure(metric.unit, value);
  return (
    <div className={cn('grid gap-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8', className)}>
      <div className="grid content-start gap-3">
        <p className="text-slate-700">
          <span className="block text-4xl font-bold tracking-tight text-slate-900 tabular-nums">{t('rankNumber', { rank: String(rank.rank) })}</span>
          <span className="text-base">
            {' '}
            {t('rankOf', { count: formatCount(rank.of), phrase })}
          </span>
        </p>
        {movement && rank.period.kind !== 'all' && (
          <RankMovementBadge
            movement={movement}
            since={lastPeriodPhrase(rank.period.kind)}
            figure={metric.builtIn ? t('incomeFigure') : metric.name}
            showWords
            className="justify-self-start px-2 py-1 text-sm"
          />
        )}
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-semibold text-slate-900 tabular-nums">{formatFigure(rank.periodIncome)}</span>{' '}
          {metric.builtIn ? t('earnedIn', { phrase }) : t('metricIn', { metric: metric.name, phrase })}
        </p>
      </div>
      <div className="grid content-start gap-2">
        <h3 id="my-rank-neighbours" className="text-sm font-semibold text-slate-800">
          {t('aroundYou')}
        </h3>
        <ol aria-labelledby="my-rank-neighbours" className="grid gap-1.5">
          {rank.neighbours.map((neighbour) => (
            <NeighbourRow
              key={neighbour.me ? 'me' : `${neighbour.rank}-${neighbour.id ?? neighbour.name}-${neighbour.periodIncome}`}
              neighbour={neighbour}
              formatFigure={formatFigure}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}

function NeighbourRow({ neighbour, formatFigure }: { neighbour: RankNeighbour; formatFigure: (value: string) => string }) {
  const t = useT(messages);
  const anonymous = neighbour.id === null && !neighbour.me;
  return (
    <li
      aria-current={neighbour.me ? 'true' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg border px-3 py-2',
        neighbour.me ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200 bg-white',
      )}
    >
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
          neighbour.me ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700',
        )}
      >
        <span className="sr-only">{t('rankLabel')} </span>
        {neighbour.rank}
      </span>
      <span className={cn('flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1', neighbour.me ? 'font-semibold text-slate-900' : 'text-slate-800')}>
        {anonymous && <EyeOff className="size-4 shrink-0 text-slate-500" aria-hidden="true" />}
        <span className={cn('min-w-0 [overflow-wrap:anywhere]', anonymous && 'italic text-slate-600')}>{neighbour.name}</span>
        {neighbour.me && <Badge className="whitespace-nowrap">{t('you')}</Badge>}
      </span>
      <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">{formatFigure(neighbour.periodIncome)}</span>
    </li>
  );
}
