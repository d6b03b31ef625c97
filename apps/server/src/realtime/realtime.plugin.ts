import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerGateway } from './gateway.ts';
import { createIpSlots } from './ip-slots.ts';
import { ITEM_ACCESS_TOPIC } from './item-access.ts';
import type { LiveStreams } from './live-streams.ts';
import { createMemoryPresence, createMemoryPubSub } from './memory-pubsub.ts';
import { frame } from './protocol.ts';
import type { PubSub, Unsubscribe, ViewerPresence } from './pubsub.ts';
import { REALTIME_DEFAULTS, type RealtimeOptions } from './realtime-options.ts';
import { createRedisPresence } from './redis-presence.ts';
import { createRedisPubSub } from './redis-pubsub.ts';
import { createRooms } from './rooms.ts';
import { createSessionWatch, type LiveSessionsOf } from './session-watch.ts';
import { itemOfTopic, type CanWatchItem } from './topics.ts';
import { createViewerCounts } from './viewer-counts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to every subscriber of a topic, on every process (DESIGN §1 pub/sub). */
    pubsub: PubSub;
    /** Limits of event streams: places per client address, the end of a signed-out session. */
    liveStreams: LiveStreams;
  }
}

const viewersMessage = (topic: string, count: number): string =>
  frame({ op: 'viewers', data: { item_id: itemOfTopic(topic) ?? '', count } });

export interface RealtimePluginOptions extends Partial<RealtimeOptions> {
  /** Who may subscribe to an item's topic: the app hands in the item policy. */
  canWatch: CanWatchItem;
  /** Which sessions are still live: the app hands in the session table's answer. */
  liveSessions: LiveSessionsOf;
}

/**
 * Real time: the pub/sub adapter (Redis when REDIS_URL is set, in-process otherwise), live
 * viewer counts, the `/ws` gateway, and the limits event streams share with it.
 */
export default fp(
  async (app: FastifyInstance, { canWatch, liveSessions, ...partial }: RealtimePluginOptions) => {
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
      ? await createRedisPresence(options.redisUrl, {
          ...redis,
          ttlMs: options.presenceTtlMs,
          heartbeatMs: Math.floor(options.presenceTtlMs / 5),
        })
      : createMemoryPresence();
    const counts = createViewerCounts({
      pubsub,
      presence,
      throttleMs: options.viewersThrottleMs,
      refreshMs: Math.floor(options.presenceTtlMs / 3),
      message: viewersMessage,
      onError,
    });
    const sessions = createSessionWatch({
      periodMs: options.sessionCheckMs,
      liveSessions,
      onError,
    });
    app.decorate('pubsub', pubsub);
    app.decorate('liveStreams', {
      maxPerIp: options.maxStreamsPerIp,
      places: createIpSlots(options.maxStreamsPerIp),
      sessions,
    });
    let stopRechecks: Unsubscribe = () => undefined;
    app.addHook('onClose', async () => {
      stopRechecks();
      sessions.stop();
      await counts.close();
      await presence.close();
      if (ownsPubsub) await pubsub.close();
    });

    await app.register(websocket, {
      options: { maxPayload: options.maxMessageBytes, perMessageDeflate: false },
    });
    const gateway = registerGateway(app, {
      rooms: createRooms(pubsub, counts, options.roomFlushMs),
      limits: options,
      canWatch,
      sessions,
    });
    // Fewer people may see an item (on any process): its rooms here keep only those still may.
    stopRechecks = await pubsub.subscribe(ITEM_ACCESS_TOPIC, (itemId) => {
      gateway.recheck(itemId).catch(onError);
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
