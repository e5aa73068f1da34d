// npm run generate-data -- [--agents 10000] [--entries 1000000] [--months 24] [--activities 3000000] [--no-verify]
// Loads the reference data set of docs/product.md §15 into the database the app would use: DATABASE_URL when set,
// else the embedded database in DATA_DIR (default ./data). The database must have no agents yet.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { generateReferenceData, REFERENCE_AGENT_PASSWORD, REFERENCE_SIZE, SIZE_OPTIONS, sizeOption, type DatabaseTarget } from './bench/reference-data';

const usage = `Usage: npm run generate-data -- [--agents N] [--entries N] [--months N] [--activities N] [--no-verify]

Loads N agents (default ${REFERENCE_SIZE.agents}) and N income entries (default ${REFERENCE_SIZE.entries}) spread over
the last N months (default ${REFERENCE_SIZE.months}), and N activities (default ${REFERENCE_SIZE.activities}) on three
count metrics (calls, meetings, deals), into DATABASE_URL, else the embedded database in DATA_DIR (default ./data),
which must have no agents yet. Running totals, roll-ups (in ORG_TIMEZONE) and tier achievements are computed from the
entries and activities, then checked against them (--no-verify skips the check).
Agents sign in as agent1@bench.example ... with the password ${REFERENCE_AGENT_PASSWORD}.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      ...SIZE_OPTIONS,
      'no-verify': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const size = sizeOption(values, REFERENCE_SIZE);
  const target: DatabaseTarget = config.databaseUrl
    ? { engine: 'postgres', url: config.databaseUrl }
    : { engine: 'pglite', dataDir: config.dataDir };
  const where = target.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(`Generating ${size.agents} agents, ${size.entries} entries and ${size.activities} activities over ${size.months} months into ${where}...`);
  const result = await generateReferenceData(target, { ...size, timeZone: config.orgTimezone, verify: !values['no-verify'], log: console.log });
  const s = result.summary;
  console.log(
    `Done: ${s.agents} agents, ${s.entries} entries (${s.negativeEntries} deductions) from ${s.firstDate} to ${s.lastDate}, ${s.activities} activities, ` +
      `${s.periodRows} period roll-ups, ${s.achievements} tier achievements.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
