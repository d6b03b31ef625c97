import { Redis } from 'ioredis';
import { ITEM_ACCESS_TOPIC } from '../realtime/item-access.ts';
import { REALTIME_DEFAULTS } from '../realtime/realtime-options.ts';

/**
 * Tells the running servers that fewer people may see the items, so that their live danmaku
 * rooms keep only those who still may (as the studio's edit and delete do). Reaches them only
 * through Redis (scale mode); without it each server's bus is inside its own process. Answers
 * why it could not, or undefined once published. One try: a command does not wait for Redis.
 */
export async function announceItemAccess(
  redisUrl: string,
  itemIds: readonly string[],
): Promise<string | undefined> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectionName: 'melon-cli',
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let socketError: Error | undefined;
  redis.on('error', (error: Error) => (socketError ??= error));
  try {
    await redis.connect();
    for (const itemId of itemIds) {
      await redis.publish(REALTIME_DEFAULTS.redisPrefix + ITEM_ACCESS_TOPIC, itemId);
    }
    return undefined;
  } catch (error) {
    return (socketError ?? (error as Error)).message;
  } finally {
    redis.disconnect();
  }
}
