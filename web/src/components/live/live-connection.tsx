import type { LiveEvent } from '@contract/events';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { liveUpdates, useLiveUpdates, type LiveConnectionState, type LiveReader } from '../../lib/live-updates';
import { useT } from '../../lib/i18n/translate';
import { CONNECTING_DOT, LIVE_BADGE_CLASS, LIVE_DOT_CLASS, LIVE_LABEL_CLASS } from './live-status';
import { messages } from './messages';

/*
 * The screens' side of live updates (lib/live-updates.ts). Screens load this module with React.lazy, so that the
 * stream's code comes with the dashboards and never with the landing page: import nothing from it statically.
 */

const dots: Record<LiveConnectionState, string> = {
  connecting: CONNECTING_DOT,
  live: 'bg-emerald-500',
  reconnecting: 'bg-amber-500 motion-safe:animate-pulse',
  offline: 'bg-slate-400',
};

/**
 * Follows the event stream as `reader` while it is shown, and says how the connection is doing: small and quiet, for
 * a screen's header.
 */
export function LiveStatus({ reader, className }: { reader: LiveReader; className?: string | undefined }) {
  const state = useLiveUpdates(reader);
  const t = useT(messages);
  return (
    <div
      role="status"
      aria-label={t('liveUpdates')}
      title={t('hint', { state })}
      data-state={state}
      className={cn(LIVE_BADGE_CLASS, className)}
    >
      <span className={cn(LIVE_DOT_CLASS, dots[state])} aria-hidden="true" />
      <span className={LIVE_LABEL_CLASS}>{t('label', { state })}</span>
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
