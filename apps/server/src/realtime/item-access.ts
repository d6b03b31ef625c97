import type { FastifyInstance } from 'fastify';
import type { PubSub } from './pubsub.ts';

/**
 * The pub/sub topic on which a change of who may see an item is announced, the message being
 * the item's id: every process then re-checks the viewers of the item's danmaku room. Clients
 * cannot subscribe to it (the gateway takes `danmaku:` topics only).
 */
export const ITEM_ACCESS_TOPIC = 'item-access';

/** Announces that fewer people may see the items (private, deleted, taken down). */
export type ItemAccessChanged = (itemIds: readonly string[]) => Promise<void>;

/**
 * Publishes to every process. A failed publish (Redis away) is logged and the change still
 * stands; the viewers already in the room then keep it until they reconnect, when the item
 * policy is asked again.
 */
export function createItemAccessEvents(
  pubsub: PubSub,
  onError: (error: unknown) => void,
): ItemAccessChanged {
  return async (itemIds) => {
    await Promise.all(
      itemIds.map((itemId) => pubsub.publish(ITEM_ACCESS_TOPIC, itemId).catch(onError)),
    );
  };
}

/**
 * Calls `onChange` with the item's id whenever fewer people may see an item, announced from any
 * process, until the app closes: for caches that must drop what they keep of it (decision 072).
 */
export async function onItemAccessChanged(
  app: FastifyInstance,
  onChange: (itemId: string) => void,
): Promise<void> {
  const stop = await app.pubsub.subscribe(ITEM_ACCESS_TOPIC, onChange);
  app.addHook('onClose', (_instance, done) => {
    stop();
    done();
  });
}
