import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { localDayOf } from '../../lib/calendar-day';
import { addDays, addMonths, dayNumbers, dayPattern, firstDayOfWeek, formatDayNumeric, monthWeeks, parseDayText, weekdayOf } from '../../lib/day-field';
import { orgLocale } from '../../lib/format';
import { Input } from './input';
import { Popover, PopoverAnchor, PopoverContent, PopoverTitle, PopoverTrigger } from './popover';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/*
 * A date field written and read in the organisation's locale (docs/decisions/0088-date-fields.md), where a native
 * date input follows the browser's language. The text field takes the day as the locale writes it ("28.11.2026" under
 * de-DE) or as "2026-11-28"; the button beside it opens a month calendar with the locale's month and weekday names and
 * first weekday, worked with the arrow keys. The value is the API's "YYYY-MM-DD": onChange receives a day, '' when the
 * field is emptied, or the text as typed while it is not a day (a form's schema then says so; filters wait).
 */

type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'ref' | 'defaultValue'> & {
  value: string;
  onChange: (value: string) => void;
  /** The first and last day that may be picked (API days). */
  min?: string | undefined;
  max?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

export function DateInput({ value, onChange, min, max, inputRef, className, disabled, onBlur, ...props }: DateInputProps) {
  const t = useT(messages);
  const locale = orgLocale();
  const [text, setText] = useState(() => formatDayNumeric(value, locale));
  const [open, setOpen] = useState(false);

  // A value set from outside (a reset, a cleared filter, a picked day) is shown; what is being typed stays as typed.
  const [shown, setShown] = useState({ value, locale });
  if (shown.value !== value || shown.locale !== locale) {
    setShown({ value, locale });
    if (value !== (parseDayText(text, locale) ?? (text.trim() === '' ? '' : text))) setText(formatDayNumeric(value, locale));
  }

  const changeText = (next: string) => {
    setText(next);
    const day = parseDayText(next, locale);
    onChange(day ?? (next.trim() === '' ? '' : next));
  };

  const pick = (day: string) => {
    setText(formatDayNumeric(day, locale));
    onChange(day);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor className={cn('min-w-0', className)}>
        <Input
          ref={inputRef}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={dayPattern(locale).placeholder}
          value={text}
          disabled={disabled}
          className="pr-11"
          onChange={(event) => changeText(event.target.value)}
          onBlur={(event) => {
            // A day typed another way ("1.2.26") is written the locale's way once the field is left.
            const day = parseDayText(text, locale);
            if (day) setText(formatDayNumeric(day, locale));
            onBlur?.(event);
          }}
          {...props}
        />
        <PopoverTrigger
          type="button"
          disabled={disabled}
          aria-label={t('openCalendar')}
          className="absolute right-0.5 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50"
        >
          <CalendarDays aria-hidden="true" className="size-4" />
        </PopoverTrigger>
        {open && (
          <PopoverContent className="w-[min(20rem,calc(100vw-1rem))] p-3" onOpenAutoFocus={(event) => event.preventDefault()}>
            <MonthCalendar locale={locale} selected={dayNumbers(value) ? value : undefined} min={min} max={max} onPick={pick} />
          </PopoverContent>
        )}
      </PopoverAnchor>
    </Popover>
  );
}

interface MonthCalendarProps {
  locale: string;
  selected: string | undefined;
  min: string | undefined;
  max: string | undefined;
  onPick: (day: string) => void;
}

function clamp(day: string, min: string | undefined, max: string | undefined): string {
  if (min && day < min) return min;
  if (max && day > max) return max;
  return day;
}

/** A month of days as a grid of buttons; the arrow keys move a day or a week, Page Up and Page Down a month. */
function MonthCalendar({ locale, selected, min, max, onPick }: MonthCalendarProps) {
  const t = useT(messages);
  const [today] = useState(() => localDayOf(new Date()));
  const [focused, setFocused] = useState(() => clamp(selected ?? today, min, max));
  const grid = useRef<HTMLTableElement>(null);
  // The focus goes to the day when the calendar opens and follows the day a key moves to (not a month button's click).
  const moved = useRef(true);

  const names = useMemo(() => {
    const firstDay = firstDayOfWeek(locale);
    const atNoon = (day: string) => {
      const { year, month, day: date } = dayNumbers(day)!;
      return new Date(Date.UTC(year, month - 1, date, 12));
    };
    const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // The seven weekdays from the locale's first, named from a week that starts on a Monday (2026-11-23).
    const weekdays = Array.from({ length: 7 }, (_, index) => {
      const day = addDays('2026-11-23', (firstDay - 1 + index) % 7);
      return { short: short.format(atNoon(day)), long: long.format(atNoon(day)) };
    });
    return {
      firstDay,
      weekdays,
      month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      full: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
      atNoon,
    };
  }, [locale]);

  const weeks = monthWeeks(focused, names.firstDay);
  const month = dayNumbers(focused)!.month;

  useEffect(() => {
    if (moved.current) grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${focused}"]`)?.focus();
    moved.current = false;
  }, [focused]);

  const moveTo = (day: string) => {
    moved.current = true;
    setFocused(clamp(day, min, max));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekday = weekdayOf(focused);
    const fromWeekStart = (weekday - names.firstDay + 7) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => (event.shiftKey ? addMonths(focused, -12) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addMonths(focused, 12) : addMonths(focused, 1)),
      Home: () => addDays(focused, -fromWeekStart),
      End: () => addDays(focused, 6 - fromWeekStart),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const outOfRange = (day: string) => Boolean((min && day < min) || (max && day > max));
  const previousMonth = addMonths(focused, -1);
  const nextMonth = addMonths(focused, 1);
  const firstOfMonth = addDays(focused, 1 - dayNumbers(focused)!.day);
  const title = names.month.format(names.atNoon(focused));

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t('previousMonth')}
          disabled={Boolean(min && addDays(firstOfMonth, -1) < min)}
          onClick={() => setFocused(clamp(previousMonth, min, max))}
          className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <PopoverTitle className="text-sm" aria-live="polite">
          {title}
        </PopoverTitle>
        <button
          type="button"
          aria-label={t('nextMonth')}
          disabled={Boolean(max && addMonths(firstOfMonth, 1) > max)}
          onClick={() => setFocused(clamp(nextMonth, min, max))}
          className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse text-center text-sm" onKeyDown={onKeyDown}>
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            {names.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long} className="pb-1 text-xs font-medium text-slate-600">
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = dayNumbers(day)!.month === month;
                const isSelected = day === selected;
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={outOfRange(day)}
                      aria-label={names.full.format(names.atNoon(day))}
                      aria-pressed={isSelected}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onPick(day)}
                      className={cn(
                        'flex h-9 w-full items-center justify-center rounded-md tabular-nums hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:text-slate-400 disabled:line-through',
                        inMonth ? 'text-slate-900' : 'text-slate-500',
                        day === today && 'font-bold underline underline-offset-2',
                        isSelected && 'bg-brand-600 text-white hover:bg-brand-700',
                      )}
                    >
                      {dayNumbers(day)!.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
