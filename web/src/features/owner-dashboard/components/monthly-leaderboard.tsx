import type { AgentSummary } from '@contract/agents';
import type { LeaderboardMode, LeaderboardPeriod, PeriodRange } from '@contract/insight';
import { LEADERBOARD_PAGE_SIZE, PROFIT_METRIC } from '@contract/limits';
import { ChevronLeft, ChevronRight, SearchX, TrendingUp, Trophy } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { MetricSelect } from '../../../components/insight/metric-select';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { SectionHeading } from '../../../components/ui/section-heading';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { cn } from '../../../lib/cn';
import { useLedTeamNames, useTeams } from '../../../lib/teams';
import { useTierSettings } from '../../../lib/tier-settings';
import { tierOfTotal } from '../utils/tier-of-total';
import { formatThreshold } from '../../../lib/format';
import { formatMetricFigure } from '../../../lib/metric-format';
import { PROFIT, useMetrics } from '../../../lib/metrics';
import {
  BOARD_PERIODS,
  isCurrentPeriod,
  lastPeriodPhrase,
  PERIOD_ADJECTIVES,
  PERIOD_NAMES,
  periodFigureLabel,
  periodPhrase,
  periodWords,
  thisPeriodPhrase,
} from '../../../lib/periods';
import { useLeaderboard } from '../api/get-leaderboard';
import { boardFromDashboard, isPlaced } from '../utils/board-from-dashboard';
import { medalOf } from './leaderboard-medals';
import { LeaderboardPodium } from './leaderboard-podium';
import { LeaderboardRow } from './leaderboard-row';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Growth boards count agents who earned at least this in the period before (GROWTH_FLOOR_CENTS of contract/insight.ts, kept here: that module brings zod). */
const GROWTH_MINIMUM = '1000.00';
/** The same floor of a count metric's growth board (GROWTH_FLOOR_COUNT of contract/insight.ts). */
const GROWTH_MINIMUM_COUNT = 5;
// Full width on a phone: a select is as wide as its longest option, and a team's name may be 60 characters.
const selectClass =
  'h-10 w-full min-w-0 max-w-full sm:w-auto rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** Read at each render: the period names are in the language shown (web/src/lib/periods.ts). */
const periodOptions = () => BOARD_PERIODS.map((value) => ({ value, label: PERIOD_NAMES[value] }));

interface MonthlyLeaderboardProps {
  /** The dashboard's first page of this month's board, shown at once while the board itself loads. */
  firstPage: AgentSummary[];
  totalAgents: number;
  /** The first day of the current month (the dashboard's timePeriods.monthly.start). */
  monthStart: string;
}

/**
 * The board of a period (docs/product.md §11.7, §12.14): this month's by default (the tab keeps its
 * name), any week, month, quarter or year before it, or all time; ranked by income or, for a period with a previous
 * one, by growth against it ("Most improved"). A podium for the first three, each row's movement since the previous
 * period, a page at a time with search (ranks are those of the whole board, also in a search).
 */
