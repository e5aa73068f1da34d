// The benchmark of docs/product.md §15: the real app on the reference data set, measured request by request (server
// time from the Server-Timing header), against the naive scan, under load, with the event loop watched and the
// totals checked afterwards. scripts/bench.ts is its command line; tests/integration/bench-smoke.test.ts runs it small.
// Its parts: the data set (data-set.ts), the app's process (server-process.ts), the requests (requests.ts), their
// latency (latency.ts) one at a time (single-requests.ts, shared with the scale table of scale.ts), the load (load.ts)
// and the machine (machine.ts); this file runs them in order.
import os from 'node:os';
import type { AutocannonRequest } from 'autocannon';
import { preparePglite, preparePostgres } from './data-set';
import { statsOf, type Stats } from './latency';
import { pickDesignMixKind, pickLoadKind, pickThirdWaveKind, runLoad, type LoadResult } from './load';
import { engineVersion, machineInfo, watchCpuBusy, type MachineInfo } from './machine';
import type { ConsistencyOutcome, LoopDelay, MemoryUse, OutboxDrained } from './protocol';
import { REFERENCE_SIZE, type ReferenceDataSize } from './reference-data';
import { requestKinds, signIn, type RequestKind } from './requests';
import { measureTransfer, type TransferReport } from './transfer';
import { measureConnectors, type ConnectorsReport } from './connectors';
import { requestTimer, timeEachKind, WARM_UP, warmUp } from './single-requests';
import { startServer, type ServerHandle } from './server-process';
import { collectStreams, openStreams, probeResult, standingsResult, streamOrderOutcome, writeProbes, type ProbeResult } from './live';
import { ensureWrk, runWrk, type WrkResult } from './wrk';
import type { DatabaseTarget } from './reference-data';
import { MAX_STREAMS_PER_IDENTITY } from '../../contract/events';
import { IMPORT_MAX_ROWS } from '../../contract/imports';

// The request kinds a report has a timing for (tests/integration/bench-smoke.test.ts reads them here).
export { requestKinds } from './requests';

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
  /** Event streams open during the second load (docs/performance.md, "Live updates"). */
  liveStreams: number;
  /** Rows of the entry file imported (default IMPORT_MAX_ROWS, the bar's 100,000). */
  importRows?: number;
  log: (message: string) => void;
}

export const FULL_RUN = { size: REFERENCE_SIZE, samples: 200, naiveRuns: 3, loadSeconds: 60, connections: 100, liveStreams: 1000 };
export const QUICK_RUN = {
  size: { agents: 200, entries: 20_000, months: 3, activities: 60_000 },
  samples: 20,
  naiveRuns: 2,
  loadSeconds: 5,
  connections: 100,
  liveStreams: 100,
};

export interface LiveReport {
  streams: number;
  /** Of them, on a second instance on the same database (PostgreSQL). */
  onSecondInstance: number;
  load: LoadResult;
  delivery: ProbeResult;
  /** The second instance's streams alone (PostgreSQL). */
  secondInstance?: ProbeResult | undefined;
  dropped: number;
  /** Growth of the first instance's memory per stream open on it, in bytes (after a full collection). */
  memoryPerStream: { heap: number; rss: number };
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
  load: LoadResult;
  /** The second-wave bar: a quarter each of entries, dashboards, leaderboard pages and tier data. */
  designLoad: LoadResult;
  /** The third-wave mix: the second-wave one with goal progress and metric leaderboards. */
  thirdWaveLoad: LoadResult;
  /** Income entries alone at the same connections (autocannon). */
  writesLoad: LoadResult;
  /** The same loads through wrk; `unavailable` says why not when it could not run. */
  wrk: WrkReport;
  /** The same Fastify answering a fixed 2 KB JSON, at the same connections: the framework's limit here. */
  ceiling: LoadResult;
  live: LiveReport;
  /** A running contest's standings events to every stream (issue 34). */
  contestEvents: ContestEventsReport;
  /** The contest start's emails to every agent (issue 34): how many, and how long until the last was out. */
  contestStart: OutboxDrained;
  /** Signed deal webhooks to a connector, and each deal recorded once (issue 36). */
  connectors: ConnectorsReport;
  transfer: TransferReport;
  consistency: ConsistencyOutcome & { entriesAdded: number; writesAcknowledged: number };
  /** audit:verify's check of the audit chain after every load. */
  audit: { broken: { id: number; reason: string } | null; rows: number };
  machine: MachineInfo;
  startedAt: string;
  seconds: number;
}

