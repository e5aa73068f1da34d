import type { BoardAgent, LeaderboardMode } from '@contract/insight';
import { cn } from '../../../lib/cn';
import { formatCurrency } from '../../../lib/format';
import { medals } from './leaderboard-medals';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
import { growthText } from './leaderboard-row';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// Where each of the three stands: the first in the middle on the tallest step, the second on its left, the third on
// its right. The list stays in rank order for assistive technology; only the grid places them. A step grows taller
// when its place's words wrap (a longer language), rather than letting them spill onto the floor.
const places = [
  { column: 'col-start-2', step: 'min-h-24 sm:min-h-28' },
  { column: 'col-start-1', step: 'min-h-16 sm:min-h-20' },
  { column: 'col-start-3', step: 'min-h-12 sm:min-h-14' },
];

/**
 * The podium of a board: its first three agents (ties share a rank, so two may stand on equal steps), each with the
 * medal of its rank and the period's figure. `agents`: at most three, in rank order, each with a medal earned.
 */
export function LeaderboardPodium({
  agents,
  mode,
  periodPhrase,
  formatFigure = formatCurrency,
}: {
  agents: BoardAgent[];
  mode: LeaderboardMode;
  periodPhrase: string;
  /** How the board's figures are written: money (whole) by default, a count for a count metric's board. */
  formatFigure?: (value: string) => string;
}) {
  const t = useT(messages);
  return (
    <section aria-labelledby="podium-heading" className="rounded-xl bg-gradient-to-b from-slate-50 to-white px-2 pb-3 pt-4 sm:px-6">
      <h3 id="podium-heading" className="sr-only">
        {t('topThree', { phrase: periodPhrase })}
      </h3>
      <ol className="mx-auto grid max-w-2xl grid-cols-3 items-end gap-2 sm:gap-4">
        {agents.slice(0, 3).map((agent, index) => {
          const medal = medals[agent.rank - 1] ?? medals[medals.length - 1]!;
          const place = places[Math.min(agent.rank, 3) - 1]!;
          const Icon = medal.icon;
          return (
            <li key={agent.id} className={cn('row-start-1 flex min-w-0 flex-col items-center gap-1 text-center', places[index]!.column)}>
              <span className={cn('flex size-10 items-center justify-center rounded-full sm:size-12', medal.rank)}>
                <Icon className="size-5 sm:size-6" aria-hidden="true" />
              </span>
              <p className="w-full text-sm font-semibold text-slate-900 [overflow-wrap:anywhere] sm:text-base">
                <AgentDetailLink agentId={agent.id}>{agent.name}</AgentDetailLink>
              </p>
              <p className="text-xs font-medium text-slate-700 tabular-nums sm:text-sm">
                {mode === 'growth' ? growthText(agent.growth) : formatFigure(agent.periodIncome)}
              </p>
              <div
                className={cn(
                  'mt-1 flex w-full flex-col items-center justify-start rounded-t-lg border border-b-0 pt-2 shadow-inner',
                  medal.step,
                  place.step,
                )}
              >
                <span className="text-xl font-bold tabular-nums sm:text-2xl">
                  <span className="sr-only">{t('rank')} </span>
                  {agent.rank}
                </span>
                <span className="text-[0.7rem] font-semibold uppercase tracking-wide sm:text-xs">{t('medal', { place: medal.place })}</span>
              </div>
            </li>
          );
        })}
      </ol>
      {/* The floor the steps stand on. */}
      <div className="mx-auto h-1.5 max-w-2xl rounded-full bg-slate-300" aria-hidden="true" />
    </section>
  );
}
