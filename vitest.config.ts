import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dialect = process.env.MELON_TEST_DIALECT ?? 'sqlite';

export default defineConfig({
  test: {
    projects: [
      // The unit projects share their workers across files too (`isolate: false`): vitest
      // counted 137 worker starts of ~220 ms each on a busy CI machine.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], isolate: false } },
      { test: { name: 'danmaku', include: ['packages/danmaku/src/**/*.test.ts'], isolate: false } },
      'packages/media',
      {
        test: {
          name: 'db',
          include: ['packages/db/src/**/*.test.ts'],
          // Migrating a fresh PostgreSQL database beside the scale journey took over 5 s in CI.
          testTimeout: 30_000,
          isolate: false,
          env: { MELON_TEST_DIALECT: dialect },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Many server tests run ffmpeg or ffprobe: on a busy 2-core machine 5 s is too tight.
          testTimeout: 30_000,
          // The files share their workers instead of each loading the app anew (every file
          // builds its own app and database, so nothing carries over): 313 s → 191 s for the
          // project on SQLite on a busy 2-core machine.
          isolate: false,
          env: { MELON_TEST_DIALECT: dialect },
        },
      },
      {
        // The app's `~/` imports (apps/web/vite.config.ts), so components can be rendered in tests.
        resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.ts', 'apps/web/server/**/*.test.ts'],
          isolate: false,
        },
      },
      { test: { name: 'tools', include: ['eslint-rules/**/*.test.js'] } },
    ],
  },
});
