import type { LiveEvent } from '@contract/events';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { liveUpdates, useLiveUpdates, type LiveConnectionState, type LiveReader } from '../../lib/live-updates';

/*
 * The screens' side of live updates (lib/live-updates.ts). Screens load this module with React.lazy, so that the
 * stream's code comes with the dashboards and never with the landing page: import nothing from it statically.
 */

const looks: Record<LiveConnectionState, { label: string; dot: string; hint: string }> = {
  connecting: { label: 'Connecting…', dot: 'bg-slate-400 motion-safe:animate-pulse', hint: 'Connecting to live updates' },
  live: { label: 'Live', dot: 'bg-emerald-500', hint: 'Figures update as soon as anything changes' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-500 motion-safe:animate-pulse', hint: 'The connection dropped; trying again' },
  offline: { label: 'Offline', dot: 'bg-slate-400', hint: 'Not receiving live updates; figures may be out of date' },
};

/**
 * Follows the event stream as `reader` while it is shown, and says how the connection is doing: small and quiet, for
 * a screen's header.
 */
export function LiveStatus({ reader, className }: { reader: LiveReader; className?: string }) {
  const state = useLiveUpdates(reader);
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

/** Calls `onEvent` for each event of the stream while mounted (the stream itself is opened by a LiveStatus). */
export function LiveEventListener({ onEvent }: { onEvent: (event: LiveEvent) => void }) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => liveUpdates.subscribeEvents((event) => latest.current(event)), []);
  return null;
}
