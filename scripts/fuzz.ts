// npm run fuzz [-- --runs 10000] [--seed 42] [--engine pglite|postgres|both]
// Sends generated malformed requests to every API route as every kind of caller, on a scratch database (an
// in-memory PGlite, and a temporary PostgreSQL database when TEST_DATABASE_URL is set), and prints a summary.
// Exit code 1 when any answer was a 5xx, a malformed request was not refused with a 4xx in the JSON error shape,
// or the database changed. The same cases, fewer of them, run in `npm test` (tests/integration/fuzz.test.ts).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database, type Engine } from '../server/db/client';
import { databaseFingerprint } from '../tests/support/fingerprint';
import { fuzzCaseArbitrary, makeFuzzFixture, primaryLabel, runFuzzCase, type FuzzCase } from '../tests/support/fuzz-requests';
import { adminPool, postgresTestUrl } from '../tests/support/postgres-admin';

const usage = `Usage: npm run fuzz -- [--runs N] [--seed N] [--engine pglite|postgres|both]

Runs N generated malformed requests (default 10,000) per database engine and prints a summary.
PostgreSQL needs TEST_DATABASE_URL (a server where a temporary database may be created and dropped).`;

interface EngineReport {
  engine: Engine;
  runs: number;
  seconds: number;
  failures: { c: FuzzCase; problems: string[] }[];
  byRoute: Map<string, Map<string, number>>;
  byMutation: Map<string, number>;
  statuses: Map<number, number>;
  unchanged: boolean;
}

async function scratchDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') return openDatabase({ engine: 'pglite' });
  const url = postgresTestUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set: it names the PostgreSQL server to fuzz against');
  const name = `tt_fuzz_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = adminPool(url);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: target.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = adminPool(url);
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const increment = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

async function fuzzEngine(engine: Engine, runs: number, seed: number): Promise<EngineReport> {
  const started = Date.now();
  const database = await scratchDatabase(engine);
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', ORG_TIMEZONE: 'UTC', LOG_LEVEL: 'silent' });
    const app = await createApp({ database, config, webRoot: null });
    await app.ready();
    const now = new Date();
    const target = { app, db: database.db, now: () => now, fixture: await makeFuzzFixture(database.db, now) };
    const routes = app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const cases = fc.sample(fuzzCaseArbitrary(routes), { numRuns: runs, seed });

    const report: EngineReport = {
      engine,
      runs,
      seconds: 0,
      failures: [],
      byRoute: new Map(),
      byMutation: new Map(),
      statuses: new Map(),
      unchanged: false,
    };
    const initial = await databaseFingerprint(database.db);
    let last = initial;
    for (const [index, c] of cases.entries()) {
      const outcome = await runFuzzCase(target, c, last);
      last = outcome.after;
      if (outcome.problems.length > 0) report.failures.push({ c, problems: outcome.problems });
      const row = report.byRoute.get(c.route) ?? new Map<string, number>();
      report.byRoute.set(c.route, row);
      increment(row, String(outcome.status));
      increment(row, 'cases');
      increment(report.byMutation, primaryLabel(c).replace(/^field .*/, 'field value').replace(/^body: .*/, 'raw body'));
      increment(report.statuses, outcome.status);
      if ((index + 1) % 1000 === 0) process.stderr.write(`  ${engine}: ${index + 1}/${runs}\n`);
    }
    report.unchanged = JSON.stringify(await databaseFingerprint(database.db)) === JSON.stringify(initial);
    report.seconds = (Date.now() - started) / 1000;
    await app.close();
    return report;
  } finally {
    await database.close();
  }
}

function printReport(report: EngineReport) {
  const statusColumns = [...report.statuses.keys()].sort((a, b) => a - b).map(String);
  const header = ['route', 'cases', ...statusColumns];
  const rows = [...report.byRoute.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, counts]) => [route, String(counts.get('cases') ?? 0), ...statusColumns.map((s) => String(counts.get(s) ?? ''))]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

  console.log(`\n${report.engine}: ${report.runs} malformed requests in ${report.seconds.toFixed(1)} s`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`mutations: ${[...report.byMutation.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const fiveHundreds = [...report.statuses.entries()].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  console.log(`5xx answers: ${fiveHundreds}; failed checks: ${report.failures.length}; database unchanged: ${report.unchanged ? 'yes' : 'NO'}`);
  for (const failure of report.failures.slice(0, 10)) {
    console.log(`  FAIL ${fc.stringify(failure.c)}\n       ${failure.problems.join('\n       ')}`);
  }
  if (report.failures.length > 10) console.log(`  ... and ${report.failures.length - 10} more`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10000' },
      seed: { type: 'string' },
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs must be a positive whole number\n\n${usage}`);
    return 2;
  }
  const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2_147_483_647;
  const choice = values.engine ?? (postgresTestUrl() ? 'both' : 'pglite');
  const engines: Engine[] = choice === 'both' ? ['pglite', 'postgres'] : choice === 'pglite' || choice === 'postgres' ? [choice] : [];
  if (engines.length === 0) {
    console.error(`--engine must be pglite, postgres or both\n\n${usage}`);
    return 2;
  }

  console.log(`Fuzzing every API route with ${runs} malformed requests per engine (seed ${seed}; --seed ${seed} repeats this run)`);
  let ok = true;
  for (const engine of engines) {
    const report = await fuzzEngine(engine, runs, seed);
    printReport(report);
    ok &&= report.failures.length === 0 && report.unchanged;
  }
  console.log(ok ? '\nNo 5xx, every malformed request refused with the error shape, nothing changed.' : '\nFAILED: see above.');
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
