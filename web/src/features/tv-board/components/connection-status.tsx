import { cn } from '../../../lib/cn';
import type { TvConnectionState } from '../api/tv-stream';

const shown: Record<TvConnectionState, { label: string; dot: string }> = {
  connecting: { label: 'Connecting', dot: 'bg-slate-400' },
  live: { label: 'Live', dot: 'bg-emerald-400 motion-safe:animate-pulse' },
  reconnecting: { label: 'Reconnecting', dot: 'bg-amber-400' },
};

/** Whether the board follows the stream now: a coloured dot and a word, in the corner. */
export function ConnectionStatus({ state }: { state: TvConnectionState }) {
  const { label, dot } = shown[state];
  return (
    <span role="status" className="flex items-center gap-2 font-semibold text-white">
      <span className={cn('size-3 rounded-full', dot)} aria-hidden="true" />
      {label}
    </span>
  );
}
