// npm run bench [-- --quick] : the quality bars of docs/product.md §15, measured on the reference data set.
// PGlite by default (the data set is generated once into .tmp/bench-data-*), PostgreSQL when DATABASE_URL is set
// (the database it names holds the data set; each run works on a copy). Prints one table and, for the reference
// data set, keeps it in docs/performance.md with the engine and the machine.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { formatReport, reportRows, writeDocSection } from './bench/report';
import { exitAfterOutput, positiveWholeOption } from './support/cli';
import { projectRoot } from './support/project-root';
import { FULL_RUN, QUICK_RUN, runBenchmark } from './bench/run';
import { REFERENCE_SIZE, SIZE_OPTIONS, sizeOption } from './bench/reference-data';

const usage = `Usage: npm run bench -- [--quick] [--agents N] [--entries N] [--months N] [--samples N]
                       [--load-seconds N] [--connections N] [--streams N] [--no-doc]

Measures the owner dashboard, the monthly leaderboard, the agent tier data, the agents list and an income entry
write (server time), the naive scan they replace, the event loop, a load of mixed reads and writes, the second-wave
load (a quarter each of entries, dashboards, leaderboard pages, tier data) with the bare-Fastify ceiling beside it,
and that load again with --streams event streams open (on two instances on PostgreSQL), timing entries to every
stream; then checks every total. Uses DATABASE_URL (a PostgreSQL database for the benchmark) when set, else PGlite.
--quick: ${QUICK_RUN.size.agents} agents, ${QUICK_RUN.size.entries} entries, a ${QUICK_RUN.loadSeconds} s load.
Results on the reference data set (${REFERENCE_SIZE.agents} agents, ${REFERENCE_SIZE.entries} entries) go into
docs/performance.md unless --no-doc.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      ...SIZE_OPTIONS,
      samples: { type: 'string' },
      'load-seconds': { type: 'string' },
      connections: { type: 'string' },
      streams: { type: 'string' },
      'no-doc': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
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

main().then(
  (code) => exitAfterOutput(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    exitAfterOutput(1);
  },
);
