import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadUrls, ServerTimestamp } from '@melon/shared/contracts/site-info';
import { getDownloadUrls, getTimestamp } from '@melon/shared/calls/site-info.calls';
import { injectCall } from '../../testing/inject-call.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const packages: DownloadUrls['packages'] = [
  { platform: 'windows', url: 'https://dl.melon.example/MelonSetup.exe', version: '2.1.0' },
  { platform: 'ios', url: 'https://apps.apple.com/app/id0000000000', version: null },
];

let plain: TestApp;
let offering: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  offering = await createTestApp({ appPackages: packages });
});
afterAll(async () => {
  await offering.close();
  await plain.close();
});

describe('GET /api/otherv2/download_url', () => {
  it('answers no package when the operator configured none', async () => {
    const response = await injectCall(plain.app, getDownloadUrls);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { packages: [] } });
  });

  it('answers the configured packages to anyone, cacheable for a while', async () => {
    const response = await offering.app.inject({ url: getDownloadUrls.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json<{ data: DownloadUrls }>().data).toEqual({ packages });
  });

  it('refuses a malformed aid in the envelope, and a POST as an unknown call', async () => {
    const bad = await offering.app.inject({ url: `${getDownloadUrls.path}?aid=web` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: number }>().code).toBe(400);
    const post = await offering.app.inject({
      method: 'POST',
      url: '/api/otherv2/download_url',
      headers: offering.visitor().headers,
      payload: {},
    });
    expect(post.statusCode).toBe(404);
    expect(post.json<{ code: number }>().code).toBe(404);
  });
});

describe('GET /api/otherv2/get_timestamp', () => {
  it("answers the server's clock in milliseconds, never cached", async () => {
    const before = Date.now();
    const response = await injectCall(plain.app, getTimestamp);
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { timestamp_ms } = response.json<{ data: ServerTimestamp }>().data;
    expect(timestamp_ms).toBeGreaterThanOrEqual(before);
    expect(timestamp_ms).toBeLessThanOrEqual(after);
  });

  it('refuses a malformed aid', async () => {
    const response = await plain.app.inject({ url: `${getTimestamp.path}?aid=1.5` });
    expect(response.statusCode).toBe(400);
  });
});
