import type { BoardAgent, LeaderboardMode } from '@contract/insight';
import { RankMovementBadge } from '../../../components/boards/rank-movement-badge';
import { cn } from '../../../lib/cn';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
import { formatCurrency2, formatGrowth } from '../../../lib/format';
import { rankMovement } from '../../../lib/rank-movement';
import type { MedalStyle } from './leaderboard-medals';
import type { TierOfTotal } from '../utils/tier-of-total';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** A board agent's growth as a signed percentage; a dash where there is none. */
export const growthText = (growth: string | null) => (growth === null ? '—' : formatGrowth(growth));

interface LeaderboardRowProps {
  agent: BoardAgent;
  mode: LeaderboardMode;
  medal: MedalStyle | undefined;
  /** "This Month", or the words of a past period. */
  figureLabel: string;
  /** The period in a sentence: "this month", "in October 2026". */
  periodPhrase: string;
  /** The movement since the period before, ending a sentence ("last month"); undefined hides the movement. */
  movementSince: string | undefined;
  /** How the board's figures are written: money by default, a count for a count metric's board. */
  formatFigure?: (value: string) => string;
  /** What the board ranks, in words, for a screen reader's "no income last month" (a metric's name; income when absent). */
  figureName?: string;
  /** The tier the agent's total has reached (none yet: undefined). */
  tier?: TierOfTotal | undefined;
}

/** One agent of a board: rank (with its medal), name, position, movement, and the period's figure. */
export function LeaderboardRow({ agent, mode, medal, figureLabel, periodPhrase, movementSince, formatFigure = formatCurrency2, figureName, tier }: LeaderboardRowProps) {
  const t = useT(messages);
  const Icon = medal?.icon;
  const movement = movementSince === undefined ? null : rankMovement(agent.rank, agent.previousRank, agent.periodIncome);
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border px-3 py-3 sm:gap-4 sm:px-4',
        medal ? medal.row : 'border-slate-200 bg-white',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
          medal ? medal.rank : 'bg-slate-100 text-slate-700',
        )}
      >
        <span className="sr-only">{t('rank')} </span>
        {agent.rank}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900">
          <AgentDetailLink agentId={agent.id} className="min-w-0 [overflow-wrap:anywhere]">
            {agent.name}
          </AgentDetailLink>
          {medal && Icon && (
            <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', medal.badge)}>
              <Icon className="size-3.5" aria-hidden="true" />
              {t('medal', { place: medal.place })}
            </span>
          )}
          {movement && movementSince && <RankMovementBadge movement={movement} since={movementSince} figure={figureName} />}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <span className="[overflow-wrap:anywhere]">{agent.position}</span>
          {tier && (
            <span className="inline-flex items-center gap-1">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full ring-1 ring-slate-900/20" style={{ backgroundColor: tier.color }} />
              <span className="sr-only">{t('tier')} </span>
              {tier.name}
            </span>
          )}
        </p>
        {mode === 'growth' && (
          <p className="text-xs text-slate-600 tabular-nums">
            {t('growthFrom', { amount: formatFigure(agent.periodIncome), phrase: periodPhrase, previous: formatFigure(agent.previousIncome ?? '0') })}
          </p>
        )}
      </div>
      <div className="shrink-0 text-right">
        {mode === 'growth' ? (
          <>
            <p
              className={cn(
                'text-base font-bold tabular-nums sm:text-lg',
                Number(agent.growth) > 0 ? 'text-emerald-700' : Number(agent.growth) < 0 ? 'text-red-700' : 'text-slate-900',
              )}
            >
              {growthText(agent.growth)}
            </p>
            <p className="text-xs text-slate-600">{t('growth')}</p>
          </>
        ) : (
          <>
            <p className="text-base font-bold text-slate-900 tabular-nums sm:text-lg">{formatFigure(agent.periodIncome)}</p>
            <p className="text-xs text-slate-600">{figureLabel}</p>
          </>
        )}
      </div>
    </li>
  );
}
