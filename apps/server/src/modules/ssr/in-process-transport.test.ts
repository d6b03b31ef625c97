import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import siteOrigin from '../../plugins/app/site-origin.ts';
import { inProcessTransport } from './in-process-transport.ts';

/*
 * A page's loaders call the API in-process: those calls must come from the page's client, as
 * the app resolved it through its trusted proxies (nginx's X-Forwarded-For), or every page the
 * process renders would count in one per-address bucket (found by bench/load: 200 users' page
 * renders met the passport limit of 127.0.0.1 together).
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ trustProxy: ['127.0.0.1'] });
  await app.register(cookie);
  await app.register(siteOrigin, { origin: 'http://site' });
  app.get('/api/who', (request) => ({ ip: request.ip }));
  app.get('/page', async (request) => {
    const call = inProcessTransport(app, request);
    const answer = await call(new Request('http://site/api/who'));
    return { page: request.ip, call: ((await answer.json()) as { ip: string }).ip };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the in-process transport', () => {
  it("calls from the page's client address, as resolved through the trusted proxy", async () => {
    const answer = await app.inject({
      url: '/page',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(answer.json()).toEqual({ page: '198.51.100.7', call: '198.51.100.7' });
  });

  it('believes no forwarded address from a client that is not a trusted proxy', async () => {
    const answer = await app.inject({
      url: '/page',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(answer.json()).toEqual({ page: '203.0.113.5', call: '203.0.113.5' });
  });
});
