// The benchmark of docs/product.md §15: the real app on the reference data set, measured request by request (server
// time from the Server-Timing header), against the naive scan, under load, with the event loop watched and the
// totals checked afterwards. scripts/bench.ts is its command line; tests/integration/bench-smoke.test.ts runs it small.
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { openDatabase } from '../../server/db/client';
import { countAgentsAndEntries, createDatabase, databaseExists, dropDatabase } from '../../server/db/queries/bulk-load';
import { periodStartsOf } from '../../server/domain/periods';
import { BENCH_OWNER, type BenchCommand, type ConsistencyOutcome, type LoopDelay, type ReadyMessage } from './protocol';
import {
  generateReferenceData,
  readReferenceDataMeta,
  REFERENCE_AGENT_PASSWORD,
  REFERENCE_SIZE,
  openTarget,
  type DatabaseTarget,
  type ReferenceDataSize,
} from './reference-data';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface BenchOptions {
  size: ReferenceDataSize;
  /** PostgreSQL server URL naming the bench database; undefined = PGlite. */
  databaseUrl?: string | undefined;
  timeZone: string;
  /** Where generated PGlite data sets are kept between runs (default .tmp/). */
  cacheRoot?: string;
  /** Sequential samples per request kind. */
  samples: number;
  naiveRuns: number;
  loadSeconds: number;
  connections: number;
  log: (message: string) => void;
}

export const FULL_RUN = { size: REFERENCE_SIZE, samples: 200, naiveRuns: 3, loadSeconds: 60, connections: 100 };
export const QUICK_RUN = { size: { agents: 200, entries: 20_000, months: 3 }, samples: 20, naiveRuns: 2, loadSeconds: 5, connections: 100 };

export interface Stats {
  median: number;
  p95: number;
  samples: number;
}

export interface BenchReport {
  engine: 'pglite' | 'postgres';
  engineVersion: string;
  size: ReferenceDataSize;
  data: { agents: number; entries: number };
  timings: Record<RequestKind, Stats>;
  naiveScan: Stats;
  /** While the requests above were served one at a time: what a request itself holds the loop for. */
  eventLoop: LoopDelay;
  /** During the load, when the load generator, the server and the database share the machine's cores. */
  eventLoopUnderLoad: LoopDelay;
  load: {
    seconds: number;
    connections: number;
    requests: number;
    throughput: number;
    p99: number;
    errors: number;
    non2xx: number;
    timeouts: number;
    statusCodes: Record<string, number>;
  };
  consistency: ConsistencyOutcome & { entriesAdded: number; writesAcknowledged: number };
  machine: MachineInfo;
  startedAt: string;
  seconds: number;
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  loadBefore: number[];
  loadAfter: number[];
}

export const requestKinds = [
  'dashboard',
  'leaderboard',
  'agentTierData',
  'agentsList',
  'incomeEntry',
  'leaderboardAnyPage',
  'leaderboardSearch',
  'agentsSearch',
] as const;
export type RequestKind = (typeof requestKinds)[number];

const SEARCHES = ['smith', 'liam', 'garcia', 'ava n', 'son', 'lee', 'agent12', 'patel', 'o', 'renewal'];
const FIRST_PAGES = 20;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function statsOf(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), samples: sorted.length };
}

// ---------------------------------------------------------------------------------------------------------------
// The data set

/**
 * Entries end when the data set was generated: one from another week or month would leave the current periods
 * empty, and the dashboard and leaderboard would be measured on a quiet week nobody has.
 */
function isCurrent(generatedAt: string | undefined, timeZone: string): boolean {
  if (!generatedAt) return false;
  const then = periodStartsOf(new Date(generatedAt), timeZone);
  const now = periodStartsOf(new Date(), timeZone);
  return then.week === now.week && then.month === now.month;
}

const sizeKey = (size: ReferenceDataSize, timeZone: string) =>
  `${size.agents}-${size.entries}-${size.months}m${timeZone === 'UTC' ? '' : `-${timeZone.replace(/\W+/g, '_')}`}`;

