// Requests sent one at a time to the app under benchmark, each timed by its server time: the single-request rows of
// the benchmark's table (scripts/bench/run.ts) and of the scale table (scripts/bench/scale.ts) are measured by this.
import type { AutocannonRequest } from 'autocannon';
import { measure, type Stats } from './latency';
import { expectedStatus, prepareContest, prepareGoals, requestOf, signIn, type RequestKind } from './requests';
import type { ServerHandle } from './server-process';

/** Requests of each kind sent before the timed ones (so that the first timed one finds the app warm). */
export const WARM_UP = 3;
/** Sessions of the owner for the requests the owner makes (as many devices or tabs), and of agents for theirs. */
const OWNER_SESSIONS = 20;
const AGENT_SESSIONS = 20;

export interface RequestTimer {
  /** The app's address, http://127.0.0.1:PORT. */
  base: string;
  /** Agents and entries in the database when the timer was made. */
  counts: { agents: number; entries: number };
  /** One request of a kind, with fresh random parameters. */
  request: (kind: RequestKind) => AutocannonRequest;
  /** Sends `samples` requests of a kind one at a time: their server times' median and 95th percentile. */
  time: (kind: RequestKind, samples: number) => Promise<Stats>;
}

/** Signs in as the benchmark's owner and a few agents of the app the benchmark started, and makes its requests. */
export async function requestTimer(server: ServerHandle): Promise<RequestTimer> {
  const { port, agentIds } = server.ready;
  const base = `http://127.0.0.1:${port}`;
  const counts = await server.send<{ agents: number; entries: number }>({ cmd: 'counts' });
  const sessions = await signIn(base, OWNER_SESSIONS, Math.min(AGENT_SESSIONS, counts.agents));
  const goalTeamId = await prepareGoals(base, sessions.owners[0]!, agentIds);
  const contestId = await prepareContest(base, sessions.owners[0]!);
  const request = (kind: RequestKind) => requestOf(kind, sessions, agentIds, counts.agents, goalTeamId, contestId);
  return {
    base,
    counts,
    request,
    time: (kind, samples) => measure(base, samples, () => request(kind), expectedStatus(kind)),
  };
}

/** WARM_UP requests of each kind, untimed. */
export async function warmUp(timer: RequestTimer, kinds: readonly RequestKind[]): Promise<void> {
  for (const kind of kinds) await timer.time(kind, WARM_UP);
}

/** Each kind in turn, `samples` requests one at a time. */
export async function timeEachKind<K extends RequestKind>(
  timer: RequestTimer,
  kinds: readonly K[],
  samples: number,
  log: (message: string) => void,
): Promise<Record<K, Stats>> {
  const timings = {} as Record<K, Stats>;
  for (const kind of kinds) {
    log(`Timing ${kind} (${samples} requests)...`);
    timings[kind] = await timer.time(kind, samples);
  }
  return timings;
}