export interface WrkReport {
  unavailable?: string | undefined;
  /** Income entries alone. */
  writes?: WrkResult | undefined;
  /** The second-wave mix. */
  mix?: WrkResult | undefined;
  /** The third-wave mix (goal progress and metric leaderboards beside the second-wave one). */
  thirdWave?: WrkResult | undefined;
  /**
   * PostgreSQL: the mix on two instances of the app on the same database at once (one wrk each), with event streams
   * open on both that must each receive every event committed meanwhile, once and in the same order.
   */
  twoInstances?: TwoInstancesReport | undefined;
}

export interface TwoInstancesReport {
  each: WrkResult[];
  throughput: number;
  /** Together against the mix on one instance. */
  ratio: number;
  /**
   * How busy the machine's cores were (0-1) during the mix on one instance and on two: what one instance leaves idle
   * is all that a second can add on the same machine. Undefined where it cannot be read.
   */
  busy: { one: number | undefined; two: number | undefined };
  order: { streams: number; events: number; exact: number; problems: string[] };
}

/** Event streams per instance whose every event id is kept and compared with the table. */
const ORDER_STREAMS_PER_INSTANCE = 4;

/** The ceiling's load lasts at most this long: its figure is steady within seconds. */
const CEILING_SECONDS = 15;
/** The longest the benchmark waits for the contest start's emails before it times requests anyway. */
const OUTBOX_WAIT_MS = 300_000;
/** How often a probe entry is written while the streams are open. */
const PROBE_EVERY_MS = 250;

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
    const { agentIds, engineVersion: serverVersion } = server.ready;
    const timer = await requestTimer(server);
    const { base, request, counts: before } = timer;
    // The running contest the timer made starts for every agent: a notice and an email each. The requests are timed
    // once they are out (on PGlite the outbox shares the one connection with the requests), and how long they took
    // is a row of its own.
    options.log('Waiting for the contest start\'s emails to go out...');
    const contestStart = await server.send<OutboxDrained>({ cmd: 'outbox-drained', timeoutMs: OUTBOX_WAIT_MS });

    // The naive scan first: on PGlite it holds the event loop for its whole length, so the loop's record starts after.
    options.log('Timing the naive scan...');
    const naiveScan = statsOf(await server.send<number[]>({ cmd: 'naive-scan', runs: options.naiveRuns }));
    await warmUp(timer, requestKinds);
    await server.send({ cmd: 'reset-loop' });

    const timings = await timeEachKind(timer, requestKinds, options.samples, options.log);

    const eventLoop = await server.send<LoopDelay>({ cmd: 'loop' });
    await server.send({ cmd: 'reset-loop' });

    options.log(`Load: ${options.connections} connections for ${options.loadSeconds} s...`);
    const load = await runLoad(base, { connections: options.connections, seconds: options.loadSeconds }, () => request(pickLoadKind()));
    const eventLoopUnderLoad = await server.send<LoopDelay>({ cmd: 'loop' });

    options.log(`Second-wave load (a quarter each of entries, dashboards, leaderboard pages, tier data) for ${options.loadSeconds} s...`);
    const designLoad = await runLoad(base, { connections: options.connections, seconds: options.loadSeconds }, () => request(pickDesignMixKind()));
    options.log(`Third-wave load (the second-wave mix with goal progress and metric leaderboards) for ${options.loadSeconds} s...`);
    const thirdWaveLoad = await runLoad(base, { connections: options.connections, seconds: options.loadSeconds }, () => request(pickThirdWaveKind()));
    const writers = writesConnections(target, options);
    options.log(`Writes alone: income entries at ${writers} connections for ${options.loadSeconds} s...`);
    const writesLoad = await runLoad(base, { connections: writers, seconds: options.loadSeconds }, () => request('incomeEntry'));
    const wrk = await measureWithWrk(server, target, options, base, request);
    options.log('Ceiling: the same Fastify answering a fixed 2 KB JSON...');
    const ceilingPort = await server.send<number>({ cmd: 'ceiling-start' });
    const ceiling = await runLoad(
      `http://127.0.0.1:${ceilingPort}`,
      { connections: options.connections, seconds: Math.min(options.loadSeconds, CEILING_SECONDS) },
      () => ({ method: 'GET', path: '/ceiling' }),
    );
    await server.send({ cmd: 'ceiling-stop' });

    const live = await measureLive(server, target, options, base, {
      nextLoadRequest: () => request(pickDesignMixKind()),
      probeAgentId: agentIds.first,
    });

    const contestEvents = await measureContestEvents(server, options, agentIds.first);

    const ownerCookie = (await signIn(base, 1, 0)).owners[0]!;
    const connectors = await measureConnectors(server, base, ownerCookie, agentIds, { connections: options.connections, loadSeconds: options.loadSeconds, log: options.log });
    const transfer = await measureTransfer(server, base, ownerCookie, { agents: before.agents, importRows: options.importRows ?? IMPORT_MAX_ROWS }, options.log);

    options.log('Checking every total against the entries...');
    const after = await server.send<{ agents: number; entries: number }>({ cmd: 'counts' });
    const consistency = await server.send<ConsistencyOutcome>({ cmd: 'consistency' });
    options.log('Checking the audit chain...');
    const audit = await server.send<BenchReport['audit']>({ cmd: 'audit-verify' });
    // Every entry the load, the warm-up and the timed requests had acknowledged.
    const writesAcknowledged =
      (load.statusCodes['201'] ?? 0) +
      (designLoad.statusCodes['201'] ?? 0) +
      (thirdWaveLoad.statusCodes['201'] ?? 0) +
      (writesLoad.statusCodes['201'] ?? 0) +
      (live.load.statusCodes['201'] ?? 0) + live.delivery.probes + contestEvents.delivery.probes + options.samples + WARM_UP + transfer.import.created;
    await server.send({ cmd: 'stop' });
    server = undefined;

    return {
      engine,
      engineVersion: engineVersion(engine, serverVersion),
      size: options.size,
      data: before,
      timings,
      naiveScan,
      eventLoop,
      eventLoopUnderLoad,
      load,
      designLoad,
      thirdWaveLoad,
      writesLoad,
      wrk,
      ceiling,
      live,
      contestEvents,
      contestStart,
      connectors,
      transfer,
      consistency: { ...consistency, entriesAdded: after.entries - before.entries, writesAcknowledged },
      audit,
      machine: machineInfo(loadBefore),
      startedAt,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    server?.kill();
    await cleanup();
  }
}

