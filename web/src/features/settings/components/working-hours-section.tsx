import type { OrganisationSettings } from '@contract/settings';
import { BellRing, Loader2, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { SectionCard } from '../../../components/ui/section-card';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/translate';
import { useSaveOrganisationSettings } from '../api/organisation-settings';
import { messages } from '../messages';

/** "09:00" from 540 minutes after midnight (1440, the day's end, as "24:00" cannot be typed: "23:59" is shown and 1440 kept). */
export const timeOfMinute = (minute: number) => {
  const shown = Math.min(minute, 1439);
  return `${String(Math.floor(shown / 60)).padStart(2, '0')}:${String(shown % 60).padStart(2, '0')}`;
};

/** Minutes after midnight of an "HH:MM" time input's value; undefined when empty or not a time. */
export function minuteOfTime(value: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

/**
 * The working hours of a working day (docs/product.md §12.21): push notifications wait outside them and on days not
 * worked (the working calendar above), in the organisation's time zone. Saved on its own.
 */
export function WorkingHoursSection({ saved }: { saved: OrganisationSettings }) {
  const t = useT(messages);
  const save = useSaveOrganisationSettings();
  const [start, setStart] = useState(timeOfMinute(saved.workStartMinute));
  const [end, setEnd] = useState(saved.workEndMinute === 1440 ? '23:59' : timeOfMinute(saved.workEndMinute));
  const [problem, setProblem] = useState<string | undefined>();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const [from, to] = [minuteOfTime(start), minuteOfTime(end)];
    if (from === undefined || to === undefined) return setProblem(t('enterBothTimes'));
    if (to <= from) return setProblem(t('endAfterStart'));
    setProblem(undefined);
    const workEndMinute = to === 1439 && saved.workEndMinute === 1440 ? 1440 : to;
    if (from === saved.workStartMinute && workEndMinute === saved.workEndMinute) return;
    save.mutate(
      { workStartMinute: from, workEndMinute },
      {
        onSuccess: (settings) =>
          toast({
            title: translate(messages, 'hoursSaved'),
            description: translate(messages, 'hoursSavedText', { start: timeOfMinute(settings.workStartMinute), end: timeOfMinute(settings.workEndMinute) }),
          }),
        onError: (error) => setProblem(errorMessage(error, translate(messages, 'hoursNotSaved'))),
      },
    );
  };

  return (
    <SectionCard
      id="settings-working-hours"
      icon={BellRing}
      title={t('workingHours')}
      description={t('workingHoursDescription')}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="flex flex-wrap gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-start`}>{t('workStarts')}</Label>
            <input id={`${id}-start`} type="time" step={60} value={start} onChange={(event) => setStart(event.target.value)} aria-describedby={problem ? `${id}-problem` : undefined} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-end`}>{t('workEnds')}</Label>
            <input id={`${id}-end`} type="time" step={60} value={end} onChange={(event) => setEnd(event.target.value)} aria-describedby={problem ? `${id}-problem` : undefined} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900" />
          </div>
        </div>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" aria-disabled={save.isPending || undefined}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {t('saveHours')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
