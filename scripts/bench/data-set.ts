// The data set a benchmark runs on: the reference data set (or another size), generated once and kept, and a
// working copy of it for each run, since a run writes entries. PGlite keeps it in a folder, PostgreSQL in a database.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { periodStartsOf } from '../../server/domain/periods';
import { projectRoot } from '../support/project-root';
import { createDatabase, databaseExists, dropDatabase, withDatabaseName } from './database-admin';
import { countAgentsAndEntries } from './queries';
import { generateReferenceData, readReferenceDataMeta, REFERENCE_SIZE, openTarget, type DatabaseTarget, type ReferenceDataSize } from './reference-data';

export interface DataSetOptions {
  size: ReferenceDataSize;
  timeZone: string;
  /** Where generated PGlite data sets are kept between runs (default .tmp/). */
  cacheRoot?: string | undefined;
  log: (message: string) => void;
}

/** The run's working copy, and how to remove it. */
export interface PreparedDataSet {
  target: DatabaseTarget;
  cleanup: () => Promise<void>;
}

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

/** A working copy of the cached PGlite data set (generated first when missing); removed by the returned cleanup. */
export async function preparePglite(options: DataSetOptions): Promise<PreparedDataSet> {
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

/**
 * On PostgreSQL: the database DATABASE_URL names holds the reference data set (other sizes get a suffixed name);
 * it is created and generated when missing, and each run works on a copy made WITH TEMPLATE, dropped afterwards.
 */
export async function preparePostgres(url: string, options: DataSetOptions): Promise<PreparedDataSet> {
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
