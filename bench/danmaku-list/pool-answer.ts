import { fixturePool } from '@melon/danmaku/fixture-pool.testing';
import { sizeToPx } from '@melon/danmaku/model';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';

/**
 * The list call's answer for a pool of `count` danmaku of the fixture pools spread over
 * `spanMs` of the item, shaped as the server presents an imported pool (bilibili modes kept).
 */
export function poolAnswer(itemId: string, count: number, spanMs: number): string {
  const danmakuList: DanmakuView[] = fixturePool(count, spanMs).map((danmaku) => ({
    id: danmaku.id,
    item_id: itemId,
    offset_ms: danmaku.time,
    text: danmaku.text,
    colour: danmaku.colour,
    mode: danmaku.mode,
    size: sizeToPx(danmaku.size),
    pool: danmaku.pool,
    sender_id: null,
    send_time: danmaku.sendTime,
    like_count: 0,
    sticker_id: null,
    bilibili_mode: danmaku.bilibiliMode,
  }));
  return JSON.stringify({ code: 200, message: 'success', data: { danmaku_list: danmakuList } });
}
