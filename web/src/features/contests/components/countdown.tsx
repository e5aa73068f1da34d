import { Timer } from 'lucide-react';
import { useNow } from '../../../hooks/use-now';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { timeLeft, timeLeftText, timeLeftWords } from '../utils/countdown';

/**
 * "Ends in 2d 04h 13m 05s", moving each second. Screen readers read it in words, to the minute, when they reach it
 * (a timer is not announced as it moves).
 */
export function Countdown({ until, label, doneText, className }: { until: Date; label: string; doneText: string; className?: string }) {
  const t = useT(messages);
  const left = timeLeft(until, new Date(useNow(1_000)));
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700', className)}>
      <Timer className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
      {left.done ? (
        <span className="font-medium text-slate-900">{doneText}</span>
      ) : (
        <>
          <span>{label}</span>
          <span role="timer" aria-label={t('timerLabel', { label, time: timeLeftWords(left) })} className="font-semibold tabular-nums text-slate-900">
            {timeLeftText(left)}
          </span>
        </>
      )}
    </p>
  );
}
