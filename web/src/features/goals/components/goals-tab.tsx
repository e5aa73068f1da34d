import type { Goal } from '@contract/goals';
import { goalPeriods, type GoalPeriod } from '@contract/goal-periods';
import { Pencil, Target, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate';
import { useMetrics } from '../../../lib/metrics';
import { useLedTeamNames, useTeams } from '../../../lib/teams';
import { useGoals, useSaveGoal, type GoalFilter } from '../api/goals';
import { messages } from '../messages';
import { GoalProgress } from './goal-progress';
import { NativeSelect } from './goal-fields';
import { SetGoalDialog, targetError } from './set-goal-dialog';
import { TeamGoalsDialog } from './team-goals-dialog';

/**
 * The Goals tab (owners and managers): every goal in force now in the reader's scope, team goals first, with who is
 * behind pace a filter away; set one, set a team's at once from suggestions, change a target, remove a goal.
 */
export function GoalsTab() {
  const t = useT(messages);
  const metrics = useMetrics();
  const teams = useTeams();
  const ledTeams = useLedTeamNames();
  const [filter, setFilter] = useState<GoalFilter>({});
  const goals = useGoals(filter);
  const active = (metrics.data ?? []).filter((metric) => metric.active);
  const list = goals.data?.goals ?? [];
  const behind = list.filter((goal) => goal.progress.pace === 'behind' && goal.progress.percent < 100).length;
  const set = (change: Partial<GoalFilter>) => setFilter((current) => Object.fromEntries(Object.entries({ ...current, ...change }).filter(([, value]) => value !== undefined)) as GoalFilter);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Target className="size-5 text-brand-600" aria-hidden="true" />
            {t('goals')}
          </CardTitle>
          <CardDescription>
            {t('goalsText')}{' '}
            {goals.data && !filter.pace && <span className="font-medium text-slate-900">{behind === 0 ? t('nobodyBehind') : t('behindPace', { count: behind })}</span>}
          </CardDescription>
        </div>
        {active.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <TeamGoalsDialog metrics={active} />
            <SetGoalDialog metrics={active} />
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-label={t('filterGoals')}>
          <NativeSelect label={t('metric')} value={filter.metric ?? ''} onChange={(value) => set({ metric: value || undefined })}>
            <option value="">{t('allMetrics')}</option>
            {(metrics.data ?? []).map((metric) => (
              <option key={metric.key} value={metric.key}>
                {metric.name}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect label={t('period')} value={filter.period ?? ''} onChange={(value) => set({ period: (value || undefined) as GoalPeriod | undefined })}>
            <option value="">{t('allPeriods')}</option>
            {goalPeriods.map((period) => (
              <option key={period} value={period}>
                {t('periodLabel', { period })}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect label={t('team')} value={filter.teamId === undefined ? '' : String(filter.teamId)} onChange={(value) => set({ teamId: value === '' ? undefined : Number(value) })}>
            <option value="">{ledTeams && ledTeams.length > 0 ? t('allMyTeams') : t('allTeams')}</option>
            {(teams.data?.teams ?? []).map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect label={t('paceFilter')} value={filter.pace ?? ''} onChange={(value) => set({ pace: value === 'behind' ? 'behind' : undefined })}>
            <option value="">{t('anyPace')}</option>
            <option value="behind">{t('behindOnly')}</option>
          </NativeSelect>
        </div>
        {goals.isPending ? (
          <Spinner label={t('loadingGoals')} />
        ) : goals.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(goals.error, t('goalsLoadFailed'))}
          </p>
        ) : list.length === 0 ? (
          <EmptyState
            icon={Target}
            title={filter.pace ? t('nobodyBehindPace') : t('noGoals')}
            description={filter.pace ? t('allOnTrack') : t('noGoalsText')}
          />
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('goals')}>
            {list.map((goal) => (
              <li key={goal.id}>
                <GoalProgress
                  goal={goal}
                  holder={goal.teamId !== null ? t('teamHolder', { name: goal.holderName }) : goal.holderName}
                  actions={
                    <>
                      <EditTarget goal={goal} />
                      <RemoveGoal goal={goal} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function EditTarget({ goal }: { goal: Goal }) {
  const t = useT(messages);
  const save = useSaveGoal();
  const [target, setTarget] = useState(String(goal.target));
  const [error, setError] = useState<string | undefined>(undefined);
  const state = useFormDialog(() => {
    setTarget(String(goal.target));
    setError(undefined);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = targetError(goal.unit, target);
    setError(wrong);
    if (wrong) return;
    save.mutate(
      { id: goal.id, update: { target: target.trim() } },
      {
        onSuccess: () => {
          toast({ title: t('targetChanged'), description: t('goalOf', { holder: goal.holderName, metric: goal.metricName }), variant: 'success' });
          state.done();
        },
        onError: (failure) => setError(failure instanceof ApiError ? (failure.issues[0]?.message ?? failure.message) : errorMessage(failure, t('changeTargetFailed'))),
      },
    );
  };
  return (
    <FormDialog
      state={state}
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('changeTargetOf', { holder: goal.holderName, metric: goal.metricName })}>
          <Pencil aria-hidden="true" />
        </Button>
      }
      title={t('changeTarget')}
      description={t('changeTargetText', { holder: goal.holderName, metric: goal.metricName, period: goal.period, recurring: goal.recurring ? 'yes' : 'no' })}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('saving')}
    >
      <FormField label={t('target')} error={error}>
        <Input type="number" min="1" step={goal.unit === 'count' ? '1' : '0.01'} value={target} onChange={(event) => setTarget(event.target.value)} />
      </FormField>
    </FormDialog>
  );
}

function RemoveGoal({ goal }: { goal: Goal }) {
  const t = useT(messages);
  const save = useSaveGoal();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={t('removeGoalOf', { holder: goal.holderName, metric: goal.metricName })}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={t('removeGoalTitle')}
      description={t('removeGoalText', { holder: goal.holderName, metric: goal.metricName, period: goal.period })}
      confirmLabel={t('removeGoal')}
      onConfirm={() =>
        save.mutate(
          { remove: goal.id },
          {
            onSuccess: () => toast({ title: t('goalRemoved'), description: t('goalOf', { holder: goal.holderName, metric: goal.metricName }), variant: 'success' }),
            onError: (failure) => toast({ title: t('error'), description: errorMessage(failure, t('removeFailed')), variant: 'destructive' }),
          },
        )
      }
    />
  );
}
