import type { TierReachedData } from '@contract/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isLinkGone, tvSnapshotQueryKey, tvSnapshotQueryOptions } from './get-tv-snapshot';
import { coalesce } from '../../../lib/coalesce';
import { followTvStream, type TvConnectionState } from './tv-stream';

/** A burst of events (an import, a busy hour) reads the board at most once in this window. */
const REFRESH_AT_MOST_EVERY_MS = 1_000;
/** Tier celebrations waiting their turn; more than this at once (an import) are not shown. */
const MAX_WAITING_CELEBRATIONS = 5;

export interface Celebration extends TierReachedData {
  /** Tells two celebrations of one tier apart (an agent can fall back and reach it again). */
  key: number;
}

let celebrationCount = 0;

/**
 * One entry can pass several thresholds: each arrives as its own event, the highest last, so a later tier of an agent
 * already waiting (or shown) takes that place rather than queueing behind it. An anonymous agent comes without an id
 * (two of them cannot be told apart), so each of its tiers queues. Beyond MAX_WAITING_CELEBRATIONS the newcomer is
 * dropped.
 */
export function queueCelebration(waiting: Celebration[], next: Celebration): Celebration[] {
  const same = next.agentId === null ? -1 : waiting.findIndex((shown) => shown.agentId === next.agentId);
  if (same >= 0) return waiting.map((shown, index) => (index === same ? next : shown));
  return waiting.length >= MAX_WAITING_CELEBRATIONS ? waiting : [...waiting, next];
}

/**
 * What a TV board shows: its snapshot, read again as the stream says things changed; the state of the connection;
 * whether the link was revoked; and the tier celebrations, one at a time.
 */
export function useTvBoard(token: string) {
  const queryClient = useQueryClient();
  const snapshot = useQuery(tvSnapshotQueryOptions(token));
  const [connection, setConnection] = useState<TvConnectionState>('connecting');
  const [streamRevoked, setStreamRevoked] = useState(false);
  const [celebrations, setCelebrations] = useState<Celebration[]>([]);
  const revoked = streamRevoked || isLinkGone(snapshot.error);
  // The stream starts once the board is shown; its first open reads the board again, so nothing falls in between.
  const follow = snapshot.data !== undefined && !revoked;

  useEffect(() => {
    if (!follow) return;
    const queryKey = tvSnapshotQueryKey(token);
    const refresh = coalesce(() => void queryClient.refetchQueries({ queryKey }), REFRESH_AT_MOST_EVERY_MS);
    const stop = followTvStream(token, {
      onChange: refresh.call,
      onTierReached: (data) => setCelebrations((waiting) => queueCelebration(waiting, { ...data, key: ++celebrationCount })),
      onState: setConnection,
      isRevoked: async () => {
        await queryClient.refetchQueries({ queryKey });
        return isLinkGone(queryClient.getQueryState(queryKey)?.error);
      },
      onRevoked: () => setStreamRevoked(true),
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [follow, token, queryClient]);

  const celebrationDone = useCallback(() => setCelebrations((waiting) => waiting.slice(1)), []);

  return { snapshot, revoked, connection, celebration: celebrations[0], celebrationDone };
}