export type DataSetOptions = Pick<BenchOptions, 'size' | 'timeZone' | 'cacheRoot' | 'log'>;

/** A working copy of the cached PGlite data set (generated first when missing); removed by the returned cleanup. */
export async function preparePglite(options: DataSetOptions): Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }> {
  const cacheRoot = options.cacheRoot ?? path.join(projectRoot, '.tmp');
  const cache = path.join(cacheRoot, `bench-data-${sizeKey(options.size, options.timeZone)}`);
  const marker = path.join(cache, 'reference.json');
  const generatedAt = existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as { generatedAt?: string }).generatedAt : undefined;
  if (!isCurrent(generatedAt, options.timeZone)) {
    if (generatedAt) options.log(`The cached data set is from ${generatedAt.slice(0, 10)}, before this week: generating a new one.`);
    const partial = `${cache}.partial`;
    rmSync(partial, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    options.log(`Generating the data set into ${path.relative(projectRoot, cache)} (once; later runs reuse it)...`);
    const result = await generateReferenceData({ engine: 'pglite', dataDir: partial }, { ...options.size, timeZone: options.timeZone, verify: true, log: options.log });
    const marker = { ...options.size, timeZone: options.timeZone, generatedAt: result.generatedAt, ...result.summary };
    writeFileSync(path.join(partial, 'reference.json'), `${JSON.stringify(marker, null, 2)}\n`);
    renameSync(partial, cache);
  }
  const run = path.join(cacheRoot, `bench-run-${process.pid}`);
  rmSync(run, { recursive: true, force: true });
  mkdirSync(run, { recursive: true });
  // The run writes entries: it works on a copy, so that every run starts from the same data.
  cpSync(path.join(cache, 'pg'), path.join(run, 'pg'), { recursive: true });
  return { target: { engine: 'pglite', dataDir: run }, cleanup: async () => rmSync(run, { recursive: true, force: true }) };
}

const withDatabaseName = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

/**
 * On PostgreSQL: the database DATABASE_URL names holds the reference data set (other sizes get a suffixed name);
 * it is created and generated when missing, and each run works on a copy made WITH TEMPLATE, dropped afterwards.
 */
