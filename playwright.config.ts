import { defineConfig } from '@playwright/test';
import { E2E_CODE_RESEND_INTERVAL_SECONDS } from './e2e/support/code-interval.ts';
import { melonDouyinSettings, OIDC_PROVIDER_PORT } from './e2e/support/oidc-settings.ts';
import { E2E_SITES, type E2eSite } from './e2e/support/sites.ts';

/**
 * A fresh demo site on SQLite, the embedded defaults a newcomer gets from `npm start`, for each
 * worker (decision 074). Playwright starts these one after another: the first makes the demo
 * videos when the cache lacks them (a no-op otherwise), so the next finds them made.
 */
const demoSite = (site: E2eSite, index: number) => ({
  command: [
    ...(index === 0 ? ['node e2e/support/prepare-demo-videos.ts .cache/demo-cache'] : []),
    `rm -rf ${site.dataDir}`,
    'node apps/server/src/main.ts',
  ].join(' && '),
  env: {
    PORT: String(site.port),
    HOST: '127.0.0.1',
    MELON_DATA_DIR: site.dataDir,
    MELON_DEMO: '1',
    // Demo videos outlive the data dirs: only the first run on a machine generates them.
    MELON_DEMO_CACHE_DIR: '.cache/demo-cache',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    MELON_CODE_RESEND_INTERVAL_SECONDS: String(E2E_CODE_RESEND_INTERVAL_SECONDS),
    // Native client packages offered on /app (decision 056); a site has none by default.
    MELON_APP_WINDOWS_URL: 'https://dl.melon.example/MelonSetup-2.1.0.exe',
    MELON_APP_WINDOWS_VERSION: '2.1.0',
    MELON_APP_ANDROID_URL: 'https://dl.melon.example/melon-2.1.0.apk',
    ...melonDouyinSettings(),
  },
  url: `${site.origin}/readyz`,
  // A first run on a machine makes the demo videos (under four minutes on two cores).
  timeout: index === 0 ? 300_000 : 60_000,
  reuseExistingServer: false,
});

export default defineConfig({
  testDir: 'e2e',
  // The tests of one file run in order in one worker; files spread over the workers.
  fullyParallel: false,
  workers: E2E_SITES.length,
  retries: 0,
  reporter: [['list']],
  // Generous bounds: tests wait for states, and a busy machine (three workers on two cores, or
  // other work beside them) must only make them slower, never fail them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    // baseURL is each worker's site: e2e/support/test.ts.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: [
    {
      // A local OpenID Connect provider standing in for Douyin (third-party sign-in).
      command: 'node e2e/support/oidc-provider.ts',
      env: { OIDC_PROVIDER_PORT: String(OIDC_PROVIDER_PORT) },
      url: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    ...E2E_SITES.map(demoSite),
  ],
});
