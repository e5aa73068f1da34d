import { lazy, Suspense } from 'react';
import type { LiveReader } from '../../lib/live-updates';

/*
 * Where the screens show the live-update indicator. The stream's code and the indicator itself come in a chunk of
 * their own (live-connection.tsx); until it arrives, a badge of the same size says Connecting, so nothing moves.
 */

/** The badge and its dot, shared with live-connection.tsx. */
export const LIVE_BADGE_CLASS =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs font-medium text-slate-700';
export const LIVE_DOT_CLASS = 'size-2 shrink-0 rounded-full';
export const CONNECTING = { label: 'Connecting…', dot: 'bg-slate-400 motion-safe:animate-pulse', hint: 'Connecting to live updates' };

const LiveStatus = lazy(() => import('./live-connection').then((m) => ({ default: m.LiveStatus })));

/** Follows the event stream as `reader` while shown, with its indicator; the stream's code loads on first use. */
export function LiveIndicator({ reader, className }: { reader: LiveReader; className?: string }) {
  const placeholder = (
    <div role="status" aria-label="Live updates" title={CONNECTING.hint} data-state="connecting" className={`${LIVE_BADGE_CLASS} ${className ?? ''}`}>
      <span className={`${LIVE_DOT_CLASS} ${CONNECTING.dot}`} aria-hidden="true" />
      {CONNECTING.label}
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <LiveStatus reader={reader} className={className} />
    </Suspense>
  );
}
