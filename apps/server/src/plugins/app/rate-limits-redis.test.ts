import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { getQrcode } from '@melon/shared/calls/passport.calls';
import errorHandler from './error-handler.ts';
import { limitOrRetryLater } from './rate-limits.ts';
import rateLimit from '../external/rate-limit.ts';
import { freshIp } from '../../testing/passport.ts';
import { REDIS_URL, redisAvailable } from '../../testing/redis.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const reachable = await redisAvailable('the rate limits of scale mode');

/** Two web processes of one site: the same Redis under the same prefix (decision 004). */
const store = () => ({ redisUrl: REDIS_URL, redisPrefix: `melon-test-${randomUUID()}:` });

describe.runIf(reachable)(`rate limits counted in Redis at ${REDIS_URL}`, () => {
  describe('two Melon processes', () => {
    let one: TestApp;
    let two: TestApp;
    let alone: TestApp;
    beforeAll(async () => {
      const shared = store();
      [one, two, alone] = await Promise.all([
        createTestApp({ rateLimits: shared }),
        createTestApp({ rateLimits: shared }),
        createTestApp(),
      ]);
    });
    afterAll(() => Promise.all([one.close(), two.close(), alone.close()]));

    const challenge = (t: TestApp, ip: string) =>
      t.app.inject({ url: getCaptchaChallenge.path, remoteAddress: ip });

    it('count one address together: 30 challenges a minute in all, not 30 on each', async () => {
      const ip = freshIp();
      for (let i = 0; i < 15; i += 1) {
        expect((await challenge(one, ip)).statusCode).toBe(200);
        expect((await challenge(two, ip)).statusCode).toBe(200);
      }
      for (const t of [one, two]) {
        const refused = await challenge(t, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json<{ data: { retry_after: number } }>().data.retry_after).toBeGreaterThan(
          0,
        );
      }
      // Another address, and a process counting on its own, are not affected.
      expect((await challenge(one, freshIp())).statusCode).toBe(200);
      expect((await challenge(alone, ip)).statusCode).toBe(200);
    });

    it('keep the other groups of that address apart', async () => {
      const ip = freshIp();
      for (let i = 0; i < 31; i += 1) await challenge(one, ip);
      expect((await challenge(two, ip)).statusCode).toBe(429);
      const qrCode = await two.app.inject({ url: getQrcode.path, remoteAddress: ip });
      expect(qrCode.statusCode).toBe(200);
    });
  });

  describe('buckets with the same limit', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = Fastify();
      await app.register(errorHandler);
      await app.register(rateLimit, store());
      const limit = { max: 2, windowMs: 60_000 };
      const message = (wait: number) => `请 ${wait} 秒后再试`;
      app.get('/a', { onRequest: limitOrRetryLater(app, 'a', limit, message) }, () => 'a');
      app.get('/b', { onRequest: limitOrRetryLater(app, 'b', limit, message) }, () => 'b');
      await app.ready();
    });
    afterAll(() => app.close());

    it('count apart in the one Redis key space', async () => {
      const ip = freshIp();
      const get = (url: string) => app.inject({ url, remoteAddress: ip });
      expect((await get('/a')).statusCode).toBe(200);
      expect((await get('/a')).statusCode).toBe(200);
      expect((await get('/a')).statusCode).toBe(429);
      expect((await get('/b')).statusCode).toBe(200);
      expect((await get('/b')).statusCode).toBe(200);
      expect((await get('/b')).statusCode).toBe(429);
    });
  });
});
