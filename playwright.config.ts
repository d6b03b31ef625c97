import { defineConfig } from '@playwright/test';
import { E2E_CODE_RESEND_INTERVAL_SECONDS } from './e2e/support/code-interval.ts';
import { melonDouyinSettings, OIDC_PROVIDER_PORT } from './e2e/support/oidc-settings.ts';

const port = 3210;
const origin = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: origin,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: [
    {
      // A local OpenID Connect provider standing in for Douyin (third-party sign-in).
      command: 'node e2e/support/oidc-provider.ts',
      env: { OIDC_PROVIDER_PORT: String(OIDC_PROVIDER_PORT), MELON_ORIGIN: origin },
      url: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // A fresh demo site on SQLite: the embedded defaults a newcomer gets from `npm start`.
      command: `rm -rf .cache/e2e-data && node apps/server/src/main.ts`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        MELON_DATA_DIR: '.cache/e2e-data',
        MELON_DEMO: '1',
        // Demo videos outlive the data dir: only the first run on a machine generates them.
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
      url: `${origin}/readyz`,
      // A first run generates the demo videos (under four minutes on two cores).
      timeout: 300_000,
      reuseExistingServer: false,
    },
  ],
});
