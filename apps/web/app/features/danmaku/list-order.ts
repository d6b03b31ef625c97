import type { DanmakuView } from '@melon/shared/contracts/danmaku';

/**
 * How 弹幕列表 is sorted: by video time (play order, the order the list follows playback in) or
 * by send time, newest first.
 */
export type ListOrder = 'time' | 'sent';

const newestFirst = (a: DanmakuView, b: DanmakuView): number =>
  b.send_time - a.send_time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The pool's list (already in play order) in `order`; the same array for 'time'. */
export function sortForList(
  playOrder: readonly DanmakuView[],
  order: ListOrder,
): readonly DanmakuView[] {
  return order === 'time' ? playOrder : [...playOrder].sort(newestFirst);
}

/** How many danmaku of a play-ordered list are at or before `timeMs`: the rows playback passed. */
export function rowsPlayedAt(playOrder: readonly DanmakuView[], timeMs: number): number {
  let low = 0;
  let high = playOrder.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((playOrder[middle]?.offset_ms ?? Infinity) <= timeMs) low = middle + 1;
    else high = middle;
  }
  return low;
}
