import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import type { LiveConnectionState, LiveReader } from '../../lib/live-updates';

/*
 * The live-update indicator's looks, apart from the stream's code (which comes in a chunk of its own: see
 * live-connection.tsx): while that chunk loads, the same badge says Connecting, so nothing moves when it arrives.
 */

const looks: Record<LiveConnectionState, { label: string; dot: string; hint: string }> = {
  connecting: { label: 'Connecting…', dot: 'bg-slate-400 motion-safe:animate-pulse', hint: 'Connecting to live updates' },
  live: { label: 'Live', dot: 'bg-emerald-500', hint: 'Figures update as soon as anything changes' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-500 motion-safe:animate-pulse', hint: 'The connection dropped; trying again' },
  offline: { label: 'Offline', dot: 'bg-slate-400', hint: 'Not receiving live updates; figures may be out of date' },
};

/** How the connection is doing: small and quiet, for a screen's header. */
export function LiveStatusBadge({ state, className }: { state: LiveConnectionState; className?: string | undefined }) {
  const { label, dot, hint } = looks[state];
  return (
    <div
      role="status"
      aria-label="Live updates"
      title={hint}
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700',
        className,
      )}
    >
      <span className={cn('size-2 shrink-0 rounded-full', dot)} aria-hidden="true" />
      {label}
    </div>
  );
}

const LiveStatus = lazy(() => import('./live-connection').then((m) => ({ default: m.LiveStatus })));

/** Follows the event stream as `reader` while shown, with its indicator; the stream's code loads on first use. */
export function LiveIndicator({ reader, className }: { reader: LiveReader; className?: string }) {
  return (
    <Suspense fallback={<LiveStatusBadge state="connecting" className={className} />}>
      <LiveStatus reader={reader} className={className} />
    </Suspense>
  );
}
