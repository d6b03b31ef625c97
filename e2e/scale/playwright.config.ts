import { defineConfig } from '@playwright/test';

/**
 * The scale journey (issue 16): nginx in front of two web processes and a worker on
 * PostgreSQL and Redis, started from the shipped units and site file. It starts its own
 * processes (no webServer here) on ports of its own, so it can run beside the main suite's
 * demo site on 3210: `npx playwright test -c e2e/scale`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.journey.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Two transcodes (one interrupted) and several process starts on a busy 2-core machine.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  outputDir: '../../test-results/scale',
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
