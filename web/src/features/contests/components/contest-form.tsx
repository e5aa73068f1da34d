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
import { currencySymbol, formatCount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
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
import { messages } from '../messages';
import { CONTEST_DAYS_MAX, CONTEST_DESCRIPTION_MAX, CONTEST_NAME_MAX } from '../utils/contest-limits';
import { previewParticipants } from '../utils/participant-preview';
import { LabelledSelect } from './labelled-select';
import { ParticipantPreviewPanel } from './participant-preview';
import { ParticipantsField } from './participants-field';
import { PrizesField } from './prizes-field';

/** What a published contest may still change, said before its fields (the keys of its notes). */
const LOCKED_NOTE = { scheduled: 'lockedScheduled', running: 'lockedRunning', ended: 'lockedEnded' } as const;

/** Reads what the form starts from: the metrics and teams, and a draft's agents' names (its standings name them). */
export default function ContestFormLoader({ contest, activeAgents, onDone }: { contest?: Contest; activeAgents?: number; onDone: () => void }) {
  const t = useT(messages);
  const metrics = useMetrics();
  const teams = useTeams();
  const namesNeeded = contest?.state === 'draft' && contest.participants.kind === 'agents';
  const standings = useContestStandings(contest?.id ?? 0, namesNeeded);
  if (metrics.isPending || teams.isPending || (namesNeeded && standings.isPending)) return <Spinner label={t('loading')} className="min-h-40" />;
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
  const t = useT(messages);
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
        const title = publish ? t('contestPublished') : saved.state === 'draft' ? t('draftSaved') : t('contestSaved');
        const what = publish ? (saved.state === 'running' ? 'running' : 'scheduled') : saved.state === 'draft' ? 'draft' : 'changed';
        toast({ title, description: t('savedText', { what, name: saved.name }), variant: 'success' });
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
        const message = rest[0] ?? (Object.keys(byField).length === 0 ? errorMessage(failure, t('saveFailed')) : undefined);
        setErrors({ ...byField, ...(message ? { form: message } : {}) });
        if (message) toast({ title: t('error'), description: message, variant: 'destructive' });
      },
    );
  };

  const pendingLabel = intent === 'publish' ? t('publishing') : t('saving');
  const lockedNote = state === 'scheduled' || state === 'running' || state === 'ended' ? t(LOCKED_NOTE[state]) : undefined;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {lockedNote && <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">{lockedNote}</p>}
      <FormField label={t('name')} error={errors.name}>
        <Input value={values.name} maxLength={CONTEST_NAME_MAX} disabled={locked('name')} placeholder={t('namePlaceholder')} onChange={(event) => set({ name: event.target.value })} />
      </FormField>
      <FormField label={t('descriptionOptional')} error={errors.description}>
        <Textarea rows={2} value={values.description} maxLength={CONTEST_DESCRIPTION_MAX} disabled={locked('description')} onChange={(event) => set({ description: event.target.value })} />
      </FormField>

      {!locked('metric') && options.length >= 2 ? (
        <div className="grid gap-1">
          <MetricSelect options={options} value={values.metric} onChange={(key) => set({ metric: key })} className="grid gap-1.5" />
          {errors.metric && <p className="text-sm font-medium text-red-700">{errors.metric}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {t('metricColon')} <span className="font-medium text-slate-900">{metric.name}</span>
        </p>
      )}

      <div className="grid gap-1.5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('firstDay')} error={errors.startsAt}>
            <DateInput value={values.startsAt} disabled={locked('startsAt')} onChange={(day) => set({ startsAt: day })} />
          </FormField>
          <FormField label={t('lastDay')} error={errors.endsAt}>
            <DateInput value={values.endsAt} min={isCalendarDay(values.startsAt) ? values.startsAt : undefined} disabled={locked('endsAt')} onChange={(day) => set({ endsAt: day })} />
          </FormField>
        </div>
        <p className="text-xs text-slate-600">{t('daysHint', { max: formatCount(CONTEST_DAYS_MAX) })}</p>
      </div>

      <ChoiceFieldset legend={t('howWon')}>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['total', t('formatTotal'), t('formatTotalHint')],
              ['race', t('formatRace'), t('formatRaceHint')],
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
        <FormField label={t('targetOf', { unit: metric.unit === 'count' ? metric.name : currencySymbol() })} error={errors.target}>
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
        <LabelledSelect label={t('repeats')} value={values.recurrence} disabled={locked('recurrence')} onChange={(value) => set({ recurrence: value as ContestFormValues['recurrence'] })} className="sm:max-w-xs">
          <option value="">{t('recurrence', { recurrence: 'none' })}</option>
          <option value="weekly">{t('recurrence', { recurrence: 'weekly' })}</option>
          <option value="monthly">{t('recurrence', { recurrence: 'monthly' })}</option>
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
          {t('cancel')}
        </Button>
        {state === 'new' || state === 'draft' ? (
          <>
            <Button type="submit" name="intent" value="draft" variant="secondary" disabled={save.isPending}>
              {save.isPending && intent === 'draft' && <Loader2 className="animate-spin" aria-hidden="true" />}
              {save.isPending && intent === 'draft' ? pendingLabel : state === 'new' ? t('saveAsDraft') : t('saveDraft')}
            </Button>
            <Button type="submit" name="intent" value="publish" disabled={save.isPending}>
              {save.isPending && intent === 'publish' && <Loader2 className="animate-spin" aria-hidden="true" />}
              {save.isPending && intent === 'publish' ? pendingLabel : state === 'new' ? t('publish') : t('saveAndPublish')}
            </Button>
          </>
        ) : (
          <Button type="submit" name="intent" value="save" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {save.isPending ? pendingLabel : t('saveChanges')}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

function TvSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  const t = useT(messages);
  return (
    <div className="flex items-start gap-3">
      <Switch id="contest-show-on-tv" checked={checked} onCheckedChange={onChange} disabled={disabled} aria-describedby="contest-show-on-tv-hint" />
      <div className="grid gap-0.5">
        <Label htmlFor="contest-show-on-tv">{t('showOnTv')}</Label>
        <p id="contest-show-on-tv-hint" className="text-xs text-slate-600">
          {t('showOnTvHint')}
        </p>
      </div>
    </div>
  );
}