/**
 * The live-updates bar: event streams of managers (who receive every entry) open on the app, and on PostgreSQL half of
 * them on a second instance on the same database, while the same load runs again and a probe entry is written four
 * times a second by the app's own code in its process; each probe's delay is from its commit to its arrival on each
 * stream.
 */
async function measureLive(
  server: ServerHandle,
  target: DatabaseTarget,
  options: BenchOptions,
  base: string,
  { nextLoadRequest, probeAgentId }: { nextLoadRequest: () => AutocannonRequest; probeAgentId: number },
): Promise<LiveReport> {
  const count = options.liveStreams;
  const second = target.engine === 'postgres' ? await startServer(target, options.timeZone) : undefined;
  try {
    const bases = second ? [base, `http://127.0.0.1:${second.ready.port}`] : [base];
    options.log(`Live updates: ${count} event streams${second ? ' on two instances' : ''} during a second load...`);
    const cookies = await server.send<string[]>({ cmd: 'stream-sessions', count: Math.ceil(count / MAX_STREAMS_PER_IDENTITY) });
    const before = await server.send<MemoryUse>({ cmd: 'memory' });
    const streams = await openStreams(bases, cookies, count);
    const after = await server.send<MemoryUse>({ cmd: 'memory' });
    const onFirst = Math.ceil(count / bases.length);
    let loadDone = false;
    const [load, acknowledged] = await Promise.all([
      runLoad(base, { connections: options.connections, seconds: options.loadSeconds }, nextLoadRequest).finally(() => {
        loadDone = true;
      }),
      writeProbes((probe) => server.send<number>({ cmd: 'probe-entry', agentId: probeAgentId, probe }), PROBE_EVERY_MS, () => loadDone),
    ]);
    // The last probes' deliveries.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const dropped = streams.dropped();
    streams.close();
    return {
      streams: count,
      onSecondInstance: count - onFirst,
      load,
      delivery: probeResult(acknowledged, streams, count),
      secondInstance: second ? probeResult(acknowledged, streams, count - onFirst, 1) : undefined,
      dropped,
      memoryPerStream: {
        heap: (after.heapUsed + after.external - before.heapUsed - before.external) / onFirst,
        rss: (after.rss - before.rss) / onFirst,
      },
    };
  } finally {
    if (second) await second.send({ cmd: 'stop' }).catch(() => second.kill());
  }
}

export interface ContestEventsReport {
  streams: number;
  delivery: ProbeResult;
  dropped: number;
}

/** Probe entries written, one every CONTEST_PROBE_EVERY_MS (longer than the contest.standings second); fewer in a quick run. */
const CONTEST_PROBES = 12;
const CONTEST_PROBES_QUICK = 4;
const CONTEST_PROBE_EVERY_MS = 1_500;

/**
 * The contest events' bar: event streams of managers open on the app, and a probe entry every 1.5 s of an agent in
 * the benchmark's running contest (everyone's); each probe's delay is from its commit to the first contest.standings
 * event each stream receives after it: the notifier's pass, the event's sequencing and its fan-out.
 */
