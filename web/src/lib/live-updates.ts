import type { QueryClient } from '@tanstack/react-query';
import { eventTypes, STREAM_RESET, type EventType, type LiveEvent } from '@contract/events';
import { useEffect, useSyncExternalStore } from 'react';
import { coalesce } from './coalesce';
import { takeEarliestEventCursor } from './event-cursor';
import { EVENT_STREAM_CLOSED, type EventStream } from './event-stream';
import { queryClient as appQueryClient } from './query-client';
import { applyOrgSettings } from './org-settings';
import { queryKeys } from './query-keys';

/**
 * Live updates (docs/product.md §12.8; contract/events.ts): one EventSource on GET /api/events per page, opened
 * while a signed-in screen uses it. Each event marks stale the cached reads that show it, so the screens on display
 * refetch them; nothing polls. A burst of events (an import, a busy team) refetches each read at most once per
 * COALESCE_MS. The browser reconnects by itself after a dropped connection and the server replays what was missed;
 * a refused stream (401 signed out, 429 too many tabs) is retried here with a growing delay.
 *
 * Only components/live/live-connection.tsx imports this module, and the screens load that one with React.lazy: the
 * landing page's JavaScript carries none of it.
 */

export type LiveConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** Who follows the stream: an agent's own reads refresh only on its own events, not on others' public ones. */
export type LiveReader = { kind: 'staff' } | { kind: 'agent'; agentId: number };

type QueryKeyName = keyof typeof queryKeys;

/** A query key is invalidated at most once in this window; events that arrive meanwhile cause one more at its end. */
export const COALESCE_MS = 300;
/** Failed attempts in a row after which the indicator says Offline rather than Reconnecting. */
export const FAILURES_BEFORE_OFFLINE = 3;
/** Delays before opening again a stream the server refused, doubling from the first to the last. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_LAST_MS = 60_000;
/**
 * The last reader leaving closes the stream after this pause: a screen mounted again at once (React's strict mode, a
 * quick move between screens) keeps it, and signing out (the screen leaves) closes it before the browser would
 * reconnect (the server asks for 2 s).
 */
const CLOSE_AFTER_MS = 200;

const EVENTS_PATH = '/api/events';

/** What a refused or dropped stream may have hidden: the reads of the reader's session (it may have ended). */
const sessionKey: Record<LiveReader['kind'], QueryKeyName> = { staff: 'user', agent: 'agentSession' };

/** The agent's own reads: refreshed for its own events only. */
const ownAgentReads: QueryKeyName[] = ['agentTierData', 'agentRewards', 'agentClaims'];

/** The staff's reads that follow every agent's income: the overview's charts and an agent's page (docs/product.md §12.14). */
const incomeInsightReads: QueryKeyName[] = ['ownerTrends', 'ownerTierDistribution', 'agentDetail', 'agentHistory', 'incomeEntries'];

/**
 * The reads an event changes: `all` for every reader (an agent has no owner reads in its cache, so invalidating them
 * costs nothing), `own` only for the agent the event is about.
 */
function readsChangedBy(event: LiveEvent): { all: QueryKeyName[]; own?: QueryKeyName[]; agentId?: number | null } {
  switch (event.type) {
    case 'entry.created':
    case 'entry.voided':
      return { all: ['ownerDashboard', 'leaderboard', 'teamBoard', 'agents', ...incomeInsightReads], own: ['agentTierData', 'agentEntries', 'agentRank', 'agentMyHistory'], agentId: event.data.agentId };
    case 'tier.reached':
      return { all: ['ownerDashboard', 'agents', 'ownerTierDistribution', 'agentDetail'], own: ownAgentReads, agentId: event.data.agentId };
    case 'claim.created':
    case 'claim.updated':
      return { all: ['rewardClaims', 'agentDetail'], own: ownAgentReads, agentId: event.data.agentId };
    case 'leaderboard.changed':
      // The overview's first leaderboard page comes with the dashboard's read; an agent's place moves with the board.
      return { all: ['leaderboard', 'teamBoard', 'ownerDashboard', 'agentRank'] };
    case 'agent.created':
      return { all: ['agents', 'ownerDashboard', 'leaderboard', 'ownerTierDistribution'] };
    case 'agent.deleted':
      return { all: ['agents', 'ownerDashboard', 'leaderboard', 'rewardClaims', ...incomeInsightReads] };
    case 'agent.updated':
      // A name, a position, or whether the agent is shown on public boards: every list that names agents.
      return { all: ['agents', 'ownerDashboard', 'leaderboard', 'agentRank', 'rewardClaims', 'agentDetail', 'incomeEntries'] };
    case 'data.changed':
      return { all: Object.keys(queryKeys) as QueryKeyName[] };
    case 'notification.created':
      // The notifier made notifications for this reader (agents get only their own; staff events name their users).
      return { all: ['notifications'] };
    case 'tier.updated':
      // Thresholds move every agent's progress; a lowered one records achievements.
      return { all: ['tierSettings', 'ownerDashboard', 'agentTierData', 'agentRewards', 'ownerTierDistribution', 'agentDetail'] };
    case 'team.changed':
      // Who is in which team: the teams, the team board, and what a manager who leads teams may read.
      return { all: ['teams', 'teamBoard', 'ownerDashboard', 'leaderboard', 'agents', ...incomeInsightReads] };
    case 'settings.changed':
      // The figures stay; how they are written changes (handle() passes the new settings to lib/format.ts).
      return { all: ['organisationSettings', 'appInfo'] };
  }
}


