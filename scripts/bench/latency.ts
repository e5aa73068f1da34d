// Request latency as the server sees it: requests sent one at a time, each timed by the Server-Timing header the
// benchmark server adds (scripts/bench/server.ts), summed up as a median and a 95th percentile.
import type { AutocannonRequest } from 'autocannon';

export interface Stats {
  median: number;
  p95: number;
  samples: number;
}

export function statsOf(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), samples: sorted.length };
}

/** Sends requests one at a time and keeps the server time each took (Server-Timing). */
export async function measure(base: string, samples: number, next: () => AutocannonRequest, expectStatus: number): Promise<Stats> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const request = next();
    const res = await fetch(`${base}${request.path}`, { method: request.method ?? 'GET', headers: request.headers ?? {}, body: request.body ?? null });
    await res.arrayBuffer();
    if (res.status !== expectStatus) throw new Error(`${request.method} ${request.path} answered ${res.status}`);
    const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (!timing) throw new Error(`${request.path} sent no Server-Timing header`);
    times.push(Number(timing[1]));
  }
  return statsOf(times);
}
