import { Sparkles, X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/translate';
import { Button } from '../ui/button';
import { messages } from './messages';

/**
 * The banner a celebration shows above a dashboard (a tier reached, a badge earned): its icon in a ring with a spark,
 * what happened, one action and Dismiss. It moves in, and its icon wiggles, only when the person has not asked for
 * reduced motion. `tone` colours its border and background, `ring` the icon's ring.
 */
export function CelebrationBanner({
  tone,
  ring,
  icon,
  title,
  body,
  action,
  onDismiss,
}: {
  tone: string;
  ring: { className?: string; style?: CSSProperties };
  icon: ReactNode;
  title: ReactNode;
  body: ReactNode;
  action: ReactNode;
  onDismiss: () => void;
}) {
  const t = useT(messages);
  return (
    <div
      className={cn(
        'mb-6 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-xl border p-4 shadow-sm motion-safe:animate-celebrate-in sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-5',
        tone,
      )}
    >
      <span className={cn('relative flex size-12 shrink-0 items-center justify-center rounded-full border-2 bg-white', ring.className)} style={ring.style}>
        {icon}
        <Sparkles className="absolute -right-2 -top-2 size-5 text-amber-500 motion-safe:animate-celebrate-spark" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">{title}</p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{body}</p>
      </div>
      <div className="col-start-2 flex items-center gap-2 sm:col-start-3">
        {action}
        <Button variant="ghost" size="icon" aria-label={t('dismiss')} onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
