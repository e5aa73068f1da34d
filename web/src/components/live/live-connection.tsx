import type { LiveEvent } from '@contract/events';
import { useEffect, useRef } from 'react';
import { liveUpdates, useLiveUpdates, type LiveReader } from '../../lib/live-updates';
import { LiveStatusBadge } from './live-status';

/*
 * The screens' side of live updates (lib/live-updates.ts). Screens load this module with React.lazy, so that the
 * stream's code comes with the dashboards and never with the landing page: import nothing from it statically.
 */

/**
 * Follows the event stream as `reader` while it is shown, and says how the connection is doing: small and quiet, for
 * a screen's header.
 */
export function LiveStatus({ reader, className }: { reader: LiveReader; className?: string | undefined }) {
  return <LiveStatusBadge state={useLiveUpdates(reader)} className={className} />;
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
