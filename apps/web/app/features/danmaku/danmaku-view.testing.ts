import type { DanmakuView } from '@melon/shared/contracts/danmaku';

/** The item the test danmaku belong to. */
export const TEST_ITEM_ID = '7000000000000000001';

let next = 0;

/** A stored danmaku of TEST_ITEM_ID at `offsetMs`, each with its own id, text and send time. */
export function testDanmaku(offsetMs: number, over: Partial<DanmakuView> = {}): DanmakuView {
  next += 1;
  return {
    id: `70000000000000${String(next).padStart(5, '0')}`,
    item_id: TEST_ITEM_ID,
    offset_ms: offsetMs,
    text: `弹幕${next}`,
    colour: 0xffffff,
    mode: 'scroll',
    size: 25,
    pool: 'normal',
    sender_id: null,
    send_time: 1_790_000_000_000 + next,
    like_count: 0,
    sticker_id: null,
    ...over,
  };
}
