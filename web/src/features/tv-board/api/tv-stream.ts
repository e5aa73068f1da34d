import { STREAM_RESET, type BadgeAwardedData, type TierReachedData } from '@contract/events';
import { EVENT_STREAM_CLOSED, type EventStream } from '../../../lib/event-stream';
import { applyOrgSettings } from '../../../lib/org-settings';
import { backoffDelay } from './get-tv-snapshot';

/**
 * The board's one event stream, GET /api/tv/{token}/events (docs/product.md §12.8). A board stays on a wall for
 * days, so nothing here grows: one EventSource at a time (the previous one closed before the next opens), one retry
 * timer, and listeners attached to a source only, which go with it.
 *
 * The browser reconnects by itself after a dropped connection (the server asks for 2 s) and sends the last event id,
 * so the server replays what was missed. It gives up when a reconnection is refused: the link was revoked (404), or
 * the server is busy or down. Only a re-read of the board tells those apart; a 404 ends the stream for good, anything
 * else opens it again after a growing delay.
 */

export type TvConnectionState = 'connecting' | 'live' | 'reconnecting';


/** The events after which the boards and the wins may differ: the board reads its snapshot again. */
const CHANGES_BOARD = [
  'entry.created',
  'entry.voided',
  'leaderboard.changed',
  'agent.created',
  'agent.deleted',
  'data.changed',
  // Contests on the rotation: made or changed, started, their standings moved, ended, final.
  'contest.changed',
  'contest.started',
  'contest.standings',
  'contest.ended',
  'contest.final',
  STREAM_RESET,
];

export interface TvStreamHandlers {
  /** The boards may have changed (also after a reconnection: events may have been missed). */
  onChange: () => void;
  onTierReached: (data: TierReachedData) => void;
  /** An agent earned a badge (its public part: an agent hidden from public boards is anonymous). */
  onBadgeAwarded: (data: BadgeAwardedData) => void;
  onState: (state: TvConnectionState) => void;
  /** Reads the board again: true when the server says the link is gone (404). */
  isRevoked: () => Promise<boolean>;
  /** Called once when the link turns out to be revoked; the stream is then closed for good. */
  onRevoked: () => void;
}

export interface TvStreamOptions {
  openSource?: (url: string) => EventStream;
  random?: () => number;
}

/** Follows the board's stream until the returned function is called or the link is revoked. */
export function followTvStream(
  token: string,
  handlers: TvStreamHandlers,
  { openSource = (url) => new EventSource(url), random = Math.random }: TvStreamOptions = {},
): () => void {
  const path = `/api/tv/${encodeURIComponent(token)}/events`;
  let source: EventStream | null = null;
  let lastEventId: string | undefined;
  let refusals = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const remember = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
  };

  function open() {
    retryTimer = undefined;
    if (stopped) return;
    // A new EventSource cannot send the Last-Event-ID header: the query carries it (contract/events.ts).
    const current = openSource(lastEventId ? `${path}?lastEventId=${encodeURIComponent(lastEventId)}` : path);
    source = current;
    current.onopen = () => {
      refusals = 0;
      handlers.onState('live');
      // Whatever happened between the board's last read and now (before the first open, or while reconnecting).
      handlers.onChange();
    };
    current.onerror = () => {
      if (source !== current || stopped) return;
      handlers.onState('reconnecting');
      if (current.readyState !== EVENT_STREAM_CLOSED) return;
      current.close();
      source = null;
      void checkThenReopen();
    };
    for (const type of CHANGES_BOARD) {
      current.addEventListener(type, (message) => {
        remember(message);
        handlers.onChange();
      });
    }
    // The organisation's currency, locale or name changed: the board writes its amounts the new way.
    current.addEventListener('settings.changed', (message) => {
      remember(message);
      try {
        applyOrgSettings(JSON.parse(message.data));
      } catch {
        // Not what the contract says: the page keeps the settings it has.
      }
    });
    // The celebrations: passed on as sent, or not at all when the data is not JSON.
    const celebrate = <T>(type: 'tier.reached' | 'badge.awarded', handle: (data: T) => void) =>
      current.addEventListener(type, (message) => {
        remember(message);
        let data: T;
        try {
          data = JSON.parse(message.data) as T;
        } catch {
          return;
        }
        handle(data);
      });
    celebrate<TierReachedData>('tier.reached', handlers.onTierReached);
    celebrate<BadgeAwardedData>('badge.awarded', handlers.onBadgeAwarded);
  }

  async function checkThenReopen() {
    let revoked = false;
    try {
      revoked = await handlers.isRevoked();
    } catch {
      // The board could not be read either: the server or the network is down, not the link.
    }
    if (stopped) return;
    if (revoked) {
      stopped = true;
      handlers.onRevoked();
      return;
    }
    retryTimer = setTimeout(open, backoffDelay(refusals, random));
    refusals += 1;
  }

  handlers.onState('connecting');
  open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
