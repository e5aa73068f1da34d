// Live updates under load (docs/performance.md, "Live updates"): many open event streams while the mixed load runs, and
// how long a new entry takes to reach every one of them. The streams are plain HTTP readers in this process; each
// looks for the probe entries' descriptions in what it receives, without parsing every message.
import http from 'node:http';
import { wallClockMs } from './protocol';

export interface LiveStreams {
  /** Streams that answered 200 and are open. */
  open(): number;
  /** Streams the server ended or that failed (a slow reader is dropped by the server). */
  dropped(): number;
  /** When a stream saw each probe (wall clock, ms) and on which server (its index in `bases`), by probe number. */
  seen: Map<number, Array<{ at: number; server: number }>>;
  /** When each stream (by its index) received each contest.standings event (wall clock, ms), in order. */
  standings: number[][];
  close(): void;
}

const PROBE = '"description":"live-probe-';
const STANDINGS = 'event: contest.standings';

/** Opens `count` event streams, spread over the servers and the cookies in turn; resolves once every one has answered. */
export async function openStreams(bases: string[], cookies: string[], count: number): Promise<LiveStreams> {
  const seen = new Map<number, Array<{ at: number; server: number }>>();
  const standings: number[][] = Array.from({ length: count }, () => []);
  const requests: http.ClientRequest[] = [];
  let open = 0;
  let dropped = 0;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const one = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const url = new URL('/api/events', bases[index % bases.length]);
      const request = http.get(url, { agent, headers: { cookie: cookies[Math.floor(index / bases.length) % cookies.length]!, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`An event stream answered ${response.statusCode}`));
          return;
        }
        open++;
        resolve();
        response.setEncoding('utf8');
        let tail = '';
        response.on('data', (chunk: string) => {
          const at = wallClockMs();
          const text = tail + chunk;
          // A contest's standings moved: counted where the event's line starts in this chunk (not in the kept tail).
          for (let found = text.indexOf(STANDINGS, tail.length); found !== -1; found = text.indexOf(STANDINGS, found + STANDINGS.length)) standings[index]!.push(at);
          let from = 0;
          for (;;) {
            const found = text.indexOf(PROBE, from);
            if (found === -1) break;
            const start = found + PROBE.length;
            const end = text.indexOf('"', start);
            if (end === -1) break;
            const probe = Number(text.slice(start, end));
            const times = seen.get(probe) ?? [];
            times.push({ at, server: index % bases.length });
            seen.set(probe, times);
            from = end;
          }
          // A probe's marker may be split between two chunks: keep the end of this one.
          tail = text.slice(Math.max(from, text.length - PROBE.length - 20));
        });
        response.on('close', () => {
          open--;
          dropped++;
        });
      });
      request.on('error', reject);
      requests.push(request);
    });
  // A few dozen at a time, as browsers opening pages would.
  for (let index = 0; index < count; index += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - index) }, (_, offset) => one(index + offset)));
  }
  return {
    open: () => open,
    dropped: () => dropped,
    seen,
    standings,
    close: () => {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}

export interface ProbeResult {
  /** Which server's streams (undefined: all). */
  server?: number | undefined;
  /** Probe entries written. */
  probes: number;
  /** Deliveries expected: probes x streams open. */
  expected: number;
  delivered: number;
  /** From each probe's commit to each stream receiving it, in ms (clamped at 0: the two processes' clocks differ by well under a millisecond). */
  p50: number;
  p99: number;
  max: number;
}

/**
 * Has a probe entry written every `everyMs` until `until()` is true; `write` resolves to the wall-clock time its
 * transaction committed, by probe number.
 */
export async function writeProbes(write: (probe: number) => Promise<number>, everyMs: number, until: () => boolean): Promise<Map<number, number>> {
  const committed = new Map<number, number>();
  for (let probe = 1; !until(); probe++) {
    const started = performance.now();
    committed.set(probe, await write(probe));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))));
  }
  return committed;
}

