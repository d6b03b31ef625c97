import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChannelList } from '@melon/shared/calls/channel.calls';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import errorHandler from './error-handler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('counts requests by route in /metrics', async () => {
    await t.app.inject({ url: getChannelList.path });
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /melon_http_requests_total\{method="GET",route="\/api\/channel\/list",status="200"\} \d+/,
    );
    expect(metrics).toContain('melon_http_request_duration_seconds_bucket');
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, unknown>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        getFeedById.path,
        getChannelList.path,
        getGlobalConfig.path,
        logEvents.path,
      ]),
    );
    const ui = await t.app.inject({ url: '/docs/api/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('error handler', () => {
  it('answers an unexpected failure with a 500 envelope and no stack or internal message', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: '服务器错误，请稍后重试', data: null });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('stack');
    await app.close();
  });
});
