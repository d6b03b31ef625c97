import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import type { ServerMessage } from '@melon/shared/contracts/realtime';
import { DANMAKU_MODES, DANMAKU_POOLS } from '@melon/shared/danmaku/modes';

/** The gateway's messages this client reads; the others are dropped. */
export type LiveMessage = Extract<
  ServerMessage,
  { op: 'danmaku' | 'like' | 'delete' | 'viewers' | 'subscribed' | 'pong' }
>;

/** What the topic carries, for the page; `subscribed` only concerns the connection. */
export type TopicMessage = Exclude<LiveMessage, { op: 'subscribed' }>;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isString = (value: unknown): value is string => typeof value === 'string';

const modes: ReadonlySet<string> = new Set(DANMAKU_MODES);
const pools: ReadonlySet<string> = new Set(DANMAKU_POOLS);

function isDanmakuView(value: unknown): value is DanmakuView {
  if (!isObject(value)) return false;
  return (
    isString(value.id) &&
    isString(value.item_id) &&
    isCount(value.offset_ms) &&
    isString(value.text) &&
    isCount(value.colour) &&
    value.colour <= 0xffffff &&
    modes.has(value.mode as string) &&
    isCount(value.size) &&
    pools.has(value.pool as string) &&
    (value.sender_id === null || isString(value.sender_id)) &&
    isCount(value.send_time) &&
    isCount(value.like_count) &&
    (value.sticker_id === null || isString(value.sticker_id))
  );
}

/**
 * One frame from the gateway, or null for anything this client does not understand: unknown
 * ops and malformed data are dropped rather than trusted.
 */
export function parseLiveMessage(raw: unknown): LiveMessage | null {
  if (typeof raw !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(message)) return null;
  const data = message.data;
  switch (message.op) {
    case 'danmaku':
      return isDanmakuView(data) ? { op: 'danmaku', data } : null;
    case 'like':
      return isObject(data) && isString(data.danmaku_id) && isCount(data.like_count)
        ? { op: 'like', data: { danmaku_id: data.danmaku_id, like_count: data.like_count } }
        : null;
    case 'delete':
      return isObject(data) && isString(data.danmaku_id)
        ? { op: 'delete', data: { danmaku_id: data.danmaku_id } }
        : null;
    case 'viewers':
      return isObject(data) && isString(data.item_id) && isCount(data.count)
        ? { op: 'viewers', data: { item_id: data.item_id, count: data.count } }
        : null;
    case 'subscribed':
      return isObject(data) && isString(data.topic)
        ? { op: 'subscribed', data: { topic: data.topic } }
        : null;
    case 'pong':
      return { op: 'pong' };
    default:
      return null;
  }
}