/** Delivery delays of the probes to the streams (of one server, when given). */
export function probeResult(acknowledged: Map<number, number>, streams: LiveStreams, streamCount: number, server?: number): ProbeResult {
  const delays: number[] = [];
  for (const [probe, at] of acknowledged) {
    for (const seen of streams.seen.get(probe) ?? []) if (server === undefined || seen.server === server) delays.push(Math.max(0, seen.at - at));
  }
  delays.sort((a, b) => a - b);
  const quantile = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? Number.NaN;
  return {
    server,
    probes: acknowledged.size,
    expected: acknowledged.size * streamCount,
    delivered: delays.length,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: delays.at(-1) ?? Number.NaN,
  };
}

/** What one stream received: the ids of its events in order (leaderboard.changed, which repeats a cursor, left out). */
export interface CollectedStream {
  base: string;
  ids: number[];
  resets: number;
  status: number;
}

/**
 * Opens an event stream on each of `bases` (`perBase` each, with `cookie`) that keeps every event id it receives, to
 * check afterwards that each got every event once and in one order. Resolves once all have answered.
 */
export async function collectStreams(bases: readonly string[], cookie: string, perBase: number): Promise<{ streams: CollectedStream[]; close(): void }> {
  const requests: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const one = (base: string) =>
    new Promise<CollectedStream>((resolve, reject) => {
      const stream: CollectedStream = { base, ids: [], resets: 0, status: 0 };
      const request = http.get(new URL('/api/events', base), { agent, headers: { cookie, accept: 'text/event-stream' } }, (response) => {
        stream.status = response.statusCode ?? 0;
        resolve(stream);
        response.setEncoding('utf8');
        let pending = '';
        response.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) !== -1) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const type = /^event: (.+)$/m.exec(block)?.[1];
            if (type === 'stream.reset') stream.resets++;
            else if (id !== undefined && type !== undefined && type !== 'leaderboard.changed') stream.ids.push(Number(id));
          }
        });
      });
      request.on('error', reject);
      requests.push(request);
    });
  const streams = await Promise.all(bases.flatMap((base) => Array.from({ length: perBase }, () => one(base))));
  return {
    streams,
    close: () => {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}

/**
 * How the collected streams compare with the events committed after `after` (`committed`, in id order): what each
 * received after `after` should equal it (a stream opens where its instance's cursor is, which may be a little before).
 */
export function streamOrderOutcome(
  streams: readonly CollectedStream[],
  committed: readonly number[],
  after: number,
): { streams: number; events: number; exact: number; problems: string[] } {
  const problems: string[] = [];
  let exact = 0;
  for (const [index, received] of streams.entries()) {
    // Events made after the load (the notifier's, say) may follow on the streams: only the committed span counts.
    const last = committed.at(-1) ?? after;
    const stream = { ...received, ids: received.ids.filter((id) => id > after && id <= last) };
    if (stream.status !== 200) problems.push(`stream ${index} answered ${stream.status}`);
    else if (stream.resets > 0) problems.push(`stream ${index} (${stream.base}) was reset`);
    else if (stream.ids.length === committed.length && stream.ids.every((id, at) => id === committed[at])) exact++;
    else {
      const got = new Set(stream.ids);
      const missing = committed.filter((id) => !got.has(id)).length;
      const twice = stream.ids.length - new Set(stream.ids).size;
      problems.push(`stream ${index} (${stream.base}): ${stream.ids.length} events for ${committed.length} committed, ${missing} missing, ${twice} twice`);
    }
  }
  return { streams: streams.length, events: committed.length, exact, problems };
}

/**
 * How long each probe took to reach every stream as a contest.standings event: from the probe's commit to the first
 * such event each stream received after it (and before the next probe's commit).
 */
export function standingsResult(commits: readonly number[], streams: LiveStreams, streamCount: number): ProbeResult {
  const delays: number[] = [];
  for (const arrivals of streams.standings) {
    commits.forEach((commit, i) => {
      const next = commits[i + 1] ?? Infinity;
      const first = arrivals.find((at) => at >= commit && at < next);
      if (first !== undefined) delays.push(first - commit);
    });
  }
  delays.sort((a, b) => a - b);
  const quantile = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? Number.NaN;
  return {
    probes: commits.length,
    expected: commits.length * streamCount,
    delivered: delays.length,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: delays.at(-1) ?? Number.NaN,
  };
}
