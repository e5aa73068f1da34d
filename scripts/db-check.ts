// npm run db:check [-- --repair]
// Recomputes every figure kept alongside the income entries (agent totals and entry counts, each entry's new total,
// the week/month/quarter/year roll-ups in ORG_TIMEZONE, the achievements the totals imply) and reports where the stored
// ones differ. --repair corrects them in one transaction. Uses DATABASE_URL or DATA_DIR like the app.
// Exit codes: 0 consistent (or repaired), 1 drift found, 2 could not check.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { checkConsistency, type ConsistencyDrift } from '../server/db/operations/check-consistency';
import { runCli } from './support/cli';
import { databaseName, openMaintenanceDatabase } from './support/open-database';

const usage = `Usage: npm run db:check [-- --repair]

Checks that agent totals, entry counts, running totals, period roll-ups and achievements agree with the income
entries, and with --repair corrects those that do not. Uses DATABASE_URL when set, else the embedded database in
DATA_DIR (default ./data), which must not be in use by the app (stop it first; on PostgreSQL the app may keep running).
Exit codes: 0 consistent or repaired, 1 drift found, 2 the check could not run.`;

const SHOWN = 50;

function describeDrift(drift: ConsistencyDrift): string {
  switch (drift.kind) {
    case 'agent-total':
      return `agent ${drift.agentId}: total income ${drift.actual}, its entries add up to ${drift.expected}`;
    case 'agent-entry-count':
      return `agent ${drift.agentId}: entry count ${drift.actual}, it has ${drift.expected} entries`;
    case 'agent-peak':
      return `agent ${drift.agentId}: highest total ${drift.actual}, its entries reached ${drift.expected}`;
    case 'entry-new-total':
      return `entry ${drift.entryId} of agent ${drift.agentId}: new total ${drift.actual}, the running sum is ${drift.expected}`;
    case 'period-total':
      return `agent ${drift.agentId}, ${drift.periodKind} from ${drift.periodStart}: income ${drift.actual}, its entries add up to ${drift.expected}`;
    case 'missing-achievement':
      return `agent ${drift.agentId}: reached tier ${drift.tierId} but the achievement is not recorded`;
    case 'unmatched-void':
      return `entry ${drift.entryId} of agent ${drift.agentId}: a void without its mirroring reversal (or a reversal of an entry not voided); not repaired, look at it by hand`;
    case 'metric-period-total':
      return `metric ${drift.metricId}, agent ${drift.agentId}, ${drift.periodKind} from ${drift.periodStart}: ${drift.actual}, its activities add up to ${drift.expected}`;
    case 'unmatched-activity-void':
      return `activity ${drift.activityId} of agent ${drift.agentId}: a void without its mirroring reversal (or a reversal of an activity not voided); not repaired, look at it by hand`;
  }
}

function printDrifts(drifts: ConsistencyDrift[]) {
  for (const drift of drifts.slice(0, SHOWN)) console.log(`  ${describeDrift(drift)}`);
  if (drifts.length > SHOWN) console.log(`  ... and ${drifts.length - SHOWN} more`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { repair: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const database = await openMaintenanceDatabase(config);
  if (typeof database === 'string') {
    console.error(database);
    return 2;
  }
  const where = databaseName(config);
  try {
    const drifts = await checkConsistency(database.db, config.orgTimezone, { repair: values.repair ?? false });
    if (drifts.length === 0) {
      console.log(`No drift: every total, roll-up and achievement in ${where} agrees with the income entries.`);
      return 0;
    }
    if (!values.repair) {
      console.log(`Drift found in ${where} (${drifts.length}):`);
      printDrifts(drifts);
      console.log('Run npm run db:check -- --repair to recompute these figures from the income entries.');
      return 1;
    }
    console.log(`Repaired ${drifts.length} figure(s) in ${where}:`);
    printDrifts(drifts);
    const left = await checkConsistency(database.db, config.orgTimezone);
    if (left.length > 0) {
      console.log(`Drift left after the repair (${left.length}):`);
      printDrifts(left);
      return 1;
    }
    console.log('The database is consistent now.');
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, usage, 2);
