import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHINESE = /[\u3400-\u9fff]/u;

/** The SPEC §8 refusal: the envelope alone, a Chinese message, null data. */
function expectRefusal(response: Awaited<ReturnType<TestApp['app']['inject']>>, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
  expect(body.code).toBe(status);
  expect(body.data).toBeNull();
  expect(body.message).toMatch(CHINESE);
}

// Found by the route fuzzer (routes-fuzz.test.ts): answers Fastify gives before any handler.
describe('failures of the router itself answer in the envelope', () => {
  it.each([
    ['a bad escape', '/api/%'],
    ['an escape of no UTF-8', '/media/%FF'],
    ['an escaped lone surrogate', '/api/upload/video/%ED%A0%80'],
    ['a bad escape in a parameter', '/passport/auth/callback/%zz'],
  ])('a path with %s is a 400', async (_name, url) => {
    expectRefusal(await t.app.inject({ method: 'GET', url }), 400);
  });

  it('a path parameter past the router limit is a 414', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/passport/auth/callback/${'a'.repeat(300)}`,
    });
    expectRefusal(response, 414);
  });
});

describe("Fastify's and its plugins' own refusals are in Chinese", () => {
  it('a 403 of the static files (an empty path segment) says so in Chinese', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: '/docs/api/static//x' }), 403);
  });
});
