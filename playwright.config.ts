import { defineConfig } from '@playwright/test';

// E2E_PORT lets several runs share one checkout (each gets its own data folder).
const PORT = Number(process.env.E2E_PORT ?? 4599);
const DATA_DIR = `test-results/e2e-data-${PORT}`;

/**
 * End-to-end tests: the real renderer in Debian's Chromium against browser
 * mode on a real SQLite file (a fresh data folder, so the demo is created).
 */
export default defineConfig({
  testDir: 'test/e2e',
  // generous: a loaded two-core machine runs some specs several times slower than a quiet one
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // one retry: a failure that holds twice is a failure; a spec that needed its retry is listed as flaky in the report
  retries: 1,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && tsx server/start-web.ts --port ${PORT} --data-dir ${DATA_DIR} --token e2e-token-0123456789`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
