/**
 * A danmaku of the shape Melon's send call answers and publishes to viewers (a plain white
 * scrolling comment from one sender), sent now: what both servers of the bench deliver.
 */
export function sentDanmaku(id: bigint, itemId: string, offsetMs: number, text: string) {
  return {
    id: String(id),
    item_id: itemId,
    offset_ms: offsetMs,
    text,
    colour: 0xffffff,
    mode: 'scroll',
    size: 25,
    pool: 'normal',
    sender_id: '1383000000000000001',
    send_time: Date.now(),
    like_count: 0,
    sticker_id: null,
  };
}
