import type { Goal } from '@contract/goals';
import { GOAL_PERIOD_LABELS, goalPeriods, type GoalPeriod } from '@contract/goal-periods';
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
import { useMetrics } from '../../../lib/metrics';
import { useLedTeamNames, useTeams } from '../../../lib/teams';
import { useGoals, useSaveGoal, type GoalFilter } from '../api/goals';
import { GoalProgress } from './goal-progress';
import { NativeSelect } from './goal-fields';
import { SetGoalDialog, targetError } from './set-goal-dialog';
import { TeamGoalsDialog } from './team-goals-dialog';

/**
 * The Goals tab (owners and managers): every goal in force now in the reader's scope, team goals first, with who is
 * behind pace a filter away; set one, set a team's at once from suggestions, change a target, remove a goal.
 */
export function GoalsTab() {
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
            Goals
          </CardTitle>
          <CardDescription>
            Targets per week, month or quarter, with pace counted in working days.{' '}
            {goals.data && !filter.pace && <span className="font-medium text-slate-900">{behind === 0 ? 'Nobody is behind.' : `${behind} behind pace.`}</span>}
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
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-label="Filter goals">
          <NativeSelect label="Metric" value={filter.metric ?? ''} onChange={(value) => set({ metric: value || undefined })}>
            <option value="">All metrics</option>
            {(metrics.data ?? []).map((metric) => (
              <option key={metric.key} value={metric.key}>
                {metric.name}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect label="Period" value={filter.period ?? ''} onChange={(value) => set({ period: (value || undefined) as GoalPeriod | undefined })}>
            <option value="">All periods</option>
            {goalPeriods.map((period) => (
              <option key={period} value={period}>
                {GOAL_PERIOD_LABELS[period]}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect label="Team" value={filter.teamId === undefined ? '' : String(filter.teamId)} onChange={(value) => set({ teamId: value === '' ? undefined : Number(value) })}>
            <option value="">{ledTeams && ledTeams.length > 0 ? 'All my teams' : 'All teams'}</option>
            {(teams.data?.teams ?? []).map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect label="Pace" value={filter.pace ?? ''} onChange={(value) => set({ pace: value === 'behind' ? 'behind' : undefined })}>
            <option value="">Any pace</option>
            <option value="behind">Behind only</option>
          </NativeSelect>
        </div>
        {goals.isPending ? (
          <Spinner label="Loading goals..." />
        ) : goals.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(goals.error, 'Failed to load goals')}
          </p>
        ) : list.length === 0 ? (
          <EmptyState icon={Target} title={filter.pace ? 'Nobody is behind pace' : 'No goals yet'} description={filter.pace ? 'Every goal shown is on track or ahead.' : 'Set a goal for an agent or a team, or a whole team’s at once.'} />
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Goals">
            {list.map((goal) => (
              <li key={goal.id}>
                <GoalProgress
                  goal={goal}
                  holder={goal.teamId !== null ? `${goal.holderName} (team)` : goal.holderName}
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
          toast({ title: 'Target changed', description: `${goal.holderName}’s ${goal.metricName} goal.`, variant: 'success' });
          state.done();
        },
        onError: (failure) => setError(failure instanceof ApiError ? (failure.issues[0]?.message ?? failure.message) : errorMessage(failure, 'Failed to change the target')),
      },
    );
  };
  return (
    <FormDialog
      state={state}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Change the target of ${goal.holderName}’s ${goal.metricName} goal`}>
          <Pencil aria-hidden="true" />
        </Button>
      }
      title="Change target"
      description={`${goal.holderName}: ${goal.metricName}, ${GOAL_PERIOD_LABELS[goal.period].toLowerCase()}.${goal.recurring ? ' Every period from this one.' : ''}`}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <FormField label="Target" error={error}>
        <Input type="number" min="1" step={goal.unit === 'count' ? '1' : '0.01'} value={target} onChange={(event) => setTarget(event.target.value)} />
      </FormField>
    </FormDialog>
  );
}

function RemoveGoal({ goal }: { goal: Goal }) {
  const save = useSaveGoal();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Remove ${goal.holderName}’s ${goal.metricName} goal`}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Remove this goal?"
      description={`${goal.holderName}’s ${GOAL_PERIOD_LABELS[goal.period].toLowerCase()} ${goal.metricName} goal goes, for this period and every later one. What was recorded stays.`}
      confirmLabel="Remove goal"
      onConfirm={() =>
        save.mutate(
          { remove: goal.id },
          {
            onSuccess: () => toast({ title: 'Goal removed', description: `${goal.holderName}’s ${goal.metricName} goal.`, variant: 'success' }),
            onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to remove the goal'), variant: 'destructive' }),
          },
        )
      }
    />
  );
}
