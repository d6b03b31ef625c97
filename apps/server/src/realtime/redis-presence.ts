import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ViewerPresence } from './pubsub.ts';

/**
 * Live viewers across processes in Redis: a hash per topic with one field per process,
 * `count:expiresAt`. A process re-reports its topics well within `ttlMs`; the fields of a
 * process that stopped (or died) run out and are dropped by the next reader.
 */
export async function createRedisPresence(
  url: string,
  options: { prefix: string; ttlMs: number; onError: (error: unknown) => void },
): Promise<ViewerPresence> {
  const { prefix, ttlMs, onError } = options;
  const processKey = randomUUID();
  const redis = new Redis(url, { lazyConnect: true, connectionName: 'melon-presence' });
  redis.on('error', onError);
  await redis.connect();

  return {
    async report(topic, localCount) {
      const key = `${prefix}viewers:${topic}`;
      const now = Date.now();
      const write = redis.multi();
      if (localCount > 0) {
        write.hset(key, processKey, `${localCount}:${now + ttlMs}`).pexpire(key, ttlMs * 2);
      } else {
        write.hdel(key, processKey);
      }
      const results = await write.hgetall(key).exec();
      const fields = (results?.at(-1)?.[1] ?? {}) as Record<string, string>;
      let total = 0;
      const expired: string[] = [];
      for (const [field, value] of Object.entries(fields)) {
        const [count, expiresAt] = value.split(':').map(Number);
        if (count === undefined || expiresAt === undefined || expiresAt < now) expired.push(field);
        else total += count;
      }
      if (expired.length > 0) await redis.hdel(key, ...expired);
      return total;
    },
    async close() {
      await redis.quit();
    },
  };
}
