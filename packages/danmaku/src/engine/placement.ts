import type { DanmakuMode } from '@melon/shared/danmaku/modes';
import { durationOf, speedOf } from './motion.ts';
import type { Stage } from './stage.ts';

export interface Box {
  readonly mode: DanmakuMode;
  /** Video time (ms) at which the comment enters; boxes are placed in order of start. */
  readonly start: number;
  readonly width: number;
  readonly height: number;
}

export interface Slot {
  /** The top edge, in CSS px from the top of the stage. */
  readonly y: number;
  /** The first row taken, counted from the edge the mode stacks from, and how many. */
  readonly row: number;
  readonly rows: number;
}

export interface Placer {
  /**
   * A slot for `box`, or undefined when it is dropped. `force` (the viewer's own comments)
   * places it over others rather than dropping it, as the 'unlimited' density does for all.
   */
  place(box: Box, force?: boolean): Slot | undefined;
}

/**
 * Rows per mode. Each row remembers the last box placed in it: if a new box neither overlaps
 * nor catches up that one, it cannot reach the ones ahead of it either, since those leave
 * first. So placing is O(rows), however many comments are on screen.
 */
export function createPlacer(stage: Stage): Placer {
  const rowCount = Math.max(0, Math.floor(stage.height / stage.rowHeight));
  const tracks = new Map<DanmakuMode, (Box | undefined)[]>();
  const trackOf = (mode: DanmakuMode) => {
    let track = tracks.get(mode);
    if (!track) tracks.set(mode, (track = new Array<Box | undefined>(rowCount).fill(undefined)));
    return track;
  };

  /** The earliest start at which `box` could follow `last` in a row without touching it. */
  function freeAt(last: Box | undefined, box: Box): number {
    if (!last) return Number.NEGATIVE_INFINITY;
    const end = last.start + durationOf(last.mode, stage);
    if (last.mode === 'top' || last.mode === 'bottom') return end;
    // The last one is in, with the gap behind it...
    const entered = last.start + (last.width + stage.gap) / speedOf(last.width, stage);
    // ...and when it leaves, the new one (maybe faster) is still the gap away from the edge.
    const caughtUp = end - (stage.width - stage.gap) / speedOf(box.width, stage);
    return Math.max(entered, caughtUp);
  }

  return {
    place(box, force = false) {
      const rows = Math.max(1, Math.ceil(box.height / stage.rowHeight - 1e-9));
      if (rows > rowCount) return undefined;
      const track = trackOf(box.mode);
      let fit = -1;
      let least = -1;
      let leastFree = Number.POSITIVE_INFINITY;
      for (let row = 0; row + rows <= rowCount; row++) {
        let free = Number.NEGATIVE_INFINITY;
        for (let k = row; k < row + rows; k++) free = Math.max(free, freeAt(track[k], box));
        if (free <= box.start + 1e-6) {
          fit = row;
          break;
        }
        if (free < leastFree) {
          leastFree = free;
          least = row;
        }
      }
      const best = fit !== -1 ? fit : stage.overlap || force ? least : -1;
      if (best === -1) return undefined;
      for (let k = best; k < best + rows; k++) track[k] = box;
      const y =
        box.mode === 'bottom'
          ? stage.height - best * stage.rowHeight - box.height
          : best * stage.rowHeight;
      return { y, row: best, rows };
    },
  };
}
