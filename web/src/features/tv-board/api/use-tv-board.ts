import type { BadgeAwardedData, TierReachedData } from '@contract/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isLinkGone, tvSnapshotQueryKey, tvSnapshotQueryOptions } from './get-tv-snapshot';
import { coalesce } from '../../../lib/coalesce';
import { followTvStream, type TvConnectionState } from './tv-stream';

/** A burst of events (an import, a busy hour) reads the board at most once in this window. */
const REFRESH_AT_MOST_EVERY_MS = 1_000;
/** Celebrations (tiers and badges) waiting their turn; more than this at once (an import) are not shown. */
const MAX_WAITING_CELEBRATIONS = 5;

/** What a celebration has besides its event: a key that tells two apart (an agent can fall back and reach a tier again). */
interface Keyed {
  key: number;
}
export type TierCelebration = TierReachedData & Keyed;
export type BadgeCelebration = BadgeAwardedData & Keyed;
/** A tier reached or a badge earned, celebrated over the board one at a time, in the order they came. */
export type Celebration = TierCelebration | BadgeCelebration;

export const isBadgeCelebration = (celebration: Celebration): celebration is BadgeCelebration => 'badgeId' in celebration;

let celebrationCount = 0;

/**
 * One entry can pass several thresholds: each arrives as its own event, the highest last, so a later tier of an agent
 * whose tier is already waiting (or shown) takes that place rather than queueing behind it. A badge always queues: each
 * is a badge of its own (and a first sale's may come with the first tier). An anonymous agent comes without an id (two
 * of them cannot be told apart), so each of its tiers queues. Beyond MAX_WAITING_CELEBRATIONS the newcomer is dropped.
 */
export function queueCelebration(waiting: Celebration[], next: Celebration): Celebration[] {
  const same =
    next.agentId === null || isBadgeCelebration(next) ? -1 : waiting.findIndex((shown) => !isBadgeCelebration(shown) && shown.agentId === next.agentId);
  if (same >= 0) return waiting.map((shown, index) => (index === same ? next : shown));
  return waiting.length >= MAX_WAITING_CELEBRATIONS ? waiting : [...waiting, next];
}

/**
 * What a TV board shows: its snapshot, read again as the stream says things changed; the state of the connection;
 * whether the link was revoked; and the celebrations of tiers and badges, one at a time.
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
      onBadgeAwarded: (data) => setCelebrations((waiting) => queueCelebration(waiting, { ...data, key: ++celebrationCount })),
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
