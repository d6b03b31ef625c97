/** How far the wheel must turn, summed, to move one video (a notch is about 100). */
export const WHEEL_STEP = 100;
/** How far a finger must travel up or down, in CSS pixels, to count as a swipe. */
export const SWIPE_MIN_PX = 50;

export type Move = -1 | 0 | 1;

/** The move a key asks for: down and PageDown the next video, up and PageUp the previous. */
export function moveOfKey(key: string): Move {
  if (key === 'ArrowDown' || key === 'PageDown' || key === 'j') return 1;
  if (key === 'ArrowUp' || key === 'PageUp' || key === 'k') return -1;
  return 0;
}

/**
 * The wheel's turning summed until it reaches a step: the move and what is left over. One
 * notch of a mouse moves once; a touchpad's many small events add up to one move.
 */
export function moveOfWheel(sum: number, deltaY: number): { move: Move; rest: number } {
  const total = sum + deltaY;
  if (total >= WHEEL_STEP) return { move: 1, rest: 0 };
  if (total <= -WHEEL_STEP) return { move: -1, rest: 0 };
  return { move: 0, rest: total };
}

/** A swipe from `startY` to `endY`: up to the next video, down to the previous. */
export function moveOfSwipe(startY: number, endY: number): Move {
  const travel = startY - endY;
  if (travel >= SWIPE_MIN_PX) return 1;
  if (travel <= -SWIPE_MIN_PX) return -1;
  return 0;
}

/** The index after a move, kept within the list. */
export const clampIndex = (index: number, move: Move, size: number): number =>
  Math.min(Math.max(index + move, 0), Math.max(size - 1, 0));
