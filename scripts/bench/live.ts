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
  close(): void;
}

const PROBE = '"description":"live-probe-';

/** Opens `count` event streams, spread over the servers and the cookies in turn; resolves once every one has answered. */
export async function openStreams(bases: string[], cookies: string[], count: number): Promise<LiveStreams> {
  const seen = new Map<number, Array<{ at: number; server: number }>>();
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
