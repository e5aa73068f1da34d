// The reference data set of docs/product.md §15 (10,000 agents, 1,000,000 income entries over two years, and
// 3,000,000 activities on three count metrics: docs/decisions/0072), generated
// into an embedded database directory or a PostgreSQL database. Used by `npm run generate-data` and the benchmark.
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/client';
import { claimMeta, readMeta } from '../../server/db/queries/app-meta';
import { analyzeLoadedTables, loadReferenceData, type ReferenceDataSummary } from './bulk-load';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { positiveWholeOption } from '../support/cli';

/** Every generated agent signs in with this password (agent1@bench.example ... agentN@bench.example). */
export const REFERENCE_AGENT_PASSWORD = 'bench-agent-password';
/** The app_meta key that marks a complete data set, with its parameters. */
export const REFERENCE_DATA_META_KEY = 'reference_data';

export type DatabaseTarget = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string };

export interface ReferenceDataSize {
  agents: number;
  entries: number;
  months: number;
  /** Activities on the three count metrics (calls, meetings, deals) the data set defines. */
  activities: number;
}

export const REFERENCE_SIZE: ReferenceDataSize = { agents: 10_000, entries: 1_000_000, months: 24, activities: 3_000_000 };

/** The command-line options that set a data set's size (for parseArgs); sizeOption reads them. */
export const SIZE_OPTIONS = { agents: { type: 'string' }, entries: { type: 'string' }, months: { type: 'string' }, activities: { type: 'string' } } as const;

/** The size asked for with --agents, --entries, --months and --activities; each one not given is the fallback's. */
export function sizeOption(
  values: { agents?: string | undefined; entries?: string | undefined; months?: string | undefined; activities?: string | undefined },
  fallback: ReferenceDataSize,
): ReferenceDataSize {
  return {
    agents: positiveWholeOption('agents', values.agents, fallback.agents),
    entries: positiveWholeOption('entries', values.entries, fallback.entries),
    months: positiveWholeOption('months', values.months, fallback.months),
    activities: positiveWholeOption('activities', values.activities, fallback.activities),
  };
}

export interface GenerateOptions extends ReferenceDataSize {
  timeZone: string;
  /** Full consistency check of every stored figure against the raw entries afterwards. */
  verify: boolean;
  log: (message: string) => void;
}

export interface GenerateResult {
  summary: ReferenceDataSummary;
  /** The instant the entries end at. */
  generatedAt: string;
  loadSeconds: number;
  verifySeconds: number | undefined;
}

export async function openTarget(target: DatabaseTarget, poolSize?: number): Promise<Database> {
  return target.engine === 'pglite'
    ? openDatabase({ engine: 'pglite', dataDir: target.dataDir })
    : openDatabase({ engine: 'postgres', url: target.url, ...(poolSize ? { poolSize } : {}) });
}

export interface ReferenceDataMeta extends ReferenceDataSize {
  timeZone: string;
  generatedAt: string;
  /** How long the load (with its index rebuild and analyze) and the consistency check took; absent in older data sets. */
  loadSeconds?: number;
  verifySeconds?: number;
}

/** The parameters of the data set in a database, or undefined when none was (completely) generated there. */
export async function readReferenceDataMeta(database: Database): Promise<ReferenceDataMeta | undefined> {
  const value = await readMeta(database.db, REFERENCE_DATA_META_KEY);
  return value === undefined ? undefined : (JSON.parse(value) as ReferenceDataMeta);
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Migrates the target, loads the data set into it (it must have no agents yet) and optionally verifies it. */
export async function generateReferenceData(target: DatabaseTarget, options: GenerateOptions): Promise<GenerateResult> {
  const database = await openTarget(target);
  try {
    await database.migrate();
    const started = performance.now();
    const passwordHash = await hashPassword(REFERENCE_AGENT_PASSWORD);
    const now = new Date();
    const summary = await loadReferenceData(database.db, {
      agents: options.agents,
      entries: options.entries,
      months: options.months,
      activities: options.activities,
      now,
      timeZone: options.timeZone,
      passwordHash,
      onProgress: (message) => options.log(`  ${message} (${seconds(started).toFixed(1)} s)`),
    });
    await analyzeLoadedTables(database.db);
    const loadSeconds = seconds(started);
    options.log(`  loaded and analyzed in ${loadSeconds.toFixed(1)} s`);

    let verifySeconds: number | undefined;
    if (options.verify) {
      const verifyStarted = performance.now();
      const drifts = await checkConsistency(database.db, options.timeZone);
      verifySeconds = seconds(verifyStarted);
      if (drifts.length > 0) {
        throw new Error(`The loaded data is inconsistent (${drifts.length} drifts), first: ${JSON.stringify(drifts[0])}`);
      }
      options.log(`  consistency check: no drift (${verifySeconds.toFixed(1)} s)`);
    }
    const meta: ReferenceDataMeta = { ...pickSize(options), timeZone: options.timeZone, generatedAt: now.toISOString(), loadSeconds, verifySeconds };
    await claimMeta(database.db, REFERENCE_DATA_META_KEY, JSON.stringify(meta));
    return { summary, generatedAt: now.toISOString(), loadSeconds, verifySeconds };
  } finally {
    await database.close();
  }
}

const pickSize = ({ agents, entries, months, activities }: ReferenceDataSize): ReferenceDataSize => ({ agents, entries, months, activities });
