// npm run bench [-- --quick] : the quality bars of docs/product.md §15, measured on the reference data set.
// PGlite by default (the data set is generated once into .tmp/bench-data-*), PostgreSQL when DATABASE_URL is set
// (the database it names holds the data set; each run works on a copy). Prints one table and, for the reference
// data set, keeps it in docs/performance.md with the engine and the machine. With --scale: the scale table instead
// (scripts/bench/scale.ts), on PostgreSQL.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { formatReport, reportRows, writeDocSection } from './bench/report';
import { exitAfterOutput, positiveWholeOption } from './support/cli';
import { projectRoot } from './support/project-root';
import { FULL_RUN, QUICK_RUN, runBenchmark } from './bench/run';
import { REFERENCE_SIZE, SIZE_OPTIONS, sizeOption } from './bench/reference-data';
import { QUICK_SCALE_SIZES, runScale, SCALE_SIZES } from './bench/scale';
import { FLAT_FACTOR, formatScaleReport, isStandardScale, parseScaleSizes, SCALE_DOC_KEY, scaleRows } from './bench/scale-report';

const sizeList = (sizes: ReadonlyArray<{ agents: number; entries: number }>) => sizes.map((size) => `${size.agents}x${size.entries}`).join(',');

const usage = `Usage: npm run bench -- [--quick] [--agents N] [--entries N] [--months N] [--samples N]
                       [--load-seconds N] [--connections N] [--streams N] [--no-doc]
       npm run bench -- --scale [--quick] [--scale-sizes AxE,AxE,...] [--samples N] [--no-doc]

Measures the owner dashboard, the monthly leaderboard, the agent tier data, the agents list and an income entry
write (server time), the naive scan they replace, the event loop, a load of mixed reads and writes, the second-wave
load (a quarter each of entries, dashboards, leaderboard pages, tier data) with the bare-Fastify ceiling beside it,
and that load again with --streams event streams open (on two instances on PostgreSQL), timing entries to every
stream; then checks every total. Uses DATABASE_URL (a PostgreSQL database for the benchmark) when set, else PGlite.
--quick: ${QUICK_RUN.size.agents} agents, ${QUICK_RUN.size.entries} entries, a ${QUICK_RUN.loadSeconds} s load.
Results on the reference data set (${REFERENCE_SIZE.agents} agents, ${REFERENCE_SIZE.entries} entries) go into
docs/performance.md unless --no-doc.

--scale: the scale table, on PostgreSQL only (DATABASE_URL): the owner dashboard, the first leaderboard pages, the
agent tier data and an entry write, timed as above on ${sizeList(SCALE_SIZES)} (agents x entries;
each data set generated once into a database named after DATABASE_URL's, then reused), with the ratio of the
largest size's median to the smallest's: flat means at most ${FLAT_FACTOR}x. Kept in docs/performance.md unless --no-doc.
--scale-sizes: other sizes, smallest first (e.g. 100x10000,1000x100000); --scale --quick: ${sizeList(QUICK_SCALE_SIZES)}
with ${QUICK_RUN.samples} requests of each kind. Neither is kept in the doc.`;

const parseOptions = () =>
  parseArgs({
    options: {
      quick: { type: 'boolean' },
      ...SIZE_OPTIONS,
      samples: { type: 'string' },
      'load-seconds': { type: 'string' },
      connections: { type: 'string' },
      streams: { type: 'string' },
      'no-doc': { type: 'boolean' },
      scale: { type: 'boolean' },
      'scale-sizes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
type Values = ReturnType<typeof parseOptions>;

async function main(): Promise<number> {
  const values = parseOptions();
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  if (values.scale || values['scale-sizes'] !== undefined) return scale(values, config);
  const preset = values.quick ? QUICK_RUN : FULL_RUN;
  const size = sizeOption(values, preset.size);
  const report = await runBenchmark({
    size,
    databaseUrl: config.databaseUrl,
    timeZone: config.orgTimezone,
    samples: positiveWholeOption('samples', values.samples, preset.samples),
    naiveRuns: preset.naiveRuns,
    loadSeconds: positiveWholeOption('load-seconds', values['load-seconds'], preset.loadSeconds),
    connections: positiveWholeOption('connections', values.connections, preset.connections),
    liveStreams: positiveWholeOption('streams', values.streams, preset.liveStreams),
    log: (message) => console.log(message),
  });
  const text = formatReport(report);
  console.log(`\n${text}`);
  const isReference = JSON.stringify(size) === JSON.stringify(REFERENCE_SIZE);
  if (isReference && !values['no-doc']) {
    writeDocSection(path.join(projectRoot, 'docs/performance.md'), report.engine, text);
    console.log(`Kept in docs/performance.md (${report.engine} section).`);
  }
  const missed = reportRows(report).filter((row) => row.pass === false);
  if (missed.length > 0) console.log(`Bars missed: ${missed.map((row) => row.measure).join('; ')}`);
  return missed.length > 0 ? 1 : 0;
}

/** `--scale`: the scale table on PostgreSQL, kept in docs/performance.md for the table's own sizes. */
async function scale(values: Values, config: ReturnType<typeof loadConfig>): Promise<number> {
  if (!config.databaseUrl) throw new ConfigError('--scale runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/tiertrack_bench)');
  const ignored = (['agents', 'entries', 'months', 'load-seconds', 'connections', 'streams'] as const).filter((name) => values[name] !== undefined);
  if (ignored.length > 0) throw new ConfigError(`--scale takes its sizes from --scale-sizes, not --${ignored.join(', --')}`);
  const sizes = values['scale-sizes'] !== undefined ? parseScaleSizes(values['scale-sizes']) : values.quick ? QUICK_SCALE_SIZES : SCALE_SIZES;
  const report = await runScale({
    databaseUrl: config.databaseUrl,
    sizes,
    timeZone: config.orgTimezone,
    samples: positiveWholeOption('samples', values.samples, values.quick ? QUICK_RUN.samples : FULL_RUN.samples),
    log: (message) => console.log(message),
  });
  const text = formatScaleReport(report);
  console.log(`\n${text}`);
  if (isStandardScale(sizes) && !values['no-doc']) {
    writeDocSection(path.join(projectRoot, 'docs/performance.md'), SCALE_DOC_KEY, text);
    console.log('Kept in docs/performance.md (scale section).');
  }
  const grew = scaleRows(report).filter((row) => !row.flatness.flat);
  if (grew.length > 0) console.log(`Not flat: ${grew.map((row) => `${row.measure} (${row.flatness.ratio.toFixed(2)}x)`).join('; ')}`);
  return grew.length > 0 ? 1 : 0;
}

main().then(
  (code) => exitAfterOutput(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    exitAfterOutput(1);
  },
);