export interface LiveUpdatesOptions {
  queryClient: QueryClient;
  openStream?: (url: string) => EventStream;
  /** navigator.onLine, and the window's online/offline events (absent outside a browser). */
  isOnline?: () => boolean;
  onConnectivity?: (listener: (online: boolean) => void) => () => void;
  /**
   * Runs `start` once the page has loaded and the browser is idle; returns what cancels it. The stream is not part of
   * what a page needs to show: opened during the load, a request that never ends would count against it.
   */
  afterPageLoad?: (start: () => void) => () => void;
  /** The oldest event cursor of the reads made before the stream opens (lib/event-cursor.ts), if any. */
  takeReadCursor?: () => string | undefined;
}

export type LiveEventListener = (event: LiveEvent) => void;

export function createLiveUpdates({
  queryClient,
  openStream = (url) => new EventSource(url),
  isOnline = () => navigator.onLine,
  onConnectivity = browserConnectivity,
  afterPageLoad = browserAfterPageLoad,
  takeReadCursor = takeEarliestEventCursor,
}: LiveUpdatesOptions) {
  let state: LiveConnectionState = 'offline';
  const stateListeners = new Set<() => void>();
  const eventListeners = new Set<LiveEventListener>();
  const throttles = new Map<QueryKeyName, ReturnType<typeof coalesce>>();

  let reader: LiveReader | null = null;
  let readers = 0;
  let stream: EventStream | null = null;
  let lastEventId: string | undefined;
  let failures = 0;
  let refusals = 0;
  /** Set when events may have been missed with nothing to replay them from: the next open reloads everything. */
  let reloadOnOpen = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let stopConnectivity: (() => void) | undefined;
  let cancelPendingOpen: (() => void) | undefined;

  function setState(next: LiveConnectionState) {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener();
  }

  function invalidate(name: QueryKeyName) {
    void queryClient.invalidateQueries({ queryKey: queryKeys[name] });
  }

  /** Invalidates at once, then at most once more per COALESCE_MS while events keep asking for it. */
  function refresh(name: QueryKeyName) {
    let throttled = throttles.get(name);
    if (!throttled) {
      throttled = coalesce(() => invalidate(name), COALESCE_MS);
      throttles.set(name, throttled);
    }
    throttled.call();
  }

  function reloadEverything() {
    void queryClient.invalidateQueries();
  }

  function handle(type: EventType, message: MessageEvent<string>) {
    if (message.lastEventId) lastEventId = message.lastEventId;
    let event: LiveEvent;
    try {
      event = { id: Number(message.lastEventId), type, data: JSON.parse(message.data) } as LiveEvent;
    } catch {
      // Not what the contract says: what the message meant cannot be known, so everything shown is read again.
      reloadEverything();
      return;
    }
    if (event.type === 'settings.changed') applyOrgSettings(event.data);
    const changed = readsChangedBy(event);
    for (const name of changed.all) refresh(name);
    if (changed.own && reader?.kind === 'agent' && reader.agentId === changed.agentId) for (const name of changed.own) refresh(name);
    for (const listener of eventListeners) listener(event);
  }

  function open() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!isOnline()) {
      setState('offline');
      return;
    }
    // The first opening starts after the screens' reads, from the oldest of their cursors: what came between them
    // and now is replayed. A new EventSource cannot send the Last-Event-ID header: the query carries it.
    const readCursor = takeReadCursor();
    if (lastEventId === undefined) lastEventId = readCursor;
    const url = lastEventId ? `${EVENTS_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : EVENTS_PATH;
    const source = openStream(url);
    stream = source;
    source.onopen = () => {
      failures = 0;
      refusals = 0;
      setState('live');
      if (reloadOnOpen) {
        reloadOnOpen = false;
        reloadEverything();
      }
    };
    source.onerror = () => {
      if (stream !== source) return;
      failures += 1;
      // Without an event id the server cannot replay what happens until the stream is back.
      if (!lastEventId) reloadOnOpen = true;
      if (source.readyState === EVENT_STREAM_CLOSED) {
        // Refused (401, 429) rather than dropped: the browser gives up, so the retry is ours. The session is read
        // again: if it ended, the screen leaves and the stream with it.
        source.close();
        stream = null;
        if (reader) invalidate(sessionKey[reader.kind]);
        const delay = Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** refusals);
        refusals += 1;
        // Spread out, so that the tabs refused together do not all come back at the same moment.
        retryTimer = setTimeout(open, delay * (0.75 + Math.random() * 0.5));
      }
      setState(failures >= FAILURES_BEFORE_OFFLINE ? 'offline' : 'reconnecting');
    };
    for (const type of eventTypes) source.addEventListener(type, (message) => handle(type, message));
    source.addEventListener(STREAM_RESET, (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      reloadEverything();
    });
  }

  function close() {
    cancelPendingOpen?.();
    cancelPendingOpen = undefined;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    stream?.close();
    stream = null;
    stopConnectivity?.();
    stopConnectivity = undefined;
    failures = 0;
    refusals = 0;
    lastEventId = undefined;
    // The cursors of reads made while this stream was open are older than what it delivered.
    takeReadCursor();
    reloadOnOpen = false;
    reader = null;
    setState('offline');
  }

  function onConnectivityChange(online: boolean) {
    if (!online) {
      // Nothing can arrive; the stream is opened again when the browser is back online.
      clearTimeout(retryTimer);
      retryTimer = undefined;
      stream?.close();
      stream = null;
      if (!lastEventId) reloadOnOpen = true;
      setState('offline');
    } else if (!stream) {
      refusals = 0;
      setState('reconnecting');
      open();
    }
  }

  return {
    /** Follows the stream as `who` until the returned function is called (the last one out closes it). */
    connect(who: LiveReader): () => void {
      readers += 1;
      reader = who;
      clearTimeout(closeTimer);
      if (!stream && !retryTimer && !cancelPendingOpen) {
        setState('connecting');
        stopConnectivity ??= onConnectivity(onConnectivityChange);
        // Opened once the page has loaded; what was committed after the screen's reads is replayed (see open()).
        cancelPendingOpen = afterPageLoad(() => {
          cancelPendingOpen = undefined;
          open();
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        readers -= 1;
        if (readers === 0) closeTimer = setTimeout(close, CLOSE_AFTER_MS);
      };
    },
    getState: () => state,
    subscribeState(listener: () => void) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    subscribeEvents(listener: LiveEventListener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
  };
}

function browserAfterPageLoad(start: () => void): () => void {
  if (typeof window === 'undefined') {
    start();
    return () => {};
  }
  let idle: number | undefined;
  const whenIdle = () => {
    idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
  };
}

function browserConnectivity(listener: (online: boolean) => void): () => void {
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

/** The page's one stream. */
export const liveUpdates = createLiveUpdates({ queryClient: appQueryClient });

/** Follows the stream as `reader` while the calling component is mounted; returns the connection state. */
export function useLiveUpdates(reader: LiveReader): LiveConnectionState {
  const agentId = reader.kind === 'agent' ? reader.agentId : undefined;
  useEffect(() => liveUpdates.connect(agentId === undefined ? { kind: 'staff' } : { kind: 'agent', agentId }), [agentId]);
  return useSyncExternalStore(liveUpdates.subscribeState, liveUpdates.getState);
}
