// npm run audit:verify
// Recomputes the audit trail's hash chain (docs/product.md §12.12) and names the first row that breaks it.
// Uses DATABASE_URL or DATA_DIR like the app. Exit codes: 0 the chain holds, 1 it is broken, 2 could not check.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { verifyAuditChain } from '../server/db/operations/verify-audit-chain';
import { runCli } from './support/cli';
import { databaseName, openMaintenanceDatabase } from './support/open-database';

const usage = `Usage: npm run audit:verify

Recomputes the SHA-256 chain of the audit trail, row by row, and names the first row whose content or link to the row
before it does not match. Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data), which
must not be in use by the app (stop it first; on PostgreSQL the app may keep running).
Exit codes: 0 the chain holds, 1 it is broken, 2 the check could not run.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true });
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
  try {
    const report = await verifyAuditChain(database.db);
    if (report.broken) {
      console.log(`The audit trail in ${databaseName(config)} is broken at row ${report.broken.id}: ${report.broken.reason}.`);
      console.log(`${report.rows} row(s) before it check out.`);
      return 1;
    }
    console.log(`The audit trail in ${databaseName(config)} checks out: ${report.rows} row(s).`);
    if (report.lastHash) console.log(`Last hash: ${report.lastHash} (note it: a later check must show it or rows after it).`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, usage, 2);
