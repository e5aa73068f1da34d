// The same loads through wrk (https://github.com/wg/wrk, from Debian's packages), a load generator the project did not
// write: anyone can check our figures with it. The requests are drawn beforehand by the benchmark's own generator
// (requests.ts) and handed to wrk in a Lua script that picks one at random for each request it sends.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AutocannonRequest } from 'autocannon';

const run = promisify(execFile);

/** Requests drawn for one wrk run: enough that amounts, agents and pages vary as they do under autocannon. */
const DRAWN_REQUESTS = 4000;

export interface WrkResult {
  seconds: number;
  connections: number;
  requests: number;
  throughput: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with a status of 400 or more (wrk's "Non-2xx or 3xx responses"). */
  non2xx: number;
  /** Connect, read, write errors and timeouts, as wrk counts them. */
  socketErrors: number;
}

const hasWrk = () => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

/**
 * Whether wrk can run here: on PATH, or installed now from Debian's packages (when this process may run apt-get).
 * Returns why not otherwise, for the report.
 */
export function ensureWrk(log: (message: string) => void): string | undefined {
  if (hasWrk()) return undefined;
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error) {
    return 'wrk is not installed (install the Debian package wrk, or your system\'s, and run again)';
  }
  log('Installing wrk from Debian\'s packages...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env });
  return installed.status === 0 && hasWrk() ? undefined : 'installing wrk with apt-get failed';
}

const luaString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/**
 * The Lua script: the drawn requests, formatted once per thread, one picked at random per request sent. Each names
 * its Host (`host`): wrk fills it in only for requests formatted after the script has loaded.
 */
export function wrkScript(requests: readonly AutocannonRequest[], host: string): string {
  const lines = requests.map((request) => {
    const headers = Object.entries({ host, ...request.headers })
      .map(([name, value]) => `[${luaString(name)}]=${luaString(String(value))}`)
      .join(', ');
    const body = typeof request.body === 'string' ? luaString(request.body) : 'nil';
    return `r[#r + 1] = wrk.format(${luaString(request.method ?? 'GET')}, ${luaString(request.path ?? '/')}, {${headers}}, ${body})`;
  });
  return ['local r = {}', ...lines, 'request = function() return r[math.random(#r)] end', ''].join('\n');
}

/** A duration as wrk prints it (850.00us, 12.34ms, 1.20s, 2.00m), in ms. */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk printed a duration this script cannot read: ${text}`);
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 'ms' ? value : match[2] === 's' ? value * 1000 : value * 60_000;
}

/** Reads wrk's report (run with --latency). */
export function parseWrkOutput(output: string, connections: number, seconds: number): WrkResult {
  const line = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk's report lacks ${pattern}:\n${output}`);
    return match;
  };
  const total = line(/(\d+) requests in ([\d.]+\w+),/);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    seconds: durationMs(total[2]!) / 1000 || seconds,
    connections,
    requests: Number(total[1]),
    throughput: Number(line(/Requests\/sec:\s+([\d.]+)/)[1]),
    meanMs: durationMs(line(/Latency\s+([\d.]+\w+)/)[1]!),
    p50Ms: durationMs(line(/\s50%\s+([\d.]+\w+)/)[1]!),
    p99Ms: durationMs(line(/\s99%\s+([\d.]+\w+)/)[1]!),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/**
 * Runs wrk against each of `bases` at once (one wrk per base, `connections` each, two threads: this machine kind has
 * two cores) for `seconds`, with requests drawn from `next`; one result per base.
 */
export async function runWrk(
  bases: readonly string[],
  options: { connections: number; seconds: number },
  next: () => AutocannonRequest,
): Promise<WrkResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-wrk-'));
  try {
    return await Promise.all(
      bases.map(async (base, index) => {
        const script = path.join(dir, `requests-${index}.lua`);
        writeFileSync(script, wrkScript(Array.from({ length: DRAWN_REQUESTS }, next), new URL(base).host));
        const { stdout } = await run(
          'wrk',
          ['-t2', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '30s', '--latency', '-s', script, base],
          { maxBuffer: 1 << 20 },
        );
        return parseWrkOutput(stdout, options.connections, options.seconds);
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
