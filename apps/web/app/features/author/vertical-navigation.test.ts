import { describe, expect, it } from 'vitest';
import {
  clampIndex,
  moveOfKey,
  moveOfSwipe,
  moveOfWheel,
  WHEEL_STEP,
} from './vertical-navigation.ts';

describe('the vertical viewer’s moves', () => {
  it('moves by the arrow and page keys, and ignores the others', () => {
    expect(['ArrowDown', 'PageDown', 'j'].map(moveOfKey)).toEqual([1, 1, 1]);
    expect(['ArrowUp', 'PageUp', 'k'].map(moveOfKey)).toEqual([-1, -1, -1]);
    expect(['ArrowLeft', ' ', 'Enter'].map(moveOfKey)).toEqual([0, 0, 0]);
  });

  it('moves once per wheel step, summing small turns', () => {
    expect(moveOfWheel(0, WHEEL_STEP)).toEqual({ move: 1, rest: 0 });
    expect(moveOfWheel(0, -WHEEL_STEP)).toEqual({ move: -1, rest: 0 });
    let sum = 0;
    const moves = [];
    for (let n = 0; n < 10; n += 1) {
      const { move, rest } = moveOfWheel(sum, 30);
      moves.push(move);
      sum = rest;
    }
    expect(moves.filter((move) => move === 1)).toHaveLength(2);
  });

  it('takes a swipe up as next and down as previous, a tap as nothing', () => {
    expect(moveOfSwipe(600, 300)).toBe(1);
    expect(moveOfSwipe(300, 600)).toBe(-1);
    expect(moveOfSwipe(300, 320)).toBe(0);
  });

  it('stays within the list', () => {
    expect(clampIndex(0, -1, 5)).toBe(0);
    expect(clampIndex(4, 1, 5)).toBe(4);
    expect(clampIndex(2, 1, 5)).toBe(3);
  });
});