export function MonthlyLeaderboard({ firstPage, totalAgents, monthStart }: MonthlyLeaderboardProps) {
  const t = useT(messages);
  const { search, setSearch, query, typing, offset, setOffset } = usePagedSearch();
  const [period, setPeriod] = useState<LeaderboardPeriod>('month');
  const [at, setAt] = useState<string | undefined>(undefined);
  const [mode, setMode] = useState<LeaderboardMode>('income');
  const [team, setTeam] = useState<number | undefined>(undefined);
  const [metricKey, setMetricKey] = useState<string>(PROFIT_METRIC);
  const growthId = useId();
  const teamId = useId();

  const isDashboardPage =
    period === 'month' && at === undefined && mode === 'income' && offset === 0 && query === '' && team === undefined && metricKey === PROFIT_METRIC;
  const dashboardPage = useMemo(
    () => boardFromDashboard(firstPage, totalAgents, monthStart, LEADERBOARD_PAGE_SIZE),
    [firstPage, totalAgents, monthStart],
  );
  const page = useLeaderboard(
    { period, at, mode, team, metric: metricKey, offset, limit: LEADERBOARD_PAGE_SIZE, search: query },
    isDashboardPage ? dashboardPage : undefined,
    // A team with nobody in it has no board to read.
    totalAgents > 0,
  );
  // The teams (for the Team select) once the board itself is read: they do not hold up its first rows.
  const teams = useTeams(totalAgents > 0 && page.isSuccess && !page.isPlaceholderData);
  const ledTeams = useLedTeamNames();
  // Each agent's tier beside its name; the tiers are read for the dashboard's charts already.
  const tiers = useTierSettings();
  // The metrics (for the Metric select), likewise after the board: with none but profit there is nothing to pick.
  const metrics = useMetrics(totalAgents > 0 && page.isSuccess && !page.isPlaceholderData);
  const metricOptions = metrics.data ?? [];
  const metric = metricOptions.find((option) => option.key === metricKey) ?? PROFIT;
  // The page of another period or mode stays on screen, dimmed, while the one asked for loads: its rows keep their own
  // period's words; the switch and the heading already say what is coming.
  const board = page.data;
  const stale = page.isPlaceholderData;
  const range: PeriodRange = board?.period.kind === period ? board.period : { kind: period, start: null, end: null, previous: null, next: null };
  const rowsRange = board?.period ?? range;
  const shownMode = board?.mode ?? mode;
  const rowsPhrase = periodPhrase(rowsRange);

  const choosePeriod = (next: LeaderboardPeriod) => {
    setPeriod(next);
    setAt(undefined);
    if (next === 'all') setMode('income');
    setOffset(0);
  };
  const goTo = (day: string | null) => {
    if (!day) return;
    setAt(day);
    setOffset(0);
  };
  const goToCurrent = () => {
    setAt(undefined);
    setOffset(0);
  };
  const chooseTeam = (value: string) => {
    setTeam(value === '' ? undefined : Number(value));
    setOffset(0);
  };
  const chooseMetric = (value: string) => {
    setMetricKey(value);
    setOffset(0);
  };
  const chooseMode = (growth: boolean) => {
    setMode(growth ? 'growth' : 'income');
    setOffset(0);
  };

  const isProfit = metric.key === PROFIT_METRIC;
  const heading = isProfit
    ? t('leaderboardHeading', { adjective: PERIOD_ADJECTIVES[period] })
    : t('leaderboardMetricHeading', { adjective: PERIOD_ADJECTIVES[period], metric: metric.name });
  const phrase = range.start !== null || period === 'all' ? periodPhrase(range) : thisPeriodPhrase(period);
  const current = isCurrentPeriod(rowsRange);
  // What the board ranks, for a rank's movement ("no Calls last month"): the metric's name; the badge's own "income"
  // for profit.
  const figure = isProfit ? undefined : metric.name;
  const growthMinimum =
    metric.unit === 'count' ? t('countMinimum', { count: String(GROWTH_MINIMUM_COUNT), metric: metric.name }) : formatThreshold(GROWTH_MINIMUM);
  const description =
    mode === 'growth' && period !== 'all'
      ? isProfit
        ? t('growthDescription', { period, minimum: growthMinimum })
        : t('growthMetricDescription', { metric: metric.name, period, minimum: growthMinimum })
      : period === 'all'
        ? isProfit
          ? t('allTimeDescription')
          : t('allTimeMetricDescription', { metric: metric.name })
        : isProfit
          ? t('incomeDescription', { phrase })
          : t('metricDescription', { metric: metric.name, phrase });
  // The board's figures as the metric counts them (the board shown may still be the previous metric's while loading).
  const shownUnit = metricOptions.find((option) => option.key === (board?.metric ?? PROFIT_METRIC))?.unit ?? 'money';
  const rowFigure = (value: string) => formatMetricFigure(shownUnit, value);
  const podiumFigure = (value: string) => formatMetricFigure(shownUnit, value, false);
  const podium =
    board && !query && offset === 0 ? board.agents.filter((agent) => agent.rank <= 3 && isPlaced(agent, shownMode)).slice(0, 3) : [];
  // Movement: against the period before; not for all time, nor in growth mode (its ranks are by growth, the earlier
  // ones by income), nor for the dashboard's page, which has none.
  const movementSince =
    rowsRange.kind === 'all' || shownMode === 'growth' || stale
      ? undefined
      : current
        ? lastPeriodPhrase(rowsRange.kind)
        : t('periodBefore', { period: rowsRange.kind });

  return (
    <section aria-labelledby="leaderboard-heading" aria-busy={page.isFetching || typing} className="grid grid-cols-1 gap-6">
      <SectionHeading id="leaderboard-heading" title={heading} description={description} />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4 p-3 sm:p-6">
          {totalAgents === 0 ? (
            <EmptyState icon={Trophy} title={t('noAgents')} description={t('noAgentsText')} />
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <SegmentedControl legend={t('period')} value={period} options={periodOptions()} onChange={choosePeriod} className="w-full sm:w-auto" />
                {period !== 'all' && (
                  <div className="flex items-center gap-2">
                    <Switch id={growthId} checked={mode === 'growth'} onCheckedChange={chooseMode} aria-describedby={`${growthId}-hint`} />
                    <Label htmlFor={growthId} className="flex cursor-pointer items-center gap-1.5">
                      <TrendingUp className="size-4 text-brand-600" aria-hidden="true" />
                      {t('mostImproved')}
                    </Label>
                    <span id={`${growthId}-hint`} className="sr-only">
                      {t('mostImprovedHint', { period })}
                    </span>
                  </div>
                )}
              </div>

              {period !== 'all' && <PeriodNavigation range={range} onGo={goTo} onCurrent={goToCurrent} />}

              <MetricSelect options={metricOptions} value={metricKey} onChange={chooseMetric} />

              {(teams.data?.teams.length ?? 0) > 0 && (
                <div className="flex flex-wrap items-center gap-2">
                  <Label htmlFor={teamId}>{t('team')}</Label>
                  <select
                    id={teamId}
                    value={team ?? ''}
                    onChange={(event) => chooseTeam(event.target.value)}
                    className={selectClass}
                  >
                    <option value="">{ledTeams && ledTeams.length > 0 ? t('allMyTeams') : t('allTeams')}</option>
                    {teams.data!.teams.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}

              {podium.length > 0 && (
                <div className={cn('transition-opacity', stale && page.isFetching && 'opacity-60')}>
                  <LeaderboardPodium agents={podium} mode={shownMode} periodPhrase={rowsPhrase} formatFigure={podiumFigure} />
                </div>
              )}

              <SearchField label={t('findAgent')} value={search} onChange={setSearch} />
              {page.isError ? (
                <LoadError error={page.error} fallback={t('leaderboardFailed')} />
              ) : !board ? (
                <Spinner label={t('loadingLeaderboard')} className="min-h-40" />
              ) : board.agents.length === 0 ? (
                <EmptyState
                  icon={SearchX}
                  title={!query && shownMode === 'growth' ? t('nobodyImproved') : t('noMatching')}
                  description={
                    query
                      ? t('noMatchingText', { query })
                      : shownMode === 'growth'
                        ? t('nobodyImprovedText', { period: rowsRange.kind, minimum: growthMinimum })
                        : t('pageEmpty')
                  }
                />
              ) : (
                <ol
                  aria-labelledby="leaderboard-heading"
                  className={cn('grid grid-cols-1 gap-3 transition-opacity', stale && page.isFetching && 'opacity-60')}
                >
                  {board.agents.map((agent) => (
                    <LeaderboardRow
                      key={agent.id}
                      agent={agent}
                      mode={shownMode}
                      medal={medalOf(agent.rank, isPlaced(agent, shownMode))}
                      figureLabel={periodFigureLabel(rowsRange)}
                      periodPhrase={rowsPhrase}
                      movementSince={movementSince}
                      formatFigure={rowFigure}
                      figureName={figure}
                      tier={tiers.data ? tierOfTotal(agent.totalIncome, tiers.data) : undefined}
                    />
                  ))}
                </ol>
              )}
              <Pager
                label={t('leaderboardPages')}
                offset={offset}
                limit={LEADERBOARD_PAGE_SIZE}
                total={board?.total ?? 0}
                onChange={setOffset}
                disabled={page.isFetching}
              />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * Previous and Next period, and the period shown in words (announced when it changes). The buttons say only
 * "Previous" and "Next" on screen; their names say of what. A past period offers the way straight back to this one.
 */
function PeriodNavigation({ range, onGo, onCurrent }: { range: PeriodRange; onGo: (day: string | null) => void; onCurrent: () => void }) {
  const t = useT(messages);
  const period = range.kind;
  return (
    <div role="group" aria-label={t('periodShown')} className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-2 py-2 sm:px-3">
      <Button
        variant="outline"
        size="sm"
        aria-label={t('previousPeriod', { period })}
        disabled={!range.previous}
        onClick={() => onGo(range.previous)}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('previous')}</span>
      </Button>
      <p aria-live="polite" className="min-w-0 text-center">
        <span className="block font-semibold text-slate-900">{range.start ? periodWords(range) : '\u00a0'}</span>
        {isCurrentPeriod(range) ? (
          <span className="block text-xs text-slate-600">{t('thisPeriod', { period })}</span>
        ) : (
          <button type="button" onClick={onCurrent} className="inline-flex min-h-6 items-center rounded-sm px-1 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            {t('backToThisPeriod', { period })}
          </button>
        )}
      </p>
      <Button variant="outline" size="sm" aria-label={t('nextPeriod', { period })} disabled={!range.next} onClick={() => onGo(range.next)}>
        <span className="sr-only sm:not-sr-only">{t('next')}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
