import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureText } from './testing/fuzz/failure-text.ts';
import { createRouteFuzzer, type RouteFuzzer } from './testing/fuzz/route-fuzzer.ts';
import { createS3Storage } from './storage/s3-storage.ts';
import { startTestS3Server, type TestS3Server } from './testing/s3-server.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/**
 * The bounded run of the route fuzzer (decision 026): a fixed seed, so a failure shows again on
 * the next run; FUZZ_SEED and FUZZ_RUNS replay another (`npm run bench:fuzz` runs 100 000).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** The run on the S3 engine: the same routes, the media ones reading the bucket. */
const S3_RUNS = Number(process.env.FUZZ_RUNS ?? 400);

let t: TestApp;
let fuzzer: RouteFuzzer;
// Seeding the world and building every route's generators takes seconds on a busy machine.
beforeAll(async () => {
  // With the payment sandbox, so its gateway and the notify routes are fuzzed too.
  t = await createTestApp({
    pay: { sandbox: true, alipay: undefined, reconcileIntervalMinutes: 0 },
  });
  fuzzer = await createRouteFuzzer(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('every route, fuzzed from the OpenAPI document and beyond it', () => {
  it('covers every registered route, the documented ones with their schemas', () => {
    const documented = fuzzer.routes.filter((route) => route.documented);
    expect(documented.length).toBeGreaterThan(40);
    expect(fuzzer.routes.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'POST /api/upload/video/',
        'GET /media/*',
        'GET /api/*',
        'GET /ws',
        'POST /api/pay/notify/:provider',
        'GET /pay-sandbox/alipay/gateway.do',
      ]),
    );
  });

  it(
    `${RUNS} requests (seed ${SEED}): never a 5xx, always the envelope, no change on a refusal`,
    { timeout: 600_000 },
    async () => {
      const report = await fuzzer.run({ seed: SEED, runs: RUNS });
      const untried = [...report.perRoute].filter(([, count]) => count.tried === 0);
      expect(untried.map(([key]) => key)).toEqual([]);
      const shown = report.failures.slice(0, 10).map(failureText).join('\n\n');
      expect(
        report.failures.length,
        `route fuzzer, seed ${SEED}: ${report.failures.length} failures in ${report.tried} ` +
          `requests; replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}. First ones:\n\n${shown}`,
      ).toBe(0);
    },
  );
});

describe('every route, fuzzed with media in an S3 bucket', () => {
  let s3: TestS3Server;
  let onS3: TestApp;
  let bucketFuzzer: RouteFuzzer;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    const storage = createS3Storage(s3.settings);
    onS3 = await createTestApp({ mediaStorage: storage });
    bucketFuzzer = await createRouteFuzzer(onS3, { storage, keys: () => s3.keys() });
  }, 120_000);
  afterAll(async () => {
    await onS3.close();
    await s3.close();
  });

  it(
    `${S3_RUNS} requests (seed ${SEED}): never a 5xx, always the envelope, no change on a refusal`,
    { timeout: 600_000 },
    async () => {
      const report = await bucketFuzzer.run({ seed: SEED, runs: S3_RUNS });
      const shown = report.failures.slice(0, 10).map(failureText).join('\n\n');
      expect(
        report.failures.length,
        `route fuzzer on S3, seed ${SEED}: ${report.failures.length} failures in ` +
          `${report.tried} requests. First ones:\n\n${shown}`,
      ).toBe(0);
    },
  );
});
