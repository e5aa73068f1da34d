import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** A centred loading indicator with a label for assistive technology. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const t = useT(messages);
  return (
    <div role="status" className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600', className)}>
      <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden="true" />
      <span className="text-sm">{label ?? t('loading')}</span>
    </div>
  );
}
