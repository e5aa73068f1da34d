import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A centred loading indicator with a label for assistive technology. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600', className)}>
      <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
