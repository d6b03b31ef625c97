import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createServer } from './server.ts';
import { createUser } from './testing/factories.ts';

/*
 * Behind a proxy on another host (MELON_TRUSTED_PROXIES), the client's address and scheme come
 * from that proxy's X-Forwarded-For/Proto: the per-address limits count real clients and
 * cookies keep `Secure`. From any other peer the headers are ignored.
 */

const newId = createIdGenerator();
let database: OpenedDatabase;
let dataDir: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'melon-proxy-'));
  userId = await createUser(database.db, newId);
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The app, with a route that signs the browser in and says who the server thinks it is. */
async function serverTrusting(trustedProxies?: readonly string[]): Promise<FastifyInstance> {
  const app = await createServer({
    db: database.db,
    newId,
    dataDir,
    secret: randomBytes(32),
    webBuild: undefined,
    oauthProviders: [],
    logLevel: 'silent',
    ...(trustedProxies ? { trustedProxies } : {}),
    extraRoutes: (routes) => {
      routes.get('/test/who', async (request, reply) => {
        await routes.startSession(request, reply, userId);
        return { ip: request.ip, protocol: request.protocol };
      });
    },
  });
  await app.ready();
  return app;
}

const forwarded = { 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https' };

async function visit(app: FastifyInstance, remoteAddress: string) {
  const response = await app.inject({ url: '/test/who', remoteAddress, headers: forwarded });
  expect(response.statusCode).toBe(200);
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  return {
    ...response.json<{ ip: string; protocol: string }>(),
    secureCookies: cookies.length > 0 && cookies.every((cookie) => /;\s*Secure/i.test(cookie)),
  };
}

describe('trusted proxies', () => {
  it('believe a configured proxy on another host, and no one else', async () => {
    const app = await serverTrusting(['203.0.113.0/24']);
    try {
      expect(await visit(app, '203.0.113.7')).toEqual({
        ip: '198.51.100.23',
        protocol: 'https',
        secureCookies: true,
      });
      expect(await visit(app, '192.0.2.50')).toEqual({
        ip: '192.0.2.50',
        protocol: 'http',
        secureCookies: false,
      });
      // The local machine is trusted only when listed.
      expect((await visit(app, '127.0.0.1')).ip).toBe('127.0.0.1');
    } finally {
      await app.close();
    }
  });

  it('are the local machine alone by default', async () => {
    const app = await serverTrusting();
    try {
      expect(await visit(app, '127.0.0.1')).toMatchObject({
        ip: '198.51.100.23',
        protocol: 'https',
      });
      expect(await visit(app, '203.0.113.7')).toMatchObject({
        ip: '203.0.113.7',
        protocol: 'http',
      });
    } finally {
      await app.close();
    }
  });
});
