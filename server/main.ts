import { loadOrCreateAuditKey } from './audit-key';
import { demoModeIsLoud } from './bootstrap';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { hostAdvice } from './http/host-check';
import { isDatabaseUnavailable } from './db/errors';
import { prepareServer } from './serve';
import { startupFailureMessage, databaseAddress, reasonOf } from './startup-errors';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database | undefined;
  let prepared: Awaited<ReturnType<typeof prepareServer>>;
  try {
    database = config.databaseUrl
      ? await openDatabase({ engine: 'postgres', url: config.databaseUrl })
      : await openDatabase({ engine: 'pglite', dataDir: config.dataDir });
    // The embedded database's audit key lives beside it, never in it (docs/decisions/0037-keyed-audit-chain.md).
    config = { ...config, auditKey: loadOrCreateAuditKey(config) };
    prepared = await prepareWhenTheDatabaseAnswers(database, config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const message = startupFailureMessage(error, config);
    if (message) fail(`TierTrack could not start. ${message}`);
    throw error;
  }
  const { app, demo, signIn } = prepared;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  // One write, so whoever reads the output sees the whole banner at once.
  const banner = [
    `TierTrack is running at ${address} (${where}${demo ? ', demo mode' : ''})`,
    ...(demoModeIsLoud(config, demo)
      ? ['  DEMO MODE IS ON (DEMO=1): THE DEMO ACCOUNTS HAVE PUBLISHED PASSWORDS. DO NOT USE THIS INSTANCE FOR A REAL TEAM.']
      : []),
    ...(config.auditKey ? [] : ['  AUDIT_KEY is not set: the audit trail is chained but not sealed (docs/decisions/0037-keyed-audit-chain.md).']),
    ...signIn.map((line) => `  ${line}`),
    ...hostAdvice(config),
  ];
  process.stdout.write(`\n${banner.join('\n')}\n\n`);
}

/**
 * Migrates, bootstraps and builds the app; while a PostgreSQL server is unavailable (not started yet, restarting),
 * says so and tries again with a growing pause, as a service manager expects, for DATABASE_WAIT_SECONDS.
 */
async function prepareWhenTheDatabaseAnswers(database: Database, config: AppConfig) {
  const giveUpAt = Date.now() + config.databaseWaitSeconds * 1000;
  for (let pauseMs = 1000; ; pauseMs = Math.min(pauseMs * 2, 15_000)) {
    try {
      return await prepareServer(database, config);
    } catch (error) {
      const left = giveUpAt - Date.now();
      if (!config.databaseUrl || !isDatabaseUnavailable(error) || left <= 0) throw error;
      const pause = Math.min(pauseMs, left);
      console.error(
        `Waiting for the database at ${databaseAddress(config.databaseUrl)} (${reasonOf(error)}); trying again in ${Math.max(1, Math.round(pause / 1000))} s.`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
