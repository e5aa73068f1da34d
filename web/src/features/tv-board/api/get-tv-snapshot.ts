import { queryOptions } from '@tanstack/react-query';
import type { TvSnapshot } from '@contract/tv-links';
import { ApiError, apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Delays between attempts to read a board the server could not give, doubling from the first to the last. */
export const RETRY_FIRST_MS = 2_000;
const RETRY_LAST_MS = 60_000;
/** A new week or month begins with no event to say so: the board is read again this often regardless. */
const ROLLOVER_CHECK_MS = 5 * 60_000;

/** A 404 is the server's only answer for a revoked (or unknown) link; every other failure may pass. */
export const isLinkGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The delay before attempt `attempt + 1`, spread out so that the screens of an office do not come back together. */
export const backoffDelay = (attempt: number, random = Math.random) =>
  Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** attempt) * (0.75 + random() * 0.5);

export const tvSnapshotQueryKey = (token: string) => [...queryKeys.tvSnapshot, token] as const;

/** GET /api/tv/{token}: the boards and the latest wins. A screen on a wall keeps trying until the server is back. */
export const tvSnapshotQueryOptions = (token: string) =>
  queryOptions({
    queryKey: tvSnapshotQueryKey(token),
    queryFn: () => apiJson<TvSnapshot>('GET', `/api/tv/${encodeURIComponent(token)}`),
    retry: (_failures, error) => !isLinkGone(error),
    retryDelay: (failures) => backoffDelay(failures),
    refetchInterval: (query) => (isLinkGone(query.state.error) ? false : ROLLOVER_CHECK_MS),
  });
