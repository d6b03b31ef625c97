import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ViewerPresence } from './pubsub.ts';

/**
 * Records one process's count of a topic and answers the topic's total over the processes
 * still alive, in one step on the Redis server (its clock alone decides what expired, so the
 * processes' clocks need not agree): KEYS[1] the topic's hash (field: process, value: count);
 * ARGV[1] the process, ARGV[2] its count, ARGV[3] the alive keys' prefix, ARGV[4] the TTL in
 * ms. A field whose process has no alive key any more is dropped.
 */
const REPORT = `
if tonumber(ARGV[2]) > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[4] * 2)
else
  redis.call('HDEL', KEYS[1], ARGV[1])
end
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[3] .. fields[i]) == 1 then
    total = total + tonumber(fields[i + 1])
  else
    redis.call('HDEL', KEYS[1], fields[i])
  end
end
return total
`;

export interface RedisPresenceOptions {
  prefix: string;
  /** A process that stops heartbeating (killed, frozen, cut off) drops out after this. */
  ttlMs: number;
  /** How often the process says it is alive; well within `ttlMs`. */
  heartbeatMs: number;
  onError: (error: unknown) => void;
}

/**
 * Live viewers across processes in Redis. Each process has an alive key,
 * `<prefix>presence:<process>`, that expires `ttlMs` after its last heartbeat, and one field in
 * each topic's hash `<prefix>viewers:<topic>` holding its count. A total counts only the fields
 * of processes whose alive key is still there, so the viewers of a process killed -9 drop out
 * of every topic at once when its key expires, whoever reads next cleaning its fields up.
 */
export async function createRedisPresence(
  url: string,
  options: RedisPresenceOptions,
): Promise<ViewerPresence> {
  const { prefix, ttlMs, heartbeatMs, onError } = options;
  const processKey = randomUUID();
  const alivePrefix = `${prefix}presence:`;
  const aliveKey = alivePrefix + processKey;
  const redis = new Redis(url, { lazyConnect: true, connectionName: 'melon-presence' });
  redis.on('error', onError);
  await redis.connect();

  const beat = () => redis.set(aliveKey, '1', 'PX', ttlMs);
  await beat();
  const heartbeat = setInterval(() => {
    beat().catch(onError);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    async report(topic, localCount) {
      const total = await redis.eval(
        REPORT,
        1,
        `${prefix}viewers:${topic}`,
        processKey,
        localCount,
        alivePrefix,
        ttlMs,
      );
      return Number(total);
    },
    async close() {
      clearInterval(heartbeat);
      await redis.del(aliveKey);
      await redis.quit();
    },
  };
}
