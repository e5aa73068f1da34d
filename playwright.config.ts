import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/support/chromium-flags';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The built app registers a service worker (docs/decisions/0092): blocked here, so that no spec's page is served
    // by a worker a previous page installed, and page.route() sees every request. tests/e2e/installable-app.spec.ts
    // allows it for itself.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx tests/e2e/support/start-server.ts',
    url: `http://127.0.0.1:${port}/api/tier-settings`,
    env: { E2E_PORT: String(port), ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
