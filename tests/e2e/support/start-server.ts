// Starts the real built app for the browser tests: embedded database in a fresh temporary data dir, demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    // The webhook test's receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: '1',
    // The push test's push service listens on 127.0.0.1 (tests/e2e/installable-app.spec.ts); no other host is posted to.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
  },
});

const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
