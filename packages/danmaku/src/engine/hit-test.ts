import { leftAt, type Moving } from './motion.ts';
import type { Stage } from './stage.ts';

export interface Shown extends Moving {
  readonly y: number;
  readonly height: number;
  readonly end: number;
  /** Video time at which a held (hovered) comment stopped. */
  readonly heldAt: number | undefined;
}

/** The topmost (last drawn) item under the point at `time`, in CSS px of the stage. */
export function itemAt<T extends Shown>(
  items: readonly T[],
  x: number,
  y: number,
  time: number,
  stage: Stage,
): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (!item || y < item.y || y > item.y + item.height) continue;
    const at = item.heldAt ?? time;
    if (at < item.start || at >= item.end) continue;
    const left = leftAt(item, at, stage);
    if (x >= left && x <= left + item.width) return item;
  }
  return undefined;
}
