import { afterAll, beforeAll, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from './server.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/*
 * Issue 11 item 3: a client may not take for ever to send its request (a trickled body held a
 * connection and its handler's resources without end: Fastify's default is no limit).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('gives every request a time limit to arrive whole, long enough for a 4 MiB upload chunk', () => {
  expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
});
