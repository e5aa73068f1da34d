// A second e2e server, for the tests that need time to pass or change what every test shares (the sign-up mode):
// the built app on its own fresh data dir with demo data, whose clock a test moves on. SIGUSR2 moves it 11 minutes
// forward (past the 10 minutes a password confirmation lasts) and prints "clock advanced" once it has.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { prepareServer } from '../../../server/serve';

export const CLOCK_STEP_MS = 11 * 60 * 1000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-e2e-clock-'));
Object.assign(process.env, { DATA_DIR: dataDir, HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '' });

let offsetMs = 0;
const config = loadConfig();
const database = await openDatabase({ engine: 'pglite', dataDir: config.dataDir });
const { app } = await prepareServer(database, config, { now: () => new Date(Date.now() + offsetMs) });

process.on('SIGUSR2', () => {
  offsetMs += CLOCK_STEP_MS;
  process.stdout.write('clock advanced\n');
});

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  try {
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
process.stdout.write('clock server ready\n');
