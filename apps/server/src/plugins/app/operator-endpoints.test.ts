import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { OperatorEndpoints } from '../../settings.ts';

const OPERATOR_PATHS = [
  '/metrics',
  '/openapi.json',
  '/docs/api/',
  '/docs/api/json',
  '/docs/api/yaml',
  '/docs/api/static/swagger-initializer.js',
  '/docs/api/static/swagger-ui.css',
];

const apps = new Map<OperatorEndpoints | 'default', TestApp>();
// Three whole apps: on PostgreSQL under load that takes longer than a hook's default 10 s.
beforeAll(async () => {
  apps.set('default', await createTestApp());
  for (const mode of ['public', 'off'] as const) {
    apps.set(mode, await createTestApp({ operatorEndpoints: mode }));
  }
}, 60_000);
afterAll(async () => {
  for (const t of apps.values()) await t.close();
});

const get = (mode: OperatorEndpoints | 'default', url: string, from: Record<string, unknown>) => {
  const t = apps.get(mode);
  if (!t) throw new Error(`no app for ${mode}`);
  return t.app.inject({ url, ...from });
};
const loopback = { remoteAddress: '127.0.0.1' };
const remote = { remoteAddress: '203.0.113.7' };
// A reverse proxy on this host: the client is the address it forwards.
const proxied = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } };

function expectNotFound(response: Awaited<ReturnType<typeof get>>): void {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ code: 404, message: '页面不存在', data: null });
}

describe('metrics and the API document (MELON_OPERATOR_ENDPOINTS)', () => {
  it.each(OPERATOR_PATHS)('by default answers %s on this host only', async (url) => {
    expect((await get('default', url, loopback)).statusCode).toBe(200);
    expectNotFound(await get('default', url, remote));
    expectNotFound(await get('default', url, proxied));
  });

  it.each(OPERATOR_PATHS)('public: answers %s to anyone', async (url) => {
    expect((await get('public', url, remote)).statusCode).toBe(200);
  });

  it.each(OPERATOR_PATHS)('off: answers %s to nobody', async (url) => {
    expectNotFound(await get('off', url, loopback));
  });
});