async function measureContestEvents(server: ServerHandle, options: BenchOptions, probeAgentId: number): Promise<ContestEventsReport> {
  const count = options.liveStreams;
  options.log(`Contest events: ${count} event streams, a probe entry every ${CONTEST_PROBE_EVERY_MS} ms...`);
  const base = `http://127.0.0.1:${server.ready.port}`;
  const cookies = await server.send<string[]>({ cmd: 'stream-sessions', count: Math.ceil(count / MAX_STREAMS_PER_IDENTITY) });
  const streams = await openStreams([base], cookies, count);
  const probes = count >= FULL_RUN.liveStreams ? CONTEST_PROBES : CONTEST_PROBES_QUICK;
  let probe = 0;
  const commits = [...(await writeProbes((n) => server.send<number>({ cmd: 'probe-entry', agentId: probeAgentId, probe: 100_000 + n }), CONTEST_PROBE_EVERY_MS, () => ++probe > probes)).values()];
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const dropped = streams.dropped();
  streams.close();
  return { streams: count, delivery: standingsResult(commits, streams, count), dropped };
}

/** Connections of the entries-alone loads on PGlite: its bar is set at 10 (docs/performance.md, "Writes alone"). */
const PGLITE_WRITERS = 10;

/** How many connections write in the entries-alone loads: the load's on PostgreSQL, PGLITE_WRITERS on PGlite. */
function writesConnections(target: DatabaseTarget, options: BenchOptions): number {
  return target.engine === 'postgres' ? options.connections : Math.min(PGLITE_WRITERS, options.connections);
}

/**
 * The loads again through wrk: entries alone and the second-wave mix on this instance; on PostgreSQL, the mix on two
 * instances at once, with event streams on both checked for every event, once, in one order.
 */
async function measureWithWrk(
  server: ServerHandle,
  target: DatabaseTarget,
  options: BenchOptions,
  base: string,
  request: (kind: RequestKind) => AutocannonRequest,
): Promise<WrkReport> {
  const unavailable = ensureWrk(options.log);
  if (unavailable) {
    options.log(`Not measured with wrk: ${unavailable}.`);
    return { unavailable };
  }
  const load = { connections: options.connections, seconds: options.loadSeconds };
  const writers = writesConnections(target, options);
  options.log(`wrk: income entries alone at ${writers} connections, then the second-wave and third-wave mixes at ${options.connections}, for ${options.loadSeconds} s each...`);
  const [writes] = await runWrk([base], { ...load, connections: writers }, () => request('incomeEntry'));
  const mixBusy = watchCpuBusy();
  const [mix] = await runWrk([base], load, () => request(pickDesignMixKind()));
  const busyOne = mixBusy();
  const [thirdWave] = await runWrk([base], load, () => request(pickThirdWaveKind()));
  if (target.engine !== 'postgres') return { writes, mix, thirdWave };

  const second = await startServer(target, options.timeZone);
  try {
    const bases = [base, `http://127.0.0.1:${second.ready.port}`];
    options.log(`wrk: the mix on two instances at once, ${options.connections} connections each, with event streams on both...`);
    const owner = (await signIn(base, 1, 0)).owners[0]!;
    const from = await newestEventId(server);
    const collected = await collectStreams(bases, owner, ORDER_STREAMS_PER_INSTANCE);
    const twoBusy = watchCpuBusy();
    const each = await runWrk(bases, load, () => request(pickDesignMixKind()));
    const busyTwo = twoBusy();
    const committed = await server.send<number[]>({ cmd: 'event-ids', after: from });
    // Every stream gets the last events within moments; waiting longer only hides a stream that never will.
    const last = committed.at(-1);
    const deadline = Date.now() + 30_000;
    while (last !== undefined && Date.now() < deadline && !collected.streams.every((stream) => stream.ids.at(-1) === last)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    collected.close();
    const throughput = each.reduce((sum, result) => sum + result.throughput, 0);
    return {
      writes,
      mix,
      thirdWave,
      twoInstances: {
        each,
        throughput,
        ratio: throughput / mix!.throughput,
        busy: { one: busyOne, two: busyTwo },
        order: streamOrderOutcome(collected.streams, committed, from),
      },
    };
  } finally {
    await second.send({ cmd: 'stop' }).catch(() => second.kill());
  }
}

/** The newest event id now (every event committed so far sequenced first). */
async function newestEventId(server: ServerHandle): Promise<number> {
  const ids = await server.send<number[]>({ cmd: 'event-ids', after: 0 });
  return ids.at(-1) ?? 0;
}
