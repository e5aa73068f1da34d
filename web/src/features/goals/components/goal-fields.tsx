import { goalPeriods, type GoalPeriod } from '@contract/goal-periods';
import type { Metric } from '@contract/metrics';
import type { TeamList } from '@contract/teams';
import { useId, type ReactNode } from 'react';
import { Label } from '../../../components/ui/label';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** A labelled native select (the forms and filters of the goals screens): keyboard and screen readers as the platform gives. */
export function NativeSelect({ label, value, onChange, children, className }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={className ?? 'grid gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {children}
      </select>
    </div>
  );
}

/** A goal form's Metric and Period, side by side from a phone's width up. */
export function MetricPeriodFields(props: { metrics: Metric[]; metric: string; onMetric: (key: string) => void; period: GoalPeriod; onPeriod: (period: GoalPeriod) => void }) {
  const t = useT(messages);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NativeSelect label={t('metric')} value={props.metric} onChange={props.onMetric}>
        {props.metrics.map((option) => (
          <option key={option.key} value={option.key}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect label={t('period')} value={props.period} onChange={(value) => props.onPeriod(value as GoalPeriod)}>
        {goalPeriods.map((option) => (
          <option key={option} value={option}>
            {t('periodLabel', { period: option })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A team select: "Choose a team" (empty) first, then the teams the reader may see. */
export function TeamSelect({ teams, value, onChange }: { teams: TeamList['teams'] | undefined; value: string; onChange: (value: string) => void }) {
  const t = useT(messages);
  return (
    <NativeSelect label={t('team')} value={value} onChange={onChange}>
      <option value="">{t('chooseTeam')}</option>
      {(teams ?? []).map((team) => (
        <option key={team.id} value={team.id}>
          {team.name}
        </option>
      ))}
    </NativeSelect>
  );
}
