import { describe, expect, it } from 'vitest';
import { nextScrollTop } from './scroll-step.ts';

describe('nextScrollTop', () => {
  it.each([
    { current: 800, next: 700 },
    { current: 8000, next: 7000 },
    { current: 9, next: 7 },
    { current: 1, next: 0 },
    { current: 0, next: 0 },
    { current: -20, next: 0 },
    { current: Number.NaN, next: 0 },
  ])('$current → $next', ({ current, next }) => {
    expect(nextScrollTop(current)).toBe(next);
  });

  it('reaches the top in a few dozen frames', () => {
    let y = 20_000;
    let frames = 0;
    while (y > 0) {
      y = nextScrollTop(y);
      frames += 1;
    }
    expect(frames).toBeLessThan(100);
  });
});
