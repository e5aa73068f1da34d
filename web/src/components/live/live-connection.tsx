import type { LiveEvent } from '@contract/events';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { liveUpdates, useLiveUpdates, type LiveConnectionState, type LiveReader } from '../../lib/live-updates';
import { CONNECTING, LIVE_BADGE_CLASS, LIVE_DOT_CLASS, LIVE_LABEL_CLASS } from './live-status';

/*
 * The screens' side of live updates (lib/live-updates.ts). Screens load this module with React.lazy, so that the
 * stream's code comes with the dashboards and never with the landing page: import nothing from it statically.
 */

const looks: Record<LiveConnectionState, { label: string; dot: string; hint: string }> = {
  connecting: CONNECTING,
  live: { label: 'Live', dot: 'bg-emerald-500', hint: 'Figures update as soon as anything changes' },
  reconnecting: { label: 'Reconnecting…', dot: 'bg-amber-500 motion-safe:animate-pulse', hint: 'The connection dropped; trying again' },
  offline: { label: 'Offline', dot: 'bg-slate-400', hint: 'Not receiving live updates; figures may be out of date' },
};

/**
 * Follows the event stream as `reader` while it is shown, and says how the connection is doing: small and quiet, for
 * a screen's header.
 */
export function LiveStatus({ reader, className }: { reader: LiveReader; className?: string | undefined }) {
  const state = useLiveUpdates(reader);
  const { label, dot, hint } = looks[state];
  return (
    <div
      role="status"
      aria-label="Live updates"
      title={hint}
      data-state={state}
      className={cn(LIVE_BADGE_CLASS, className)}
    >
      <span className={cn(LIVE_DOT_CLASS, dot)} aria-hidden="true" />
      <span className={LIVE_LABEL_CLASS}>{label}</span>
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
