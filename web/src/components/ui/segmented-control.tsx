import { useId } from 'react';
import { cn } from '../../lib/cn';

interface SegmentedControlProps<T extends string> {
  /** Names the choice for assistive technology ("Period"); shown only to them. */
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * One of a few options, side by side: native radio buttons (arrow keys move between them) drawn as a segmented bar.
 * Wraps on a narrow screen rather than pushing the page sideways.
 */
export function SegmentedControl<T extends string>({ legend, value, options, onChange, disabled = false, className }: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className={cn('min-w-0', className)} disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <div className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex-1 cursor-pointer whitespace-nowrap rounded-md px-3 py-1.5 text-center text-sm font-medium sm:flex-none transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600',
                checked ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                // Over the whole segment, invisible: a click anywhere on it is a click on the radio button itself.
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
