import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import { bootstrapDatabase, type BootstrapResult } from './bootstrap';
import type { AppConfig } from './config';
import type { Database } from './db/client';

/**
 * What `npm start` does between opening the database and listening: migrations, the first owner and demo data
 * (bootstrap), then the app with the configured web root and logger. Test servers that need a clock of their own
 * pass `now`.
 */
export async function prepareServer(
  database: Database,
  config: AppConfig,
  options: { now?: () => Date } = {},
): Promise<BootstrapResult & { app: FastifyInstance }> {
  await database.migrate();
  const boot = await bootstrapDatabase(database, config);
  const app = await createApp({
    database,
    config,
    demo: boot.demo,
    demoOwner: boot.demoOwner,
    ...(config.webDir ? { webRoot: config.webDir } : {}),
    logger: { level: config.logLevel },
    ...(options.now ? { now: options.now } : {}),
  });
  return { ...boot, app };
}
