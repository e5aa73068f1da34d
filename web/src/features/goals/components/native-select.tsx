import { useId, type ReactNode } from 'react';
import { Label } from '../../../components/ui/label';

/** A labelled native select (the forms and filters of the goals screens): keyboard and screen readers as the platform gives. */
export function NativeSelect({ label, value, onChange, children, className }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={className ?? 'grid gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {children}
      </select>
    </div>
  );
}
