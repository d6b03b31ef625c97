import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import type { PubSub } from '../../realtime/pubsub.ts';
import { frame } from '../../realtime/protocol.ts';

/** What the danmaku service announces (sends, likes, deletes); the viewers of the item hear it through `/ws`. */
export interface DanmakuEvents {
  sent(danmaku: DanmakuView): void;
  liked(itemId: string, danmakuId: string, likeCount: number): void;
  /** The danmaku is gone: viewers take it off the screen and the list. */
  deleted(itemId: string, danmakuId: string): void;
}

/**
 * Publishes on the item's room. A failed publish (Redis away) is logged and the call that
 * stored the danmaku still succeeds: the viewers read it on their next list call.
 */
export function createDanmakuEvents(pubsub: PubSub, onError: (error: unknown) => void) {
  const publish = (itemId: string, message: string) => {
    pubsub.publish(danmakuTopic(itemId), message).catch(onError);
  };
  return {
    sent(danmaku) {
      publish(danmaku.item_id, frame({ op: 'danmaku', data: danmaku }));
    },
    liked(itemId, danmakuId, likeCount) {
      publish(
        itemId,
        frame({ op: 'like', data: { danmaku_id: danmakuId, like_count: likeCount } }),
      );
    },
    deleted(itemId, danmakuId) {
      publish(itemId, frame({ op: 'delete', data: { danmaku_id: danmakuId } }));
    },
  } satisfies DanmakuEvents;
}
