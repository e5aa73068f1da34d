import { useId, type ReactNode } from 'react';

/** The classes of a checkbox or radio button in a ChoiceCard (or beside its own label). */
export const choiceInputClass = 'mt-0.5 size-4 shrink-0 accent-brand-600';

/**
 * A group of checkboxes or radio buttons under a legend; its error, if any, goes below them, with the id
 * `${id}-error` and named by the group's aria-describedby.
 */
export function ChoiceFieldset({
  id,
  legend,
  legendId,
  error,
  children,
}: {
  /** The base of the error's id (a `useId`, else one of its own); the choices may build their own ids from it. */
  id?: string;
  legend: string;
  legendId?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const ownId = useId();
  const errorId = error ? `${id ?? ownId}-error` : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend id={legendId} className="mb-1.5 text-sm font-medium text-slate-800">
        {legend}
      </legend>
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const cardClass = {
  roomy:
    'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
  compact:
    'flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 p-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
} as const;

/** One choice of a ChoiceFieldset: its input (`control`) beside its name and a line under it, in a card that shows it ticked. */
export function ChoiceCard({ size = 'roomy', control, children }: { size?: keyof typeof cardClass; control: ReactNode; children: ReactNode }) {
  return (
    <label className={cardClass[size]}>
      {control}
      <span className="grid min-w-0 gap-0.5">{children}</span>
    </label>
  );
}
