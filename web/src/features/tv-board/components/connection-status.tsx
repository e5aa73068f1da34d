import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate';
import type { TvConnectionState } from '../api/tv-stream';
import { messages } from '../messages';

const dots: Record<TvConnectionState, string> = {
  connecting: 'bg-slate-400',
  live: 'bg-emerald-400 motion-safe:animate-pulse',
  reconnecting: 'bg-amber-400',
};

/** Whether the board follows the stream now: a coloured dot and a word, in the corner. */
export function ConnectionStatus({ state }: { state: TvConnectionState }) {
  const t = useT(messages);
  return (
    <span role="status" className="flex items-center gap-2 font-semibold text-white">
      <span className={cn('size-3 rounded-full', dots[state])} aria-hidden="true" />
      {t('connection', { state })}
    </span>
  );
}
