import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { danmakuTopic, WS_CLOSE, type ServerMessage } from '@melon/shared/contracts/realtime';
import { ApiError } from '../http/api-error.ts';
import { forbidden, tooFrequent } from '../lib/domain-error.ts';
import { createHeartbeat } from './heartbeat.ts';
import { createIpSlots } from './ip-slots.ts';
import { Member } from './member.ts';
import { isAllowedOrigin } from './origin-check.ts';
import { frame, isProtocolError, parseClientMessage } from './protocol.ts';
import type { RealtimeOptions } from './realtime-options.ts';
import { realtimeMessages } from './realtime.messages.ts';
import type { Rooms } from './rooms.ts';
import type { SessionWatch } from './session-watch.ts';
import { TokenBucket } from './token-bucket.ts';
import { itemOfTopic, type CanWatchItem } from './topics.ts';

export interface GatewayOptions {
  rooms: Rooms;
  limits: Pick<
    RealtimeOptions,
    | 'heartbeatMs'
    | 'maxBufferedBytes'
    | 'maxTopicsPerSocket'
    | 'messageBurst'
    | 'messagesPerSecond'
    | 'maxRateRefusals'
    | 'maxSocketsPerIp'
  >;
  canWatch: CanWatchItem;
  /** Closes a socket once the session that opened it is gone. */
  sessions: SessionWatch;
}

/** Tokens a `sub` takes: a query for the item and a viewer-count broadcast to its room. */
const SUB_COST = 5;
/** A client refused for too many connections is told to wait this long. */
const CONNECTIONS_RETRY_SECONDS = 10;

const send = (member: Member, message: ServerMessage) => {
  member.deliver(frame(message));
};

const refuse = (member: Member, code: number, message: string, topic?: string) => {
  send(member, {
    op: 'error',
    data: topic === undefined ? { code, message } : { code, message, topic },
  });
};

/**
 * `GET /ws`: the WebSocket gateway. Pages of another site are refused at the upgrade; a client
 * subscribes to `danmaku:<item_id>` rooms and receives what is published there. Answers what
 * ends the subscriptions of viewers who may no longer watch an item.
 */
