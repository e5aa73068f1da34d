import type { Contest } from '@contract/contests';
import type { Metric } from '@contract/metrics';
import type { Team } from '@contract/teams';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MetricSelect } from '../../../components/insight/metric-select';
import { Button } from '../../../components/ui/button';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { DateInput } from '../../../components/ui/date-input';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAgentsPage } from '../../../lib/agents-page';
import { isCalendarDay } from '../../../lib/day-field';
import { currencySymbol } from '../../../lib/format';
import { PROFIT, useMetrics } from '../../../lib/metrics';
import { useTeams } from '../../../lib/teams';
import { useContestStandings, useSaveContest } from '../api/contests';
import {
  changeableIn,
  checkContestForm,
  contestFormOf,
  createInputOf,
  emptyContestForm,
  fieldOfIssue,
  updateInputOf,
  type ContestFormErrors,
  type ContestFormValues,
} from '../utils/contest-form';
import { CONTEST_DAYS_MAX, CONTEST_DESCRIPTION_MAX, CONTEST_NAME_MAX } from '../utils/contest-limits';
import { previewParticipants } from '../utils/participant-preview';
import { LabelledSelect } from './labelled-select';
import { ParticipantPreviewPanel } from './participant-preview';
import { ParticipantsField } from './participants-field';
import { PrizesField } from './prizes-field';

/** What a published contest may still change, said before its fields. */
const LOCKED_NOTE: Record<string, string> = {
  scheduled: 'This contest is scheduled: its name, description, prizes and showing on the TV can still change; the rest is fixed.',
  running: 'This contest is running: only its description and showing on the TV can change.',
  ended: 'This contest has ended: only its description and showing on the TV can change.',
};

/** Reads what the form starts from: the metrics and teams, and a draft's agents' names (its standings name them). */
export default function ContestFormLoader({ contest, activeAgents, onDone }: { contest?: Contest; activeAgents?: number; onDone: () => void }) {
  const metrics = useMetrics();
  const teams = useTeams();
  const namesNeeded = contest?.state === 'draft' && contest.participants.kind === 'agents';
  const standings = useContestStandings(contest?.id ?? 0, namesNeeded);
  if (metrics.isPending || teams.isPending || (namesNeeded && standings.isPending)) return <Spinner label="Loading..." className="min-h-40" />;
  const names = new Map((standings.data?.standings ?? []).flatMap((row) => (row.id === null ? [] : [[row.id, row.name] as const])));
  const active = (metrics.data ?? []).filter((metric) => metric.active);
  const initial = contest ? contestFormOf(contest, names) : emptyContestForm((active[0] ?? PROFIT).key);
  return <ContestForm contest={contest} initial={initial} metrics={metrics.data ?? [PROFIT]} teams={teams.data?.teams ?? []} activeAgents={activeAgents} onDone={onDone} />;
}

type Intent = 'draft' | 'publish' | 'save';

