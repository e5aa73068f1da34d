// The scale table (docs/performance.md, "Scale (PostgreSQL)"): the owner dashboard, the first leaderboard pages, the
// agent tier data and an entry write, timed one request at a time as in the benchmark's table, on data sets of
// growing size (1,000 agents with 100,000 entries up to 100,000 agents with 10,000,000), to show that their cost
// stays flat as the data grows. `npm run bench -- --scale` is its command line; the report is scale-report.ts.
import os from 'node:os';
import { copyPostgresDataSet, ensurePostgresDataSet, type PostgresDataSet } from './data-set';
import type { Stats } from './latency';
import { engineVersion, machineInfo, type MachineInfo } from './machine';
import { REFERENCE_SIZE, type ReferenceDataSize } from './reference-data';
import { startServer, type ServerHandle } from './server-process';
import { requestTimer, timeEachKind, warmUp } from './single-requests';

/** The sizes of the scale table: ten times the agents and the entries each step, 100 entries per agent, two years. */
export const SCALE_SIZES: readonly ReferenceDataSize[] = [
  { agents: 1_000, entries: 100_000, months: REFERENCE_SIZE.months, activities: 300_000 },
  { agents: 10_000, entries: 1_000_000, months: REFERENCE_SIZE.months, activities: 3_000_000 },
  { agents: 100_000, entries: 10_000_000, months: REFERENCE_SIZE.months, activities: 30_000_000 },
];

/** `--scale --quick`: two small sizes, to check that it all runs. */
export const QUICK_SCALE_SIZES: readonly ReferenceDataSize[] = [
  { agents: 100, entries: 10_000, months: REFERENCE_SIZE.months, activities: 30_000 },
  { agents: 1_000, entries: 100_000, months: REFERENCE_SIZE.months, activities: 300_000 },
];

/** The requests of the scale table, in its order. */
export const scaleKinds = ['dashboard', 'leaderboard', 'agentTierData', 'incomeEntry'] as const;
export type ScaleKind = (typeof scaleKinds)[number];

export interface ScaleOptions {
  /** A PostgreSQL URL naming the benchmark's database (the data sets get names derived from it). */
  databaseUrl: string;
  sizes: readonly ReferenceDataSize[];
  timeZone: string;
  /** Sequential samples per request kind and size. */
  samples: number;
  log: (message: string) => void;
}

export interface ScalePoint {
  size: ReferenceDataSize;
  /** Agents and entries in the copy measured. */
  data: { agents: number; entries: number };
  dataSet: PostgresDataSet;
  /** Seconds spent generating it in this run (0 when it was reused). */
  generateSeconds: number;
  /** Seconds to make the working copy, to start the app on it (until it listens), and to time the requests. */
  copySeconds: number;
  startSeconds: number;
  measureSeconds: number;
  timings: Record<ScaleKind, Stats>;
}

export interface ScaleReport {
  engineVersion: string;
  points: ScalePoint[];
  samples: number;
  machine: MachineInfo;
  startedAt: string;
  seconds: number;
}

/** The working copy's name: apart from `npm run bench`'s own copy, which may be in use at the same time. */
const runNameOf = (dataSet: string) => `${dataSet}_scale_run`;
const since = (started: number) => (performance.now() - started) / 1000;

/**
 * Every data set is generated first (or found from an earlier run), then each size in turn is copied, the app
 * started on the copy and the requests timed, so that the measurements are taken close together.
 */
export async function runScale(options: ScaleOptions): Promise<ScaleReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg();
  const dataSets: Array<{ size: ReferenceDataSize; dataSet: PostgresDataSet; generateSeconds: number }> = [];
  for (const size of options.sizes) {
    options.log(`Data set: ${size.agents} agents, ${size.entries} entries over ${size.months} months...`);
    const generating = performance.now();
    const dataSet = await ensurePostgresDataSet(options.databaseUrl, { size, timeZone: options.timeZone, log: options.log });
    dataSets.push({ size, dataSet, generateSeconds: dataSet.generatedNow ? since(generating) : 0 });
  }

  const points: ScalePoint[] = [];
  let serverVersion = '';
  for (const { size, dataSet, generateSeconds } of dataSets) {
    options.log(`Copying ${dataSet.name} for the run...`);
    const copying = performance.now();
    const { target, cleanup } = await copyPostgresDataSet(options.databaseUrl, dataSet.name, runNameOf(dataSet.name));
    const copySeconds = since(copying);
    let server: ServerHandle | undefined;
    try {
      options.log(`Starting the app on ${size.agents} agents, ${size.entries} entries...`);
      const starting = performance.now();
      server = await startServer(target, options.timeZone);
      const startSeconds = since(starting);
      serverVersion = server.ready.engineVersion;
      const measuring = performance.now();
      const timer = await requestTimer(server);
      await warmUp(timer, scaleKinds);
      const timings = await timeEachKind(timer, scaleKinds, options.samples, options.log);
      await server.send({ cmd: 'stop' });
      server = undefined;
      points.push({ size, data: timer.counts, dataSet, generateSeconds, copySeconds, startSeconds, measureSeconds: since(measuring), timings });
    } finally {
      server?.kill();
      await cleanup();
    }
  }
  return {
    engineVersion: engineVersion('postgres', serverVersion),
    points,
    samples: options.samples,
    machine: machineInfo(loadBefore),
    startedAt,
    seconds: since(started),
  };
}
