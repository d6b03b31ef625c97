import { Redis } from 'ioredis';
import { TopicHandlers, type PubSub } from './pubsub.ts';

/**
 * Redis pub/sub: one publishing and one subscribing connection per process; a Redis channel
 * per topic, subscribed while at least one handler of this process listens to it.
 */
export async function createRedisPubSub(
  url: string,
  options: { prefix: string; onError: (error: unknown) => void },
): Promise<PubSub> {
  const { prefix, onError } = options;
  const publisher = new Redis(url, { lazyConnect: true, connectionName: 'melon-publish' });
  const subscriber = new Redis(url, { lazyConnect: true, connectionName: 'melon-subscribe' });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);

  const handlers = new TopicHandlers();
  /** SUBSCRIBE commands not yet answered, so a second handler waits for the first's. */
  const pending = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, message: string) => {
    if (channel.startsWith(prefix))
      handlers.deliver(channel.slice(prefix.length), message, onError);
  });

  return {
    async publish(topic, message) {
      await publisher.publish(prefix + topic, message);
    },
    async subscribe(topic, handler) {
      if (handlers.add(topic, handler)) {
        const subscribed = subscriber.subscribe(prefix + topic);
        pending.set(topic, subscribed);
        try {
          await subscribed;
        } finally {
          if (pending.get(topic) === subscribed) pending.delete(topic);
        }
      } else {
        await pending.get(topic);
      }
      return () => {
        if (handlers.remove(topic, handler)) {
          subscriber.unsubscribe(prefix + topic).catch(onError);
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
