import { defineConfig } from '@playwright/test';

const port = 3210;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    // A fresh demo site on SQLite: the embedded defaults a newcomer gets from `npm start`.
    command: `rm -rf .cache/e2e-data && node apps/server/src/main.ts`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      MELON_DATA_DIR: '.cache/e2e-data',
      MELON_DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