function ContestForm({
  contest,
  initial,
  metrics,
  teams,
  activeAgents,
  onDone,
}: {
  contest?: Contest;
  initial: ContestFormValues;
  metrics: Metric[];
  teams: Team[];
  activeAgents?: number;
  onDone: () => void;
}) {
  const save = useSaveContest();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ContestFormErrors>({});
  const [intent, setIntent] = useState<Intent>('save');
  const state = contest?.state ?? 'new';
  const changeable = changeableIn(state);
  const locked = (field: Parameters<typeof changeable.has>[0]) => !changeable.has(field);
  const set = (change: Partial<ContestFormValues>) => setValues((current) => ({ ...current, ...change }));
  // The metrics a contest may be on: the active ones, and the one it is on already.
  const options = metrics.filter((metric) => metric.active || metric.key === values.metric);
  const metric = metrics.find((one) => one.key === values.metric) ?? (contest ? { ...PROFIT, key: contest.metric, name: contest.metricName, unit: contest.unit } : PROFIT);
  const everyone = useAgentsPage({ offset: 0, limit: 100 }, values.participantKind === 'all');
  const preview = previewParticipants(values, teams, activeAgents, everyone.data?.agents ?? []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen: Intent = submitter instanceof HTMLButtonElement && submitter.value ? (submitter.value as Intent) : state === 'new' || state === 'draft' ? 'draft' : 'save';
    setIntent(chosen);
    const found = checkContestForm(values, metric.unit, changeable);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const publish = chosen === 'publish';
    // Awaited rather than given callbacks: a draft published from its row moves to another group of the list, and the
    // dialog with it, before the list has been read again.
    void save.mutateAsync(contest ? { id: contest.id, update: updateInputOf(values, changeable, publish) } : { create: createInputOf(values, !publish) }).then(
      (saved) => {
        if (!saved) return;
        const title = publish ? 'Contest published' : saved.state === 'draft' ? 'Draft saved' : 'Contest saved';
        const what = publish ? (saved.state === 'running' ? 'is running from today.' : 'is scheduled.') : saved.state === 'draft' ? 'is kept as a draft until it is published.' : 'is changed.';
        toast({ title, description: `${saved.name} ${what}`, variant: 'success' });
        onDone();
      },
      (failure: unknown) => {
        const issues = failure instanceof ApiError ? failure.issues : [];
        const byField: ContestFormErrors = {};
        const rest: string[] = [];
        for (const issue of issues) {
          const field = fieldOfIssue(issue.path);
          if (field && !byField[field]) byField[field] = issue.message;
          else if (!field) rest.push(issue.message);
        }
        const message = rest[0] ?? (Object.keys(byField).length === 0 ? errorMessage(failure, 'Failed to save the contest') : undefined);
        setErrors({ ...byField, ...(message ? { form: message } : {}) });
        if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
      },
    );
  };

  const pendingLabel = intent === 'publish' ? 'Publishing...' : 'Saving...';
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {LOCKED_NOTE[state] && <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">{LOCKED_NOTE[state]}</p>}
      <FormField label="Name" error={errors.name}>
        <Input value={values.name} maxLength={CONTEST_NAME_MAX} disabled={locked('name')} placeholder="Summer sprint" onChange={(event) => set({ name: event.target.value })} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description}>
        <Textarea rows={2} value={values.description} maxLength={CONTEST_DESCRIPTION_MAX} disabled={locked('description')} onChange={(event) => set({ description: event.target.value })} />
      </FormField>

      {!locked('metric') && options.length >= 2 ? (
        <div className="grid gap-1">
          <MetricSelect options={options} value={values.metric} onChange={(key) => set({ metric: key })} className="grid gap-1.5" />
          {errors.metric && <p className="text-sm font-medium text-red-700">{errors.metric}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Metric: <span className="font-medium text-slate-900">{metric.name}</span>
        </p>
      )}

      <div className="grid gap-1.5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First day" error={errors.startsAt}>
            <DateInput value={values.startsAt} disabled={locked('startsAt')} onChange={(day) => set({ startsAt: day })} />
          </FormField>
          <FormField label="Last day" error={errors.endsAt}>
            <DateInput value={values.endsAt} min={isCalendarDay(values.startsAt) ? values.startsAt : undefined} disabled={locked('endsAt')} onChange={(day) => set({ endsAt: day })} />
          </FormField>
        </div>
        <p className="text-xs text-slate-600">Both days count, whole days in the organisation’s time zone; at most {CONTEST_DAYS_MAX} days.</p>
      </div>

      <ChoiceFieldset legend="How it is won">
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['total', 'Most by the end', 'Whoever has the highest figure when the last day is over.'],
              ['race', 'First to a target', 'Whoever reaches the target first wins; the others keep their places.'],
            ] as const
          ).map(([format, label, hint]) => (
            <ChoiceCard
              key={format}
              size="compact"
              control={<input type="radio" name="contest-format" value={format} checked={values.format === format} disabled={locked('format')} onChange={() => set({ format })} className={choiceInputClass} />}
            >
              <span className="text-sm font-medium text-slate-900">{label}</span>
              <span className="text-xs text-slate-600">{hint}</span>
            </ChoiceCard>
          ))}
        </div>
      </ChoiceFieldset>
      {values.format === 'race' && (
        <FormField label={metric.unit === 'count' ? `Target (${metric.name})` : `Target (${currencySymbol()})`} error={errors.target}>
          <Input
            type="number"
            min="1"
            step={metric.unit === 'count' ? '1' : '0.01'}
            inputMode={metric.unit === 'count' ? 'numeric' : 'decimal'}
            value={values.target}
            disabled={locked('target')}
            onChange={(event) => set({ target: event.target.value })}
          />
        </FormField>
      )}

      <div className="grid gap-1">
        <LabelledSelect label="Repeats" value={values.recurrence} disabled={locked('recurrence')} onChange={(value) => set({ recurrence: value as ContestFormValues['recurrence'] })} className="sm:max-w-xs">
          <option value="">No, a one-off</option>
          <option value="weekly">Every week</option>
          <option value="monthly">Every month</option>
        </LabelledSelect>
        {errors.recurrence && <p className="text-sm font-medium text-red-700">{errors.recurrence}</p>}
      </div>

      <ParticipantsField value={values} onChange={set} teams={teams} disabled={locked('participants')} error={errors.participants ?? errors.teamsCompete} />
      <ParticipantPreviewPanel preview={preview} />

      <PrizesField prizes={values.prizes} onChange={(prizes) => set({ prizes })} disabled={locked('prizes')} error={errors.prizes} />

      <TvSwitch checked={values.showOnTv} onChange={(showOnTv) => set({ showOnTv })} disabled={locked('showOnTv')} />

      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errors.form}
        </p>
      )}
      {/* Kept in sight at the foot of the dialog while its long form scrolls, from a tablet's width up (on a phone the
          three buttons, one above the other, would hide too much of it). */}
      <DialogFooter className="z-10 sm:sticky sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:border-t sm:border-slate-200 sm:bg-white sm:px-6 sm:py-4">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        {state === 'new' || state === 'draft' ? (
          <>
            <Button type="submit" name="intent" value="draft" variant="secondary" disabled={save.isPending}>
              {save.isPending && intent === 'draft' && <Loader2 className="animate-spin" aria-hidden="true" />}
              {save.isPending && intent === 'draft' ? pendingLabel : state === 'new' ? 'Save as draft' : 'Save draft'}
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={save.isPending}>
              {save.isPending && intent === 'publish' && <Loader2 className="animate-spin" aria-hidden="true" />}
              {save.isPending && intent === 'publish' ? pendingLabel : state === 'new' ? 'Publish' : 'Save and publish'}
            </Button>
          </>
        ) : (
          <Button type="submit" name="intent" value="save" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {save.isPending ? pendingLabel : 'Save changes'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

function TvSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <Switch id="contest-show-on-tv" checked={checked} onCheckedChange={onChange} disabled={disabled} aria-describedby="contest-show-on-tv-hint" />
      <div className="grid gap-0.5">
        <Label htmlFor="contest-show-on-tv">Show on the TV</Label>
        <p id="contest-show-on-tv-hint" className="text-xs text-slate-600">
          It joins the TV boards’ rotation with a countdown while it runs.
        </p>
      </div>
    </div>
  );
}
