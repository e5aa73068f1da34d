import type { Goal } from '@contract/goals';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { expectedShare, formatGoalFigure, PACE_STYLES } from '../utils/goal-figures';

/**
 * One goal's progress: what is done against the target, a bar with a tick where a steady pace would be by now, the
 * pace in words (not by colour alone) and what is left per working day. `holder` names whose goal it is where a list
 * mixes holders; `actions` are the staff's buttons.
 */
export function GoalProgress({ goal, holder, actions, className }: { goal: Goal; holder?: ReactNode; actions?: ReactNode; className?: string }) {
  const t = useT(messages);
  const { progress, unit } = goal;
  const pace = PACE_STYLES[progress.pace];
  const done = Math.min(100, progress.percent);
  const tick = expectedShare(progress.expectedByNow, goal.target);
  const figure = (value: number | string) => formatGoalFigure(unit, value);
  const reached = progress.percent >= 100;
  const daysLeft = progress.workingDays.left;
  return (
    <div className={cn('grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:p-4', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {holder && <div className="truncate font-semibold text-slate-900">{holder}</div>}
          <div className={cn('text-slate-900', holder ? 'text-sm text-slate-700' : 'font-semibold')}>
            {t('goalLine', { metric: goal.metricName, period: goal.period, recurring: goal.recurring ? 'yes' : 'no' })}
          </div>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={reached ? 'success' : pace.badge}>{reached ? t('reached') : t('pace', { pace: progress.pace })}</Badge>
          {actions}
        </div>
      </div>
      <div className="relative pt-1">
        <div
          role="progressbar"
          aria-label={t('percentOfTarget', { metric: goal.metricName, percent: String(progress.percent) })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={done}
          className="relative h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className={cn('h-full rounded-full', reached ? 'bg-emerald-600' : pace.bar)} style={{ width: `${done}%` }} />
        </div>
        {/* A steady pace would be here by now. */}
        {!reached && tick > 0 && <div aria-hidden="true" className="absolute top-0 h-5 w-0.5 -translate-x-1/2 bg-slate-900" style={{ left: `${tick}%` }} />}
      </div>
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>
          <span className="font-semibold text-slate-900">{figure(progress.actual)}</span> {t('ofTarget', { target: figure(goal.target), percent: String(progress.percent) })}
        </span>
        <span>{t('expectedByNow', { amount: figure(progress.expectedByNow) })}</span>
      </div>
      <p className="text-sm text-slate-700">
        {reached
          ? t('targetReached')
          : daysLeft > 0
            ? t('perDayLeft', { perDay: figure(progress.perWorkingDayLeft), days: daysLeft, projected: figure(progress.projected) })
            : t('noDayLeft', { amount: figure(progress.perWorkingDayLeft) })}
      </p>
    </div>
  );
}
