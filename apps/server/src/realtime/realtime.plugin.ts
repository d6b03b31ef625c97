import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerGateway } from './gateway.ts';
import { createMemoryPresence, createMemoryPubSub } from './memory-pubsub.ts';
import { frame } from './protocol.ts';
import type { PubSub, ViewerPresence } from './pubsub.ts';
import { REALTIME_DEFAULTS, type RealtimeOptions } from './realtime-options.ts';
import { createRedisPresence } from './redis-presence.ts';
import { createRedisPubSub } from './redis-pubsub.ts';
import { createRooms } from './rooms.ts';
import { itemOfTopic, type CanWatchItem } from './topics.ts';
import { createViewerCounts } from './viewer-counts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to every subscriber of a topic, on every process (DESIGN §1 pub/sub). */
    pubsub: PubSub;
  }
}

const viewersMessage = (topic: string, count: number): string =>
  frame({ op: 'viewers', data: { item_id: itemOfTopic(topic) ?? '', count } });

export interface RealtimePluginOptions extends Partial<RealtimeOptions> {
  /** Who may subscribe to an item's topic: the app hands in the item policy. */
  canWatch: CanWatchItem;
}

/**
 * Real time: the pub/sub adapter (Redis when REDIS_URL is set, in-process otherwise), live
 * viewer counts and the `/ws` gateway.
 */
export default fp(
  async (app: FastifyInstance, { canWatch, ...partial }: RealtimePluginOptions) => {
    const options: RealtimeOptions = { ...REALTIME_DEFAULTS, ...partial };
    const onError = (error: unknown) => {
      app.log.error({ err: error }, 'realtime');
    };
    const redis = { prefix: options.redisPrefix, onError };
    const ownsPubsub = options.pubsub === undefined;
    let pubsub: PubSub;
    if (options.pubsub) pubsub = options.pubsub;
    else if (options.redisUrl) pubsub = await createRedisPubSub(options.redisUrl, redis);
    else pubsub = createMemoryPubSub(onError);
    const presence: ViewerPresence = options.redisUrl
      ? await createRedisPresence(options.redisUrl, { ...redis, ttlMs: options.presenceTtlMs })
      : createMemoryPresence();
    const counts = createViewerCounts({
      pubsub,
      presence,
      throttleMs: options.viewersThrottleMs,
      refreshMs: Math.floor(options.presenceTtlMs / 3),
      message: viewersMessage,
      onError,
    });
    app.decorate('pubsub', pubsub);
    app.addHook('onClose', async () => {
      await counts.close();
      await presence.close();
      if (ownsPubsub) await pubsub.close();
    });

    await app.register(websocket, {
      options: { maxPayload: options.maxMessageBytes, perMessageDeflate: false },
    });
    registerGateway(app, {
      rooms: createRooms(pubsub, counts, options.roomFlushMs),
      limits: options,
      canWatch,
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
