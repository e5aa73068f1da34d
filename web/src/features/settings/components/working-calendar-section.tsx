import type { OrganisationSettings } from '@contract/settings';
import { CalendarDays, Loader2, Plus, Save, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceCard, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { DateInput } from '../../../components/ui/date-input';
import { weekdayOf } from '../../../lib/day-field';
import { Label } from '../../../components/ui/label';
import { SectionCard } from '../../../components/ui/section-card';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useSaveOrganisationSettings } from '../api/organisation-settings';
import { messages } from '../messages';
import {
  calendarChanges,
  describeWorkingDays,
  holidayProblem,
  noWorkingDayMessage,
  toggleWorkingDay,
  weekdayLabel,
  WEEKDAYS,
  withHoliday,
  type WorkingCalendar,
} from '../utils/working-calendar';

type Field = keyof WorkingCalendar;
type Errors = Partial<Record<Field, string>>;

/** The field a refused request's issue is about: "holidays.3" is the holidays' fourth day. */
const fieldOf = (path: string): Field | undefined => (['workingDays', 'holidays'] as const).find((field) => path === field || path.startsWith(`${field}.`));

/**
 * The organisation's working calendar (docs/decisions/0073-goal-pacing.md): the weekdays the team works and the
 * holidays it does not, which goals count their pace by. Saved on its own, apart from the organisation's other settings.
 */
