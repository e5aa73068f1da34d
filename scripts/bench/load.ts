// The load: many connections at once for a while, a mix of reads and writes like a busy team's (autocannon).
import autocannon, { type AutocannonRequest } from 'autocannon';
import type { RequestKind } from './requests';

/** The load's mix of requests (weights out of 100): mostly reads, a quarter writes. */
const LOAD_MIX: Array<[RequestKind, number]> = [
  ['dashboard', 15],
  ['leaderboard', 8],
  ['leaderboardAnyPage', 4],
  ['leaderboardSearch', 3],
  ['agentsList', 8],
  ['agentsSearch', 4],
  ['agentTierData', 33],
  ['incomeEntry', 25],
];

/** The second-wave bar's mix (docs/performance.md): a quarter each of entry writes, dashboards, leaderboard pages, tier data. */
const DESIGN_MIX: Array<[RequestKind, number]> = [
  ['incomeEntry', 25],
  ['dashboard', 25],
  ['leaderboard', 25],
  ['agentTierData', 25],
];

function pickFrom(mix: Array<[RequestKind, number]>): RequestKind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of mix) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return mix.at(-1)![0];
}

/** A kind of request drawn by the load's mix (the first wave's: mostly reads of every kind, a quarter writes). */
export const pickLoadKind = (): RequestKind => pickFrom(LOAD_MIX);

/**
 * The third-wave bar's mix (docs/performance.md): the second-wave mix with goal progress and a metric's leaderboard
 * and a running contest's standings beside it.
 */
const THIRD_WAVE_MIX: Array<[RequestKind, number]> = [
  ['incomeEntry', 20],
  ['dashboard', 20],
  ['leaderboard', 20],
  ['agentTierData', 20],
  ['goalProgress', 10],
  ['metricLeaderboard', 10],
  ['contestStandings', 10],
];

/** A kind of request drawn by the third-wave mix. */
export const pickThirdWaveKind = (): RequestKind => pickFrom(THIRD_WAVE_MIX);

/** A kind of request drawn by the second-wave mix. */
export const pickDesignMixKind = (): RequestKind => pickFrom(DESIGN_MIX);

export interface LoadResult {
  seconds: number;
  connections: number;
  requests: number;
  throughput: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** Sends `next()` requests on `connections` connections for `seconds` seconds. */
export async function runLoad(base: string, options: { connections: number; seconds: number }, next: () => AutocannonRequest): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    // Merged into autocannon's own request, which carries the Host header (the app refuses unknown hosts).
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
  return {
    seconds: result.duration,
    connections: options.connections,
    requests: result.requests.total,
    throughput: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)])),
  };
}