export function registerGateway(app: FastifyInstance, options: GatewayOptions) {
  const { rooms, limits, canWatch, sessions } = options;
  const places = createIpSlots(limits.maxSocketsPerIp);
  const heartbeat = createHeartbeat<Member>(limits.heartbeatMs);
  const connected = new Set<Member>();
  app.addHook('onClose', () => {
    heartbeat.stop();
  });

  /** Joins the topic's room if the viewer may watch its item. */
  async function subscribe(member: Member, topic: string, viewerId: string | null): Promise<void> {
    if (member.topics.has(topic)) {
      send(member, { op: 'subscribed', data: { topic } });
      return;
    }
    const itemId = itemOfTopic(topic);
    if (itemId === undefined) {
      refuse(member, 400, realtimeMessages.badTopic, topic);
      return;
    }
    if (member.topics.size >= limits.maxTopicsPerSocket) {
      refuse(member, 429, realtimeMessages.tooManyTopics(limits.maxTopicsPerSocket), topic);
      return;
    }
    // Reserved before the lookup, so parallel subs cannot pass the limit together.
    member.topics.add(topic);
    let viewable = false;
    try {
      viewable = await canWatch(itemId, viewerId);
    } finally {
      if (!viewable) member.topics.delete(topic);
    }
    if (!viewable) {
      refuse(member, 404, realtimeMessages.itemNotFound, topic);
      return;
    }
    if (!member.topics.has(topic)) return; // unsubscribed or closed meanwhile
    await rooms.join(topic, member);
    if (!member.topics.has(topic) || !member.open) {
      rooms.leave(topic, member);
      return;
    }
    send(member, { op: 'subscribed', data: { topic } });
  }

  function unsubscribe(member: Member, topic: string): void {
    if (member.topics.delete(topic)) rooms.leave(topic, member);
    send(member, { op: 'unsubscribed', data: { topic } });
  }

  /**
   * Asks the item policy again for everyone here holding the item's topic (in its room, or
   * subscribing, whose answer may predate the change) and ends the subscription of those it
   * now refuses, told as a sub of a hidden item is. The room's messages wait meanwhile.
   */
  async function recheck(itemId: string): Promise<void> {
    const topic = danmakuTopic(itemId);
    const holders = [...connected].filter((member) => member.topics.has(topic));
    if (holders.length === 0) return;
    const release = rooms.hold(topic);
    try {
      const allowed = new Set<string | null>();
      const viewers = new Set(holders.map((member) => member.viewerId));
      await Promise.all(
        [...viewers].map(async (viewerId) => {
          if (await canWatch(itemId, viewerId)) allowed.add(viewerId);
        }),
      );
      for (const member of holders) {
        if (allowed.has(member.viewerId)) continue;
        if (!member.topics.delete(topic)) continue; // unsubscribed meanwhile
        rooms.leave(topic, member);
        refuse(member, 404, realtimeMessages.itemNotFound, topic);
        send(member, { op: 'unsubscribed', data: { topic } });
      }
    } finally {
      release();
    }
  }

  function onConnection(socket: WebSocket, request: FastifyRequest): void {
    // Who opened the socket (signed in through its cookie at the upgrade) subscribes.
    const viewerId = request.user?.id ?? null;
    const member = new Member(socket, request.raw.socket, limits.maxBufferedBytes, viewerId);
    connected.add(member);
    const unwatch = sessions.watch(request.sessionIdHash, () => {
      member.close(WS_CLOSE.sessionEnded, 'session ended');
    });
    const allowance = new TokenBucket(limits.messageBurst, limits.messagesPerSecond);
    let refusals = 0;
    heartbeat.add(member);
    socket.on('pong', () => {
      member.alive = true;
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      member.alive = true;
      if (!member.open) return; // closing: what is still in flight is not served
      const message = isBinary ? undefined : parseClientMessage(data.toString('utf8'));
      const isSub = message !== undefined && !isProtocolError(message) && message.op === 'sub';
      if (!allowance.take(isSub ? SUB_COST : 1)) {
        refusals += 1;
        if (refusals >= limits.maxRateRefusals) member.close(WS_CLOSE.policyViolation, 'too fast');
        else refuse(member, 429, realtimeMessages.tooFast);
        return;
      }
      if (!message) {
        refuse(member, 400, realtimeMessages.notJson);
        return;
      }
      if (isProtocolError(message)) {
        refuse(member, message.code, message.message);
        return;
      }
      switch (message.op) {
        case 'ping':
          send(member, { op: 'pong' });
          return;
        case 'unsub':
          unsubscribe(member, message.topic);
          return;
        case 'sub':
          subscribe(member, message.topic, viewerId).catch((error: unknown) => {
            request.log.error({ err: error }, 'realtime subscription failed');
            member.topics.delete(message.topic);
            refuse(member, 500, realtimeMessages.serverError, message.topic);
          });
      }
    });
    socket.on('close', () => {
      connected.delete(member);
      unwatch();
      heartbeat.remove(member);
      for (const topic of member.topics) rooms.leave(topic, member);
      member.topics.clear();
    });
  }

  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    onRequest: (request, _reply, done) => {
      if (!isAllowedOrigin(request.headers.origin, app.siteOrigin)) {
        done(forbidden(realtimeMessages.badOrigin));
        return;
      }
      if (!request.ws) {
        done(); // a plain GET, answered 426 below
        return;
      }
      // Taken before the upgrade, given back when the connection under it is gone.
      const release = places.take(request.ip);
      if (!release) {
        const message = realtimeMessages.tooManyConnections(limits.maxSocketsPerIp);
        done(tooFrequent(message, CONNECTIONS_RETRY_SECONDS));
        return;
      }
      request.raw.socket.once('close', release);
      done();
    },
    handler: () => {
      throw new ApiError(426, 426, realtimeMessages.upgradeRequired);
    },
    wsHandler: onConnection,
  });

  return { recheck };
}