export function WorkingCalendarSection({ saved }: { saved: OrganisationSettings }) {
  const t = useT(messages);
  const save = useSaveOrganisationSettings();
  const [form, setForm] = useState<WorkingCalendar>({ workingDays: saved.workingDays, holidays: saved.holidays });
  const [errors, setErrors] = useState<Errors>({});
  const [newHoliday, setNewHoliday] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const firstDayInput = useRef<HTMLInputElement>(null);
  const holidayInput = useRef<HTMLInputElement>(null);
  const holidayList = useRef<HTMLUListElement>(null);
  // The place of a holiday just removed: its Remove button is gone, the focus goes to the next one's.
  const removedAt = useRef<number | undefined>(undefined);
  const change = calendarChanges(saved, form);
  const unchanged = Object.keys(change).length === 0;
  const daysError = form.workingDays.length === 0 ? noWorkingDayMessage() : errors.workingDays;
  const daysDescription = [`${id}-days-hint`, daysError ? `${id}-days-error` : undefined].filter(Boolean).join(' ');
  const holidayDescription = [`${id}-holiday-hint`, errors.holidays ? `${id}-holiday-error` : undefined].filter(Boolean).join(' ');

  useEffect(() => {
    const index = removedAt.current;
    if (index === undefined) return;
    removedAt.current = undefined;
    const buttons = holidayList.current?.querySelectorAll('button');
    (buttons?.[Math.min(index, buttons.length - 1)] ?? holidayInput.current)?.focus();
  }, [form.holidays]);

  const focus = (field: Field) => (field === 'workingDays' ? firstDayInput : holidayInput).current?.focus();

  function toggleDay(day: number, on: boolean) {
    setForm((before) => ({ ...before, workingDays: toggleWorkingDay(before.workingDays, day, on) }));
    setErrors((before) => ({ ...before, workingDays: undefined }));
  }

  function addHoliday() {
    const problem = holidayProblem(form.holidays, newHoliday);
    setErrors((before) => ({ ...before, holidays: problem }));
    if (problem) {
      holidayInput.current?.focus();
      return;
    }
    setForm((before) => ({ ...before, holidays: withHoliday(before.holidays, newHoliday) }));
    setAnnouncement(translate(messages, 'holidayAdded', { day: formatCalendarDay(newHoliday) }));
    setNewHoliday('');
  }

  function removeHoliday(holiday: string, index: number) {
    removedAt.current = index;
    setForm((before) => ({ ...before, holidays: before.holidays.filter((day) => day !== holiday) }));
    setErrors((before) => ({ ...before, holidays: undefined }));
    setAnnouncement(translate(messages, 'holidayRemoved', { day: formatCalendarDay(holiday) }));
  }

  // Enter in the date field adds the day, as the button beside it does, rather than saving the calendar.
  function onHolidayKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addHoliday();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.workingDays.length === 0) {
      focus('workingDays');
      return;
    }
    if (unchanged || save.isPending) return;
    save.mutate(change, {
      onSuccess: (settings) =>
        toast({
          title: translate(messages, 'calendarSaved'),
          description: translate(messages, 'calendarSavedText', { days: describeWorkingDays(settings.workingDays), count: settings.holidays.length }),
        }),
      onError: (error) => {
        if (isReauthenticationCancelled(error)) return;
        const refused: Errors = {};
        if (error instanceof ApiError) {
          for (const issue of error.issues) {
            const field = fieldOf(issue.path);
            if (field) refused[field] ??= issue.message;
          }
        }
        const first = (['workingDays', 'holidays'] as const).find((field) => refused[field]);
        if (first) {
          setErrors(refused);
          focus(first);
        } else toast({ title: translate(messages, 'calendarNotSaved'), description: errorMessage(error, translate(messages, 'tryAgain')), variant: 'destructive' });
      },
    });
  }

  return (
    <SectionCard
      id="settings-working-calendar"
      icon={CalendarDays}
      title={t('workingCalendar')}
      description={t('calendarDescription')}
    >
      <form onSubmit={submit} noValidate className="grid gap-6">
        <fieldset className="grid min-w-0 gap-2" aria-describedby={daysDescription}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('workingDays')}</legend>
          <p id={`${id}-days-hint`} className="text-xs text-slate-600">
            {t('workingDaysHint')}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {WEEKDAYS.map((day, index) => (
              <ChoiceCard
                key={day}
                size="compact"
                control={
                  <input
                    ref={index === 0 ? firstDayInput : undefined}
                    type="checkbox"
                    className={choiceInputClass}
                    checked={form.workingDays.includes(day)}
                    aria-invalid={daysError ? true : undefined}
                    onChange={(event) => toggleDay(day, event.target.checked)}
                  />
                }
              >
                <span className="text-sm font-medium text-slate-900">{weekdayLabel(day)}</span>
              </ChoiceCard>
            ))}
          </div>
          <div aria-live="polite">
            {daysError && (
              <p id={`${id}-days-error`} className="text-sm font-medium text-red-700">
                {daysError}
              </p>
            )}
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('holidays')}</legend>
          <div className="grid gap-1.5">
            <p id={`${id}-holiday-hint`} className="text-xs text-slate-600">
              {t('holidaysHint')}
            </p>
            <Label htmlFor={`${id}-holiday`} className="sr-only">
              {t('holidayDate')}
            </Label>
            <div className="flex flex-wrap gap-2">
              <DateInput
                inputRef={holidayInput}
                id={`${id}-holiday`}
                value={newHoliday}
                className="w-auto min-w-0 flex-1 sm:max-w-48"
                aria-invalid={errors.holidays ? true : undefined}
                aria-describedby={holidayDescription}
                onChange={(day) => {
                  setNewHoliday(day);
                  if (errors.holidays) setErrors((before) => ({ ...before, holidays: undefined }));
                }}
                onKeyDown={onHolidayKeyDown}
              />
              <Button type="button" variant="outline" onClick={addHoliday}>
                <Plus aria-hidden="true" />
                {t('addHoliday')}
              </Button>
            </div>
            {errors.holidays && (
              <p id={`${id}-holiday-error`} className="text-sm font-medium text-red-700">
                {errors.holidays}
              </p>
            )}
          </div>
          {form.holidays.length === 0 ? (
            <p className="text-sm text-slate-600">{t('noHolidays')}</p>
          ) : (
            <ul ref={holidayList} aria-label={t('holidays')} className="grid gap-2">
              {form.holidays.map((holiday, index) => {
                const words = formatCalendarDay(holiday);
                return (
                  <li key={holiday} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 py-1.5 pl-3 pr-1.5">
                    <span className="min-w-0 text-sm">
                      <time dateTime={holiday} className="font-medium text-slate-900">
                        {words}
                      </time>
                      {!form.workingDays.includes(weekdayOf(holiday)) && <span className="text-slate-600"> {t('notWorkingDay')}</span>}
                    </span>
                    <Button type="button" size="sm" variant="ghost" aria-label={t('removeDay', { day: words })} onClick={() => removeHoliday(holiday, index)}>
                      <X aria-hidden="true" />
                      {t('remove')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          {/* Never disabled: a button that turns disabled under the focus drops it to the page. */}
          <Button type="submit" aria-disabled={save.isPending || unchanged}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {t('saveCalendar')}
          </Button>
          {unchanged && <span className="text-sm text-slate-600">{t('noChanges')}</span>}
        </div>
      </form>
    </SectionCard>
  );
}
