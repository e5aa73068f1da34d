import type { GoalPeriod } from '@contract/goal-periods';
import type { Metric } from '@contract/metrics';
import { UsersRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate';
import { useTeams } from '../../../lib/teams';
import { useSaveGoalBatch, useTeamSuggestions } from '../api/goals';
import { messages } from '../messages';
import { MetricPeriodFields, TeamSelect } from './goal-fields';
import { targetError } from './set-goal-dialog';

/**
 * "Goals for a team": one metric and period for every active agent of a team at once, each target filled in from the
 * agent's own suggestion (the 80th percentile of its last 12 periods) and changed as the manager likes. A blank target
 * sets no goal for that agent. All are set, or none.
 */
export function TeamGoalsDialog({ metrics }: { metrics: Metric[] }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open}>
        <UsersRound aria-hidden="true" />
        {t('goalsForTeam')}
      </Button>
      {open && <TeamGoalsForm metrics={metrics} onClose={() => setOpen(false)} />}
    </>
  );
}

function TeamGoalsForm({ metrics, onClose }: { metrics: Metric[]; onClose: () => void }) {
  const t = useT(messages);
  const teams = useTeams();
  const save = useSaveGoalBatch();
  const [teamId, setTeamId] = useState('');
  const [metricKey, setMetricKey] = useState(metrics[0]!.key);
  const [period, setPeriod] = useState<GoalPeriod>('month');
  // What the manager typed, for the team, metric and period it was typed for: another choice starts from the suggestions again.
  const [edits, setEdits] = useState<{ key: string; values: Record<number, string> }>({ key: '', values: {} });
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const metric = metrics.find((option) => option.key === metricKey) ?? metrics[0]!;
  const suggestions = useTeamSuggestions({ metric: metric.key, period, teamId: teamId === '' ? undefined : Number(teamId) });
  const agents = suggestions.data?.suggestions ?? [];
  const choice = `${teamId}|${metric.key}|${period}`;
  const typed = edits.key === choice ? edits.values : {};
  // Each agent's target starts at its suggestion (blank: none to suggest).
  const targets: Record<number, string> = Object.fromEntries(agents.map((agent) => [agent.agentId, typed[agent.agentId] ?? (agent.target === null ? '' : String(agent.target))]));
  const type = (agentId: number, value: string) => setEdits({ key: choice, values: { ...typed, [agentId]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = agents.filter((agent) => (targets[agent.agentId] ?? '').trim() !== '');
    const found: Record<number, string> = {};
    for (const agent of chosen) {
      const wrong = targetError(metric.unit, targets[agent.agentId]!);
      if (wrong) found[agent.agentId] = wrong;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (chosen.length === 0) {
      setFormError(teamId === '' ? t('selectTeam') : t('giveOneTarget'));
      return;
    }
    setFormError(undefined);
    save.mutate(
      { metric: metric.key, period, recurring: true, goals: chosen.map((agent) => ({ agentId: agent.agentId, target: targets[agent.agentId]!.trim() })) },
      {
        onSuccess: (answer) => {
          toast({ title: t('goalsSet'), description: t('goalsSetText', { count: answer.goals.length, period, metric: metric.name }), variant: 'success' });
          onClose();
        },
        onError: (error) => setFormError(errorMessage(error, t('setGoalsFailed'))),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('goalsForTeam')}</DialogTitle>
          <DialogDescription>{t('teamGoalsText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TeamSelect teams={teams.data?.teams} value={teamId} onChange={setTeamId} />
          <MetricPeriodFields metrics={metrics} metric={metricKey} onMetric={setMetricKey} period={period} onPeriod={setPeriod} />
          {teamId !== '' && agents.length === 0 && !suggestions.isFetching && <p className="text-sm text-slate-700">{t('noActiveAgent')}</p>}
          {agents.length > 0 && (
            <ul className="grid gap-2" aria-label={t('targetsByAgent')}>
              {agents.map((agent) => (
                <li key={agent.agentId} className="grid grid-cols-[1fr_8rem] items-start gap-3">
                  <label htmlFor={`team-goal-${agent.agentId}`} className="pt-2 text-sm text-slate-900">
                    {agent.agentName}
                    <span className="block text-xs text-slate-600">{agent.target === null ? t('noHistory') : t('fromPeriods', { count: agent.periods })}</span>
                  </label>
                  <div>
                    <Input
                      id={`team-goal-${agent.agentId}`}
                      type="number"
                      min="1"
                      step={metric.unit === 'count' ? '1' : '0.01'}
                      value={targets[agent.agentId] ?? ''}
                      aria-invalid={errors[agent.agentId] ? true : undefined}
                      aria-describedby={errors[agent.agentId] ? `team-goal-${agent.agentId}-error` : undefined}
                      onChange={(event) => type(agent.agentId, event.target.value)}
                    />
                    {errors[agent.agentId] && (
                      <p id={`team-goal-${agent.agentId}-error`} className="mt-1 text-xs text-red-700">
                        {errors[agent.agentId]}
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {formError && (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          )}
          <FormDialogFooter onCancel={onClose} pending={save.isPending} submitLabel={t('setGoals')} pendingLabel={t('saving')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
