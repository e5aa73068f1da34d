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
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useSaveOrganisationSettings } from '../api/organisation-settings';
import {
  calendarChanges,
  describeWorkingDays,
  holidayProblem,
  NO_WORKING_DAY,
  toggleWorkingDay,
  WEEKDAYS,
  withHoliday,
  type WorkingCalendar,
} from '../utils/working-calendar';

type Field = keyof WorkingCalendar;
type Errors = Partial<Record<Field, string>>;

/** The field a refused request's issue is about: "holidays.3" is the holidays' fourth day. */
const fieldOf = (path: string): Field | undefined => (['workingDays', 'holidays'] as const).find((field) => path === field || path.startsWith(`${field}.`));

const holidaysPhrase = (count: number) => (count === 0 ? '' : `, skipping ${count} ${count === 1 ? 'holiday' : 'holidays'}`);

/**
 * The organisation's working calendar (docs/decisions/0073-goal-pacing.md): the weekdays the team works and the
 * holidays it does not, which goals count their pace by. Saved on its own, apart from the organisation's other settings.
 */
export function WorkingCalendarSection({ saved }: { saved: OrganisationSettings }) {
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
  const daysError = form.workingDays.length === 0 ? NO_WORKING_DAY : errors.workingDays;
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
    setAnnouncement(`${formatCalendarDay(newHoliday)} added.`);
    setNewHoliday('');
  }

  function removeHoliday(holiday: string, index: number) {
    removedAt.current = index;
    setForm((before) => ({ ...before, holidays: before.holidays.filter((day) => day !== holiday) }));
    setErrors((before) => ({ ...before, holidays: undefined }));
    setAnnouncement(`${formatCalendarDay(holiday)} removed.`);
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
          title: 'Working calendar saved',
          description: `Goals now count ${describeWorkingDays(settings.workingDays)}${holidaysPhrase(settings.holidays.length)}.`,
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
        } else toast({ title: 'The working calendar was not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  }

  return (
    <SectionCard
      id="settings-working-calendar"
      icon={CalendarDays}
      title="Working calendar"
      description="Goals count only these days: what is expected by now grows with each working day that is over, and holidays count as days off."
    >
      <form onSubmit={submit} noValidate className="grid gap-6">
        <fieldset className="grid min-w-0 gap-2" aria-describedby={daysDescription}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Working days</legend>
          <p id={`${id}-days-hint`} className="text-xs text-slate-600">
            At least one day must stay a working day.
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {WEEKDAYS.map(({ day, name }, index) => (
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
                <span className="text-sm font-medium text-slate-900">{name}</span>
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
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Holidays</legend>
          <div className="grid gap-1.5">
            <p id={`${id}-holiday-hint`} className="text-xs text-slate-600">
              Days off although their weekday is worked, such as public holidays.
            </p>
            <Label htmlFor={`${id}-holiday`} className="sr-only">
              Holiday date
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
                Add holiday
              </Button>
            </div>
            {errors.holidays && (
              <p id={`${id}-holiday-error`} className="text-sm font-medium text-red-700">
                {errors.holidays}
              </p>
            )}
          </div>
          {form.holidays.length === 0 ? (
            <p className="text-sm text-slate-600">No holidays: every working day counts.</p>
          ) : (
            <ul ref={holidayList} aria-label="Holidays" className="grid gap-2">
              {form.holidays.map((holiday, index) => {
                const words = formatCalendarDay(holiday);
                return (
                  <li key={holiday} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 py-1.5 pl-3 pr-1.5">
                    <span className="min-w-0 text-sm">
                      <time dateTime={holiday} className="font-medium text-slate-900">
                        {words}
                      </time>
                      {!form.workingDays.includes(weekdayOf(holiday)) && <span className="text-slate-600"> · not a working day anyway</span>}
                    </span>
                    <Button type="button" size="sm" variant="ghost" aria-label={`Remove ${words}`} onClick={() => removeHoliday(holiday, index)}>
                      <X aria-hidden="true" />
                      Remove
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
            Save calendar
          </Button>
          {unchanged && <span className="text-sm text-slate-600">No changes to save.</span>}
        </div>
      </form>
    </SectionCard>
  );
}
