import type { GoalPeriod } from '@contract/goal-periods';
import type { Metric } from '@contract/metrics';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AgentCombobox, isClosingSuggestions } from '../../../components/agents/agent-combobox';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { currencySymbol } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { useTeams } from '../../../lib/teams';
import { useGoalSuggestion, useSaveGoal } from '../api/goals';
import { messages } from '../messages';
import { formatGoalFigure } from '../utils/goal-figures';
import { MetricPeriodFields, TeamSelect } from './goal-fields';

type Errors = Partial<Record<'holder' | 'target' | 'form', string>>;

/** A target as typed: a whole number for a count, an amount above zero for money; the message when it is not. */
export function targetError(unit: Metric['unit'], text: string): string | undefined {
  const value = text.trim();
  if (value === '') return translate(messages, 'enterTarget');
  if (unit === 'count') return /^\d+$/.test(value) && Number(value) >= 1 ? undefined : translate(messages, 'wholeNumber');
  return /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0 ? undefined : translate(messages, 'amountAboveZero');
}

/** "Set goal": for an agent or a team, on a metric, per week, month or quarter, with the suggested target offered. */
export function SetGoalDialog({ metrics }: { metrics: Metric[] }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open}>
        <Plus aria-hidden="true" />
        {t('setGoal')}
      </Button>
      {open && <SetGoalForm metrics={metrics} onClose={() => setOpen(false)} />}
    </>
  );
}

function SetGoalForm({ metrics, onClose }: { metrics: Metric[]; onClose: () => void }) {
  const t = useT(messages);
  const teams = useTeams();
  const save = useSaveGoal();
  const [holderKind, setHolderKind] = useState<'agent' | 'team'>('agent');
  const [agentId, setAgentId] = useState('');
  const [teamId, setTeamId] = useState('');
  const [metricKey, setMetricKey] = useState(metrics[0]!.key);
  const [period, setPeriod] = useState<GoalPeriod>('month');
  const [recurring, setRecurring] = useState(true);
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const metric = metrics.find((option) => option.key === metricKey) ?? metrics[0]!;
  const holder = holderKind === 'agent' ? (agentId === '' ? {} : { agentId: Number(agentId) }) : teamId === '' ? {} : { teamId: Number(teamId) };
  const suggestion = useGoalSuggestion({ metric: metric.key, period, ...holder });
  const suggested = suggestion.data?.target ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!('agentId' in holder) && !('teamId' in holder)) found.holder = holderKind === 'agent' ? t('selectAgent') : t('selectTeam');
    const wrong = targetError(metric.unit, target);
    if (wrong) found.target = wrong;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { create: { ...holder, metric: metric.key, period, recurring, target: target.trim() } },
      {
        onSuccess: (goal) => {
          if (!goal) return;
          toast({
            title: t('goalSet'),
            description: t('goalSetText', { holder: goal.holderName, amount: formatGoalFigure(goal.unit, goal.target), metric: goal.metricName, period: goal.period }),
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.issues.find((one) => one.path === 'target') : undefined;
          if (issue) setErrors({ target: issue.message });
          else setErrors({ form: errorMessage(error, t('setGoalFailed')) });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t('setGoal')}</DialogTitle>
          <DialogDescription>{t('setGoalText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-slate-900">{t('whoseGoal')}</legend>
            <div className="flex gap-4">
              {(['agent', 'team'] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="radio" name="holder-kind" value={kind} checked={holderKind === kind} onChange={() => setHolderKind(kind)} className="size-4 accent-brand-600" />
                  {kind === 'agent' ? t('anAgent') : t('aTeam')}
                </label>
              ))}
            </div>
          </fieldset>
          {holderKind === 'agent' ? (
            <FormField label={t('agent')} error={errors.holder} hint={t('agentHint')}>
              <AgentCombobox onChange={setAgentId} autoFocus />
            </FormField>
          ) : (
            <div className="grid gap-1">
              <TeamSelect teams={teams.data?.teams} value={teamId} onChange={setTeamId} />
              {errors.holder && (
                <p role="alert" className="text-sm text-red-700">
                  {errors.holder}
                </p>
              )}
            </div>
          )}
          <MetricPeriodFields metrics={metrics} metric={metricKey} onMetric={setMetricKey} period={period} onPeriod={setPeriod} />
          <FormField label={t('targetOf', { unit: metric.unit === 'count' ? metric.name : currencySymbol() })} error={errors.target}>
            <Input
              type="number"
              step={metric.unit === 'count' ? '1' : '0.01'}
              min="1"
              inputMode={metric.unit === 'count' ? 'numeric' : 'decimal'}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
          </FormField>
          {suggested !== null && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {t('suggested', { amount: formatGoalFigure(metric.unit, suggested), periods: suggestion.data?.periods ?? 0 })}
              <Button type="button" variant="outline" size="sm" onClick={() => setTarget(String(suggested))}>
                {t('useIt')}
              </Button>
            </p>
          )}
          <label className="flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" checked={recurring} onChange={(event) => setRecurring(event.target.checked)} className="size-4 accent-brand-600" />
            {t('renew')}
          </label>
          {errors.form && (
            <p role="alert" className="text-sm text-red-700">
              {errors.form}
            </p>
          )}
          <FormDialogFooter onCancel={onClose} pending={save.isPending} submitLabel={t('setGoal')} pendingLabel={t('saving')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
