import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../hooks/use-after-first-paint';
import { useT } from '../../lib/i18n/translate';
import type { LiveReader } from '../../lib/live-updates';
import { messages } from './messages';

/*
 * Where the screens show the live-update indicator. The stream's code and the indicator itself come in a chunk of
 * their own (live-connection.tsx); until it arrives, a badge of the same size says Connecting, so nothing moves.
 */

/** The badge and its dot, shared with live-connection.tsx. */
export const LIVE_BADGE_CLASS =
  'inline-flex min-h-6 items-center gap-1.5 whitespace-nowrap rounded-full border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 sm:px-2.5';
export const LIVE_DOT_CLASS = 'size-2 shrink-0 rounded-full';
/**
 * On a phone the badge is its dot alone (the label stays for screen readers and as the tooltip): the labels differ in
 * width, and a header that fits "Live" would wrap to two lines for "Connecting…", moving the whole page.
 */
export const LIVE_LABEL_CLASS = 'sr-only sm:not-sr-only';
/** The dot while the stream connects (its words are the catalog's "label" and "hint" of the state "connecting"). */
export const CONNECTING_DOT = 'bg-slate-400 motion-safe:animate-pulse';

const LiveStatus = lazy(() => import('./live-connection').then((m) => ({ default: m.LiveStatus })));

/**
 * Follows the event stream as `reader` while shown, with its indicator; the stream's code loads on first use, once the
 * screen's content has painted (`contentShown`: whether the screen shows its content yet, rather than a spinner).
 */
export function LiveIndicator({ reader, className, contentShown = true }: { reader: LiveReader; className?: string; contentShown?: boolean }) {
  const painted = useAfterFirstPaint(contentShown);
  const t = useT(messages);
  const placeholder = (
    <div
      role="status"
      aria-label={t('liveUpdates')}
      title={t('hint', { state: 'connecting' })}
      data-state="connecting"
      className={`${LIVE_BADGE_CLASS} ${className ?? ''}`}
    >
      <span className={`${LIVE_DOT_CLASS} ${CONNECTING_DOT}`} aria-hidden="true" />
      <span className={LIVE_LABEL_CLASS}>{t('label', { state: 'connecting' })}</span>
    </div>
  );
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LiveStatus reader={reader} className={className} />
    </Suspense>
  );
}