export async function preparePostgres(url: string, options: DataSetOptions): Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }> {
  const base = new URL(url).pathname.slice(1) || 'tiertrack_bench';
  const isReference = JSON.stringify(options.size) === JSON.stringify(REFERENCE_SIZE) && options.timeZone === 'UTC';
  const name = (isReference ? base : `${base}_${sizeKey(options.size, options.timeZone)}`).toLowerCase().replace(/\W+/g, '_');
  const runName = `${name}_run`;
  const admin = await openDatabase({ engine: 'postgres', url: withDatabaseName(url, 'postgres'), poolSize: 1 });
  try {
    if (!(await databaseExists(admin.db, name))) await createDatabase(admin.db, name);
    const readMeta = async () => {
      const reference = await openTarget({ engine: 'postgres', url: withDatabaseName(url, name) });
      try {
        await reference.migrate();
        const meta = await readReferenceDataMeta(reference);
        if (!meta && (await countAgentsAndEntries(reference.db)).agents > 0) {
          throw new Error(`Database ${name} has agents but no complete reference data set: drop it, or point DATABASE_URL at another one`);
        }
        return meta;
      } finally {
        await reference.close();
      }
    };
    let meta = await readMeta();
    if (meta && !isCurrent(meta.generatedAt, options.timeZone)) {
      options.log(`The data set in ${name} is from ${meta.generatedAt.slice(0, 10)}, before this week: generating a new one.`);
      await dropDatabase(admin.db, name);
      await createDatabase(admin.db, name);
      meta = await readMeta();
    }
    if (!meta) {
      options.log(`Generating the data set into database ${name} (once; later runs reuse it)...`);
      await generateReferenceData({ engine: 'postgres', url: withDatabaseName(url, name) }, { ...options.size, timeZone: options.timeZone, verify: true, log: options.log });
    }
    await dropDatabase(admin.db, runName);
    await createDatabase(admin.db, runName, name);
  } finally {
    await admin.close();
  }
  return {
    target: { engine: 'postgres', url: withDatabaseName(url, runName) },
    cleanup: async () => {
      const again = await openDatabase({ engine: 'postgres', url: withDatabaseName(url, 'postgres'), poolSize: 1 });
      try {
        await dropDatabase(again.db, runName);
      } finally {
        await again.close();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The server process

export interface ServerHandle {
  ready: ReadyMessage;
  send<T>(command: BenchCommand): Promise<T>;
  kill(): void;
}

/** Starts scripts/bench/server.ts on the database (serving the built web app from webRoot when given). */
export async function startServer(target: DatabaseTarget, timeZone: string, webRoot?: string): Promise<ServerHandle> {
  const child: ChildProcess = fork(path.join(projectRoot, 'scripts/bench/server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: projectRoot,
    env: { ...process.env, BENCH_DATABASE: JSON.stringify(target), ORG_TIMEZONE: timeZone, ...(webRoot ? { BENCH_WEB_ROOT: webRoot } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The benchmark server exited with code ${code}`)));
    child.on('message', (message: { type?: string; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
      if (message.type === 'ready') resolve(message as ReadyMessage);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id!);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    });
  });
  child.on('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('The benchmark server exited'));
  });
  return {
    ready,
    send: <T>(command: BenchCommand) =>
      new Promise<T>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ ...command, id });
      }),
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

interface Sessions {
  owner: string;
  agents: string[];
}

export async function signIn(base: string, agentCount: number): Promise<Sessions> {
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
  const login = async (url: string, email: string, password: string) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (!res.ok) throw new Error(`Sign-in as ${email} failed: ${res.status} ${await res.text()}`);
    return cookieOf(res);
  };
  const owner = await login('/api/auth/login', BENCH_OWNER.email, BENCH_OWNER.password);
  const agents: string[] = [];
  for (let n = 1; n <= agentCount; n++) agents.push(await login('/api/agents/login', `agent${n}@bench.example`, REFERENCE_AGENT_PASSWORD));
  return { owner, agents };
}

/** One request of a kind, with fresh random parameters (a page, a search, an agent, an amount). */
function requestOf(kind: RequestKind, sessions: Sessions, agentIds: { first: number; last: number }, totalAgents: number): AutocannonRequest {
  const owner = { cookie: sessions.owner };
  const page = (pages: number) => randomInt(0, Math.max(0, pages - 1)) * 25;
  switch (kind) {
    case 'dashboard':
      return { method: 'GET', path: '/api/owner/dashboard', headers: owner };
    case 'leaderboard':
      return { method: 'GET', path: `/api/owner/leaderboard?offset=${page(FIRST_PAGES)}&limit=25`, headers: owner };
    case 'leaderboardAnyPage':
      return { method: 'GET', path: `/api/owner/leaderboard?offset=${page(Math.ceil(totalAgents / 25))}&limit=25`, headers: owner };
    case 'leaderboardSearch':
      return { method: 'GET', path: `/api/owner/leaderboard?search=${encodeURIComponent(pick(SEARCHES))}`, headers: owner };
    case 'agentsList':
      return { method: 'GET', path: `/api/agents?offset=${page(FIRST_PAGES)}&limit=25`, headers: owner };
    case 'agentsSearch':
      return { method: 'GET', path: `/api/agents?search=${encodeURIComponent(pick(SEARCHES))}`, headers: owner };
    case 'agentTierData':
      return { method: 'GET', path: '/api/agent-tier-data', headers: { cookie: pick(sessions.agents) } };
    case 'incomeEntry': {
      const cents = randomInt(-5_000, 50_000) || 1;
      const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
      return {
        method: 'POST',
        path: '/api/income-entries',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ agentId: randomInt(agentIds.first, agentIds.last), amount, description: 'Benchmark entry' }),
      };
    }
  }
}

/** Sends requests one at a time and keeps the server time each took (Server-Timing). */
async function measure(base: string, samples: number, next: () => AutocannonRequest, expectStatus: number): Promise<Stats> {
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

function pickLoadKind(): RequestKind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of LOAD_MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'agentTierData';
}

export function machineInfo(loadBefore: number[]): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadBefore,
    loadAfter: os.loadavg(),
  };
}

function pgliteVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'unknown';
  }
}

export async function runBenchmark(options: BenchOptions): Promise<BenchReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg();
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  const { target, cleanup } = options.databaseUrl ? await preparePostgres(options.databaseUrl, options) : await preparePglite(options);
  let server: ServerHandle | undefined;
  try {
    options.log('Starting the app on the data set...');
    server = await startServer(target, options.timeZone);
    const base = `http://127.0.0.1:${server.ready.port}`;
    const before = await server.send<{ agents: number; entries: number }>({ cmd: 'counts' });
    const sessions = await signIn(base, Math.min(20, options.size.agents));
    const next = (kind: RequestKind) => () => requestOf(kind, sessions, server!.ready.agentIds, before.agents);

    // The naive scan first: on PGlite it holds the event loop for its whole length, so the loop's record starts after.
    options.log('Timing the naive scan...');
    const naiveScan = statsOf(await server.send<number[]>({ cmd: 'naive-scan', runs: options.naiveRuns }));
    for (const kind of requestKinds) await measure(base, 3, next(kind), kind === 'incomeEntry' ? 201 : 200);
    await server.send({ cmd: 'reset-loop' });

    const timings = {} as Record<RequestKind, Stats>;
    for (const kind of requestKinds) {
      options.log(`Timing ${kind} (${options.samples} requests)...`);
      timings[kind] = await measure(base, options.samples, next(kind), kind === 'incomeEntry' ? 201 : 200);
    }

    const eventLoop = await server.send<LoopDelay>({ cmd: 'loop' });
    await server.send({ cmd: 'reset-loop' });

    options.log(`Load: ${options.connections} connections for ${options.loadSeconds} s...`);
    const result = await autocannon({
      url: base,
      connections: options.connections,
      duration: options.loadSeconds,
      timeout: 30,
      // Merged into autocannon's own request, which carries the Host header (the app refuses unknown hosts).
      requests: [{ setupRequest: (request) => ({ ...request, ...requestOf(pickLoadKind(), sessions, server!.ready.agentIds, before.agents) }) }],
    });
    const eventLoopUnderLoad = await server.send<LoopDelay>({ cmd: 'loop' });

    options.log('Checking every total against the entries...');
    const after = await server.send<{ agents: number; entries: number }>({ cmd: 'counts' });
    const consistency = await server.send<ConsistencyOutcome>({ cmd: 'consistency' });
    const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]));
    const writesAcknowledged = (statusCodes['201'] ?? 0) + options.samples + 3;
    const serverVersion = shortVersion(server.ready.engineVersion);
    await server.send({ cmd: 'stop' });
    server = undefined;

    return {
      engine,
      engineVersion: engine === 'pglite' ? `PGlite ${pgliteVersion()} (${serverVersion})` : serverVersion,
      size: options.size,
      data: before,
      timings,
      naiveScan,
      eventLoop,
      eventLoopUnderLoad,
      load: {
        seconds: result.duration,
        connections: options.connections,
        requests: result.requests.total,
        throughput: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
        timeouts: result.timeouts,
        statusCodes,
      },
      consistency: { ...consistency, entriesAdded: after.entries - before.entries, writesAcknowledged },
      machine: machineInfo(loadBefore),
      startedAt,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    server?.kill();
    await cleanup();
  }
}

function shortVersion(version: string): string {
  return version.split(' on ')[0] ?? version;
}
