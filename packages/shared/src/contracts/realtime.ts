import Type, { type Static } from 'typebox';
import { DanmakuView } from './danmaku.ts';

/*
 * The `/ws` gateway's messages: JSON text frames `{ op, data }`. A client subscribes to
 * `danmaku:<item_id>` and receives the item's new and deleted danmaku, like counts and live viewer
 * count.
 */

/** The only topic kind: the danmaku room of one item. */
export const DANMAKU_TOPIC_PREFIX = 'danmaku:';
export const danmakuTopic = (itemId: string): string => `${DANMAKU_TOPIC_PREFIX}${itemId}`;

/** Close codes the gateway uses besides the standard ones. */
export const WS_CLOSE = {
  /** The server is stopping. */
  goingAway: 1001,
  /** Messages sent faster than the gateway's rate, again after it refused some. */
  policyViolation: 1008,
  /** A frame over the size limit. */
  tooBig: 1009,
  /** The client did not read fast enough; reconnect and catch up from the list call. */
  tooSlow: 1013,
  /** The session that opened the socket was signed out or revoked; reconnect as who is now here. */
  sessionEnded: 4001,
} as const;

export const ClientMessage = Type.Union([
  Type.Object({ op: Type.Literal('sub'), topic: Type.String() }),
  Type.Object({ op: Type.Literal('unsub'), topic: Type.String() }),
  Type.Object({ op: Type.Literal('ping') }),
]);
export type ClientMessage = Static<typeof ClientMessage>;

export const ServerMessage = Type.Union([
  /** A new danmaku of the item, in the shape the list call gives. */
  Type.Object({ op: Type.Literal('danmaku'), data: DanmakuView }),
  Type.Object({
    op: Type.Literal('like'),
    data: Type.Object({ danmaku_id: Type.String(), like_count: Type.Integer() }),
  }),
  /** A danmaku of the item was deleted (by its sender or the video's author). */
  Type.Object({ op: Type.Literal('delete'), data: Type.Object({ danmaku_id: Type.String() }) }),
  Type.Object({
    op: Type.Literal('viewers'),
    data: Type.Object({ item_id: Type.String(), count: Type.Integer() }),
  }),
  Type.Object({ op: Type.Literal('subscribed'), data: Type.Object({ topic: Type.String() }) }),
  /**
   * The answer to an `unsub`; also sent unasked, after an `error` 404 for the topic, when the
   * viewer may no longer watch the item (made private, deleted, taken down).
   */
  Type.Object({ op: Type.Literal('unsubscribed'), data: Type.Object({ topic: Type.String() }) }),
  Type.Object({ op: Type.Literal('pong') }),
  Type.Object({
    op: Type.Literal('error'),
    data: Type.Object({
      /** 400 a bad message, 404 an unknown item, 429 too many topics or messages too fast. */
      code: Type.Integer(),
      message: Type.String(),
      topic: Type.Optional(Type.String()),
    }),
  }),
]);
export type ServerMessage = Static<typeof ServerMessage>;
