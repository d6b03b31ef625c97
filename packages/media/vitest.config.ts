import { defineConfig } from 'vitest/config';

/**
 * The media tests run ffmpeg on a machine whose cores are shared: one test file at a time, so
 * never more than one ffmpeg runs, and timeouts that allow for a busy machine.
 */
export default defineConfig({
  test: {
    name: 'media',
    include: ['src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
