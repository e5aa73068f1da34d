// npm run audit:verify
// Recomputes the audit trail's hash chain (docs/product.md §12.12) and names the first row that breaks it.
// Uses DATABASE_URL or DATA_DIR like the app. Exit codes: 0 the chain holds, 1 it is broken, 2 could not check.
import { parseArgs } from 'node:util';
import { auditKeyPath, readAuditKey } from '../server/audit-key';
import { loadConfig } from '../server/config';
import { verifyAuditChain } from '../server/db/operations/verify-audit-chain';
import { runCli } from './support/cli';
import { databaseName, openMaintenanceDatabase } from './support/open-database';

const usage = `Usage: npm run audit:verify

Recomputes the SHA-256 chain of the audit trail, row by row, and names the first row whose content or link to the row
before it does not match. With the audit key (AUDIT_KEY, else DATA_DIR/audit.key on the embedded database) it also
checks the seals the app made of the chain: a row that was sealed cannot be changed, even with the chain computed
again. Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data), which must not be in use
by the app (stop it first; on PostgreSQL the app may keep running).
Exit codes: 0 the chain holds, 1 it is broken, 2 the check could not run.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const key = readAuditKey(config);
  const database = await openMaintenanceDatabase(config);
  if (typeof database === 'string') {
    console.error(database);
    return 2;
  }
  try {
    const report = await verifyAuditChain(database.db, key);
    if (report.broken) {
      console.log(`The audit trail in ${databaseName(config)} is broken at row ${report.broken.id}: ${report.broken.reason}.`);
      console.log(`${report.rows} row(s) before it check out.`);
      return 1;
    }
    console.log(`The audit trail in ${databaseName(config)} checks out: ${report.rows} row(s).`);
    const seals = report.seals;
    if (!seals) {
      const where = config.databaseUrl ? 'AUDIT_KEY is not set' : `neither AUDIT_KEY nor ${auditKeyPath(config)} holds a key`;
      console.log(`Seals not checked: ${where}. The chain alone cannot show a row edited with the chain computed again.`);
    } else {
      console.log(
        seals.sealedThrough === null
          ? 'No seal made with this key yet.'
          : `${seals.checked} seal(s) made with this key check out: rows up to ${seals.sealedThrough} are sealed.`,
      );
      if (seals.unsealedRows > 0) console.log(`${seals.unsealedRows} row(s) after the last seal are not sealed yet (the app seals every second while it runs).`);
      if (seals.otherKey > 0) console.log(`${seals.otherKey} seal(s) were made with another key: keep that key to check them.`);
    }
    if (report.lastHash) console.log(`Last hash: ${report.lastHash} (note it: a later check must show it or rows after it).`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, usage, 2);
