import type { BoardAgent } from '@contract/insight';
import { PROFIT_METRIC } from '@contract/limits';
import { useQuery } from '@tanstack/react-query';
import { TrendingDown, TrendingUp, Trophy } from 'lucide-react';
import { useDeferredValue } from 'react';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
import { HorizontalBars, type HorizontalBarsRow } from '../../../components/charts/horizontal-bars';
import { MetricSelect } from '../../../components/insight/metric-select';
import { TrendCard } from '../../../components/insight/trend-card';
import { useMetricChoice } from '../../../lib/metrics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount, formatCurrency2, formatGrowth, formatThreshold } from '../../../lib/format';
import { useTierSettings } from '../../../lib/tier-settings';
import { leaderboardQueryOptions } from '../api/get-leaderboard';
import { teamTrendsQueryOptions } from '../api/get-team-trends';
import { useTierDistribution } from '../api/get-tier-distribution';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Growth boards count agents who earned at least this in the period before (GROWTH_FLOOR_CENTS of contract/insight.ts, kept here: that module brings zod). */
const GROWTH_MINIMUM = '1000.00';

// The overview's charts (docs/product.md §12.14), loaded with React.lazy by overview-tab.tsx: the charts' code stays out of
// the dashboard's first screen and of the landing page (docs/decisions/0024-charts.md).

/** How many agents "Biggest movers" shows. */
const MOVERS_SHOWN = 5;
/** The bar of agents who reached no tier yet: a neutral grey beside the tiers' colours. */
const NO_TIER_COLOR = '#cbd5e1';
/** A tier's bar while the tiers' colours load or when they failed to. */
const FALLBACK_TIER_COLOR = '#64748b';

export function OverviewInsight() {
  const t = useT(messages);
  const { metric, options, choose, metricOf } = useMetricChoice();
  const isProfit = metric.key === PROFIT_METRIC;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <TrendCard
        title={isProfit ? t('teamIncome') : t('teamMetric', { metric: metric.name })}
        headingLevel="h3"
        description={(granularity) => (isProfit ? t('teamIncomePer', { granularity }) : t('teamMetricPer', { metric: metric.name, granularity }))}
        query={teamTrendsQueryOptions(metric.key)}
        metricOf={metricOf}
        controls={<MetricSelect options={options} value={metric.key} onChange={choose} />}
        className="lg:col-span-2"
      />
      <TierDistributionCard className="lg:row-span-2" />
      <BiggestMoversCard className="lg:col-span-2" />
    </div>
  );
}

function TierDistributionCard({ className }: { className?: string }) {
  const t = useT(messages);
  const distribution = useTierDistribution();
  const tiers = useTierSettings();
  const colorOf = new Map(tiers.data?.map((tier) => [tier.id, tier.color]));
  // Drawn as a transition (in slices that leave the main thread free), not in the task that received the data.
  const data = useDeferredValue(distribution.data);
  const rows: HorizontalBarsRow[] = data
    ? [
        { label: t('noTierYet'), value: data.none, display: formatCount(data.none), color: NO_TIER_COLOR },
        ...[...data.tiers]
          .sort((a, b) => a.order - b.order)
          .map((tier) => ({
            label: tier.name,
            value: tier.agents,
            display: formatCount(tier.agents),
            color: colorOf.get(tier.tierId) ?? FALLBACK_TIER_COLOR,
          })),
      ]
    : [];
  const total = data ? data.none + data.tiers.reduce((sum, tier) => sum + tier.agents, 0) : 0;
  return (
    <Card role="region" aria-labelledby="tier-distribution-heading" aria-busy={distribution.isFetching} className={cn('min-w-0', className)}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id="tier-distribution-heading">{t('agentsByTier')}</CardTitle>
        <CardDescription>{t('agentsByTierDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {distribution.isError ? (
          <LoadError error={distribution.error} fallback={t('agentsByTierFailed')} />
        ) : !data ? (
          <Spinner label={t('loadingAgentsByTier')} className="min-h-56" />
        ) : (
          <>
            <HorizontalBars title={t('agentsByHighestTier')} rows={rows} />
            <p className="text-sm text-slate-600">
              {total === 0
                ? t('noAgentsYetSentence')
                : t('reachedATier', { reached: formatCount(total - data.none), total: formatCount(total), count: total })}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BiggestMoversCard({ className }: { className?: string }) {
  const t = useT(messages);
  const movers = useQuery(leaderboardQueryOptions({ period: 'month', mode: 'growth', offset: 0, limit: MOVERS_SHOWN }));
  const board = useDeferredValue(movers.data);
  return (
    <Card role="region" aria-labelledby="biggest-movers-heading" aria-busy={movers.isFetching} className={cn('min-w-0', className)}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id="biggest-movers-heading">{t('biggestMovers')}</CardTitle>
        <CardDescription>{t('biggestMoversDescription', { minimum: formatThreshold(GROWTH_MINIMUM) })}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {movers.isError ? (
          <LoadError error={movers.error} fallback={t('moversFailed')} />
        ) : !board ? (
          <Spinner label={t('loadingMovers')} className="min-h-40" />
        ) : board.agents.length === 0 ? (
          <EmptyState
            icon={Trophy}
            title={t('noMovers')}
            description={t('noMoversText', { minimum: formatThreshold(GROWTH_MINIMUM) })}
          />
        ) : (
          <ol aria-labelledby="biggest-movers-heading" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {board.agents.map((agent) => (
              <MoverRow key={agent.id} agent={agent} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function MoverRow({ agent }: { agent: BoardAgent }) {
  const t = useT(messages);
  const growth = Number(agent.growth ?? 0);
  const Icon = growth < 0 ? TrendingDown : TrendingUp;
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 px-3 py-3 sm:px-4">
      <span className="row-span-2 flex size-8 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-700 tabular-nums">
        <span className="sr-only">{t('rank')} </span>
        {agent.rank}
      </span>
      <p className="font-semibold [overflow-wrap:anywhere]">
        <AgentDetailLink agentId={agent.id}>{agent.name}</AgentDetailLink>
      </p>
      {agent.growth !== null && (
        <p className={cn('flex items-center gap-1 font-bold tabular-nums', growth > 0 ? 'text-emerald-700' : growth < 0 ? 'text-red-700' : 'text-slate-900')}>
          <Icon className="size-4" aria-hidden="true" />
          {formatGrowth(agent.growth)}
        </p>
      )}
      <p className="col-span-2 col-start-2 text-xs text-slate-600 tabular-nums">
        <span className="sr-only">{t('moverFrom')} </span>
        <span className="whitespace-nowrap">{formatCurrency2(agent.previousIncome ?? '0')}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only">, {t('moverTo')} </span>
        <span className="whitespace-nowrap">{formatCurrency2(agent.periodIncome)}</span>
      </p>
    </li>
  );
}
