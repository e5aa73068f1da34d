import { TV_BOARD_SIZE } from '@contract/limits';
import type { TvBoardRow, TvContest, TvSnapshot, TvTeamGoal } from '@contract/tv-links';
import { Flag, Target, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount, formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { ContestSlide } from './contest-slide';

/** How long each board stays on screen before the other takes its place. */
const ROTATE_MS = 15_000;

/** A slide: a board of top agents (profit's week and month, a metric's week) or the team goals. */
interface Board {
  key: string;
  label: string;
  /** What the heading calls it ("Top 10 · This week · Calls"). */
  heading: string;
  empty: string;
  rows?: TvBoardRow[];
  /** How a row's figure is written. */
  unit: 'money' | 'count';
  /** A contest's slide. */
  contest?: TvContest;
}

/** Gold, silver and bronze for the first three. */
const rankStyles: Record<number, string> = {
  1: 'bg-amber-400 text-slate-950',
  2: 'bg-slate-200 text-slate-950',
  3: 'bg-orange-400 text-slate-950',
};

interface RotatingBoardsProps {
  week: TvBoardRow[];
  month: TvBoardRow[];
  teamGoals: TvTeamGoal[];
  metricBoards: TvSnapshot['metricBoards'];
  contests: TvContest[];
  showAmounts: boolean;
}

/**
 * The week's and the month's top agents, taking turns every ROTATE_MS: the pills say which board is shown and the bar
 * under them fills until the next one. With reduced motion the board changes in place, with no bar.
 */
export function RotatingBoards({ week, month, teamGoals, metricBoards, contests, showAmounts }: RotatingBoardsProps) {
  const t = useT(messages);
  const size = String(TV_BOARD_SIZE);
  const boards: Board[] = [
    { key: 'week', label: t('thisWeek'), heading: t('topThisWeek', { size }), empty: t('noSalesThisWeek'), rows: week, unit: 'money' },
    { key: 'month', label: t('thisMonth'), heading: t('topThisMonth', { size }), empty: t('noSalesThisMonth'), rows: month, unit: 'money' },
    ...metricBoards.map((board): Board => ({
      key: `metric-${board.metric}`,
      label: board.name,
      heading: t('topMetricThisWeek', { size, metric: board.name }),
      empty: t('noMetricThisWeek', { metric: board.name }),
      rows: board.week,
      unit: board.unit,
    })),
    ...(teamGoals.length > 0 ? [{ key: 'goals', label: t('teamGoals'), heading: t('teamGoals'), empty: '', unit: 'money' as const }] : []),
    // Contests shown on TV: running ones with their countdown, a final one with its winner (docs/decisions/0077).
    ...contests.map((contest): Board => ({ key: `contest-${contest.contestId}`, label: contest.name, heading: contest.name, empty: '', unit: contest.unit, contest })),
  ];
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTurn((current) => current + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  // The slides may come and go with the team goals: the turn counts on, the slide is the turn's among those there are.
  const index = turn % boards.length;
  const board = boards[index]!;
  const next = boards[(index + 1) % boards.length]!;
  const rows = board.rows ?? [];

  return (
    <section aria-labelledby="tv-board-heading" className="flex min-h-0 flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-x-8 gap-y-3">
        <h1 id="tv-board-heading" className="flex items-center gap-4 text-5xl font-extrabold tracking-tight">
          {board.key === 'goals' ? (
            <Target className="size-12 shrink-0 text-amber-400" aria-hidden="true" />
          ) : board.contest ? (
            <Flag className="size-12 shrink-0 text-amber-400" aria-hidden="true" />
          ) : (
            <Trophy className="size-12 shrink-0 text-amber-400" aria-hidden="true" />
          )}
          {board.heading}
        </h1>
        <ol aria-label={t('boards')} className="flex flex-wrap gap-3 text-2xl font-semibold">
          {boards.map((candidate) => (
            <li
              key={candidate.key}
              aria-current={candidate.key === board.key ? 'true' : undefined}
              className={cn(
                'rounded-full border-2 px-5 py-1.5',
                candidate.key === board.key ? 'border-white bg-white text-slate-950' : 'border-slate-600 text-slate-300',
              )}
            >
              {candidate.label}
            </li>
          ))}
        </ol>
      </header>
      <div className="flex items-center gap-5">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-800 motion-reduce:hidden" aria-hidden="true">
          {/* Mounted again with each board, so the fill starts over with it. */}
          <div
            key={turn}
            className="h-full origin-left rounded-full bg-amber-400 motion-safe:animate-[tv-progress_linear_both]"
            style={{ animationDuration: `${ROTATE_MS}ms` }}
          />
        </div>
        <p className="text-xl text-slate-300">{t('next', { label: next.label })}</p>
      </div>
      <div key={board.key} className="min-h-0 flex-1 motion-safe:animate-[tv-board-in_500ms_ease-out_both]">
        {board.key === 'goals' ? (
          <TeamGoals goals={teamGoals} />
        ) : board.contest ? (
          <ContestSlide contest={board.contest} />
        ) : rows.length === 0 ? (
          <p className="flex h-full items-center justify-center rounded-2xl border-2 border-dashed border-slate-700 text-4xl font-semibold text-slate-300">
            {board.empty}
          </p>
        ) : (
          <ol aria-labelledby="tv-board-heading" className="grid h-full grid-cols-1 gap-2 max-md:content-start md:grid-rows-[repeat(10,minmax(0,1fr))]">
            {rows.slice(0, TV_BOARD_SIZE).map((row, index) => (
              <li
                // An agent not shown on public boards comes without an id (contract/tv-links.ts): keyed by place.
                key={row.agentId ?? `anonymous-${index}`}
                className={cn(
                  'flex min-h-0 items-center gap-5 rounded-xl bg-slate-900 px-5 ring-1 ring-slate-800',
                  row.rank === 1 && 'ring-2 ring-amber-400',
                )}
              >
                <span
                  className={cn(
                    'flex size-14 shrink-0 items-center justify-center rounded-full text-3xl font-black tabular-nums',
                    rankStyles[row.rank] ?? 'bg-slate-800 text-white',
                  )}
                >
                  <span className="sr-only">{t('rank')} </span>
                  {row.rank}
                </span>
                <span className="min-w-0 flex-1 truncate text-4xl font-bold">{row.name}</span>
                {(showAmounts || board.unit === 'count') && row.amount !== undefined && (
                  <span className="shrink-0 text-4xl font-extrabold tabular-nums text-emerald-300">
                    {board.unit === 'count' ? formatCount(Math.trunc(Number(row.amount))) : formatCurrency(row.amount)}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** The team goals in force: each team's progress as a wide bar, its pace in words, its figures where the link shows them. */
function TeamGoals({ goals }: { goals: TvTeamGoal[] }) {
  const t = useT(messages);
  return (
    <ul aria-labelledby="tv-board-heading" className="grid grid-cols-1 gap-4">
      {goals.slice(0, TV_BOARD_SIZE).map((goal) => {
        const done = Math.min(100, goal.percent);
        const reached = goal.percent >= 100;
        const figure = (value: number | string) => (goal.unit === 'count' ? formatCount(Number(value)) : formatCurrency(value));
        return (
          <li key={goal.goalId} className="grid gap-3 rounded-xl bg-slate-900 px-6 py-4 ring-1 ring-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
              <span className="min-w-0 truncate text-4xl font-bold">{goal.teamName}</span>
              <span className="text-2xl text-slate-300">
                {t('goalPeriod', { metric: goal.metricName, period: goal.period })}
              </span>
            </div>
            <div className="h-6 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
              <div className={cn('h-full rounded-full', reached ? 'bg-emerald-400' : goal.pace === 'behind' ? 'bg-red-500' : 'bg-amber-400')} style={{ width: `${done}%` }} />
            </div>
            <div className="flex flex-wrap justify-between gap-x-6 text-2xl font-semibold tabular-nums">
              <span>
                {goal.actual !== undefined && goal.target !== undefined
                  ? t('goalFigures', { percent: goal.percent, actual: figure(goal.actual), target: figure(goal.target) })
                  : t('percent', { percent: goal.percent })}
              </span>
              <span className={cn(reached ? 'text-emerald-300' : goal.pace === 'behind' ? 'text-red-300' : 'text-slate-200')}>{reached ? t('reached') : t('pace', { pace: goal.pace })}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
