import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followScrollTop, rowWindow, scrollTopShowing } from './list-window.ts';

describe('rowWindow', () => {
  it('renders the rows in view and the overscan either side', () => {
    expect(rowWindow(0, 320, 32, 5000, 8)).toEqual({ first: 0, end: 18 });
    expect(rowWindow(3200, 320, 32, 5000, 8)).toEqual({ first: 92, end: 118 });
    expect(rowWindow(5000 * 32, 320, 32, 5000, 8)).toEqual({ first: 4992, end: 5000 });
  });

  it('is empty for an empty list', () => {
    expect(rowWindow(100, 300, 32, 0)).toEqual({ first: 0, end: 0 });
  });

  it('always covers every row in view and stays small', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 2_000 }),
        (scrollTop, viewport, row, count) => {
          const { first, end } = rowWindow(scrollTop, viewport, row, count, 4);
          expect(first).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(count);
          expect(first).toBeLessThanOrEqual(end);
          for (let i = 0; i < count; i++) {
            const top = i * row;
            const visible = top + row > scrollTop && top < scrollTop + viewport;
            if (visible) {
              expect(i).toBeGreaterThanOrEqual(first);
              expect(i).toBeLessThan(end);
            }
          }
          expect(end - first).toBeLessThanOrEqual(Math.ceil(viewport / row) + 1 + 8);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('followScrollTop', () => {
  it('ends the rows playback passed at the bottom of the view', () => {
    expect(followScrollTop(100, 320, 32)).toBe(100 * 32 - 320);
    expect(followScrollTop(3, 320, 32)).toBe(0);
    expect(followScrollTop(0, 320, 32)).toBe(0);
  });
});

describe('scrollTopShowing', () => {
  it('leaves a row already in view where it is', () => {
    expect(scrollTopShowing(12, 320, 320, 32)).toBe(320);
    expect(scrollTopShowing(10, 320, 320, 32)).toBe(320);
    expect(scrollTopShowing(19, 320, 320, 32)).toBe(320);
  });

  it('scrolls the least that shows a row above or below the view whole', () => {
    expect(scrollTopShowing(9, 320, 320, 32)).toBe(288);
    expect(scrollTopShowing(20, 320, 320, 32)).toBe(352);
    expect(scrollTopShowing(0, 5000, 320, 32)).toBe(0);
    expect(scrollTopShowing(500, 0, 320, 32)).toBe(500 * 32 + 32 - 320);
  });
});
