import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

export interface RateLimitStoreOptions {
  /** Scale mode: the counters live in this Redis, shared by every web process. */
  redisUrl: string | undefined;
  /** Key prefix in Redis (the same as the realtime gateway's). */
  redisPrefix: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hook of each named bucket, made once (plugins/app/rate-limits.ts). */
    rateLimitBuckets: Map<string, onRequestAsyncHookHandler>;
  }
}

export const RATE_LIMIT_STORE_DEFAULTS: RateLimitStoreOptions = {
  redisUrl: undefined,
  redisPrefix: 'melon:',
};

/**
 * @fastify/rate-limit with no global limit: routes opt in through the hooks of
 * plugins/app/rate-limits.ts. The counters live in this process (DESIGN §1, embedded column),
 * or in Redis with REDIS_URL (scale mode), where N web processes count together. A Redis that
 * stops answering lets calls through uncounted rather than failing them (decision 004): the
 * sign-in failure counters, in the database, still guard the passwords.
 */
export default fp(
  async (app: FastifyInstance, options: Partial<RateLimitStoreOptions>) => {
    const { redisUrl, redisPrefix } = { ...RATE_LIMIT_STORE_DEFAULTS, ...options };
    app.decorate('rateLimitBuckets', new Map<string, onRequestAsyncHookHandler>());
    if (!redisUrl) {
      await app.register(rateLimit, { global: false });
      return;
    }
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectionName: 'melon-rate-limit',
      // Fail a count at once while Redis is away, instead of holding the request.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    redis.on('error', (error: unknown) => {
      app.log.warn({ err: error }, 'rate-limit store: Redis unavailable, calls pass uncounted');
    });
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => {
        redis.disconnect();
      });
    });
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: `${redisPrefix}rate-limit:`,
      skipOnError: true,
    });
  },
  { name: 'rate-limit' },
);
