import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DanmakuMode } from '@melon/shared/danmaku/modes';
import { durationOf, leftAt } from './motion.ts';
import { createPlacer, type Box, type Slot } from './placement.ts';
import { defaultSettings, type DanmakuSettings, type Density } from './settings.ts';
import { stageFor, type Stage } from './stage.ts';

const eps = 1e-6;

interface Placed {
  readonly box: Box;
  readonly slot: Slot;
}

const scenario = (densities: readonly Density[]) =>
  fc
    .record({
      width: fc.integer({ min: 240, max: 2560 }),
      height: fc.integer({ min: 135, max: 1440 }),
      displayArea: fc.constantFrom(0.25, 0.5, 0.75, 1),
      fontScale: fc.constantFrom(0.5, 0.75, 1, 1.5, 2),
      speed: fc.constantFrom(0.5, 1, 1.5, 2),
      density: fc.constantFrom(...densities),
      keepBottomClear: fc.boolean(),
      comments: fc.array(
        fc.record({
          mode: fc.constantFrom<DanmakuMode>('scroll', 'reverse', 'top', 'bottom'),
          after: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
          width: fc.integer({ min: 4, max: 1600 }),
          lines: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4 })),
          size: fc.double({ min: 0.6, max: 1.5, noNaN: true }),
        }),
        { maxLength: 80 },
      ),
    })
    .map(({ width, height, comments, ...rest }) => {
      const settings: DanmakuSettings = { ...defaultSettings, ...rest };
      const stage = stageFor({ width, height }, settings);
      let start = 0;
      const boxes = comments.map((c): Box => {
        start += c.after;
        return {
          mode: c.mode,
          start,
          width: c.width,
          height: c.lines * c.size * stage.rowHeight * 0.8,
        };
      });
      return { stage, boxes };
    });

function placeAll(stage: Stage, boxes: readonly Box[]) {
  const placer = createPlacer(stage);
  const placed: Placed[] = [];
  const dropped: Box[] = [];
  for (const box of boxes) {
    const slot = placer.place(box);
    if (slot) placed.push({ box, slot });
    else dropped.push(box);
  }
  return { placed, dropped };
}

const endOf = (box: Box, stage: Stage) => box.start + durationOf(box.mode, stage);
const sharesRows = (a: Placed, b: Placed) =>
  a.slot.y < b.slot.y + b.box.height - eps && b.slot.y < a.slot.y + a.box.height - eps;

/** Times in the span both comments are on screen, ends included. */
function sharedTimes(a: Box, b: Box, stage: Stage, samples = 24): number[] {
  const from = Math.max(a.start, b.start);
  const to = Math.min(endOf(a, stage), endOf(b, stage));
  if (to <= from) return [];
  return Array.from({ length: samples + 1 }, (_, i) => from + ((to - from) * i) / samples);
}

function pairsInOneRow(placed: readonly Placed[]) {
  const pairs: [Placed, Placed][] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, b] = [placed[i], placed[j]] as [Placed, Placed];
      if (a.box.mode === b.box.mode && sharesRows(a, b)) pairs.push([a, b]);
    }
  }
  return pairs;
}

describe('placement properties', () => {
  it('never overlaps two comments of one mode at any sampled time', () => {
    fc.assert(
      fc.property(scenario(['sparse', 'normal', 'dense']), ({ stage, boxes }) => {
        for (const [a, b] of pairsInOneRow(placeAll(stage, boxes).placed)) {
          for (const t of sharedTimes(a.box, b.box, stage)) {
            const ax = leftAt(a.box, t, stage);
            const bx = leftAt(b.box, t, stage);
            const apart = ax + a.box.width <= bx + eps || bx + b.box.width <= ax + eps;
            expect(apart, `${a.box.mode} at t=${t}`).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never lets a scrolling comment catch up the one ahead before that one leaves', () => {
    fc.assert(
      fc.property(scenario(['sparse', 'normal', 'dense']), ({ stage, boxes }) => {
        for (const [ahead, behind] of pairsInOneRow(placeAll(stage, boxes).placed)) {
          if (ahead.box.mode !== 'scroll' && ahead.box.mode !== 'reverse') continue;
          // Until the one ahead has left (its far edge past the screen edge)...
          for (const t of sharedTimes(ahead.box, behind.box, stage)) {
            const a = leftAt(ahead.box, t, stage);
            const b = leftAt(behind.box, t, stage);
            // ...the one behind stays behind, by at least the density's gap.
            if (ahead.box.mode === 'scroll') {
              expect(b - (a + ahead.box.width)).toBeGreaterThanOrEqual(stage.gap - eps);
            } else {
              expect(a - (b + behind.box.width)).toBeGreaterThanOrEqual(stage.gap - eps);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every comment inside the display area, stacked from its edge', () => {
    fc.assert(
      fc.property(scenario(['sparse', 'normal', 'dense', 'unlimited']), ({ stage, boxes }) => {
        for (const { box, slot } of placeAll(stage, boxes).placed) {
          expect(slot.y).toBeGreaterThanOrEqual(-eps);
          expect(slot.y + box.height).toBeLessThanOrEqual(stage.height + eps);
          const fromEdge = box.mode === 'bottom' ? stage.height - (slot.y + box.height) : slot.y;
          expect(fromEdge).toBeCloseTo(slot.row * stage.rowHeight, 6);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("drops nothing that fits the display area when density is 'unlimited'", () => {
    fc.assert(
      fc.property(scenario(['unlimited']), ({ stage, boxes }) => {
        const rowCount = Math.floor(stage.height / stage.rowHeight);
        const fitting = boxes.filter((b) => Math.ceil(b.height / stage.rowHeight) <= rowCount);
        expect(placeAll(stage, fitting).dropped).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('placement examples', () => {
  const stage: Stage = {
    width: 1000,
    height: 300,
    rowHeight: 30,
    scrollDuration: 8000,
    fixedDuration: 4000,
    gap: 0,
    overlap: false,
  };
  const box = (mode: DanmakuMode, start: number, width = 100, height = 25): Box => ({
    mode,
    start,
    width,
    height,
  });

  it('fills scrolling rows from the top and reuses a row once the last one is in', () => {
    const placer = createPlacer(stage);
    expect(placer.place(box('scroll', 0))?.row).toBe(0);
    expect(placer.place(box('scroll', 0))?.row).toBe(1);
    // 100 px at (1000 + 100) / 8000 px per ms is in after 727.3 ms.
    expect(placer.place(box('scroll', 700))?.row).toBe(2);
    expect(placer.place(box('scroll', 800))?.row).toBe(0);
  });

  it('holds back a longer, faster comment that would catch the one ahead', () => {
    const placer = createPlacer(stage);
    placer.place(box('scroll', 0, 100));
    for (let row = 1; row < 10; row++) placer.place(box('scroll', 0, 1000));
    // At 800 ms the short one is in, but a 900 px one (1.9 px/ms against 1.375)
    // would reach it before it leaves at 8000 ms: every row is taken, so it is dropped.
    expect(placer.place(box('scroll', 800, 900))).toBeUndefined();
    // A comment as short as the one ahead moves as fast, so it can follow.
    expect(placer.place(box('scroll', 800, 100))?.row).toBe(0);
  });

  it('stacks top comments down from the top and bottom ones up from the bottom', () => {
    const placer = createPlacer(stage);
    expect([1, 2, 3].map(() => placer.place(box('top', 0))?.y)).toEqual([0, 30, 60]);
    expect([1, 2].map(() => placer.place(box('bottom', 0))?.y)).toEqual([275, 245]);
    expect(placer.place(box('top', 4000))?.y).toBe(0);
  });

  it('gives a tall comment as many rows as it needs', () => {
    const placer = createPlacer(stage);
    expect(placer.place(box('top', 0, 100, 70))).toEqual({ y: 0, row: 0, rows: 3 });
    expect(placer.place(box('top', 0))).toEqual({ y: 90, row: 3, rows: 1 });
    expect(placer.place(box('top', 0, 100, 301))).toBeUndefined();
  });

  it('drops when full, but places the viewer’s own comment anyway, where it clears soonest', () => {
    const placer = createPlacer(stage);
    for (let row = 0; row < 10; row++) placer.place(box('top', row * 100));
    expect(placer.place(box('top', 1000))).toBeUndefined();
    expect(placer.place(box('top', 1000), true)?.row).toBe(0);
  });

  it('overlaps where it clears soonest when density is unlimited', () => {
    const placer = createPlacer({ ...stage, overlap: true });
    for (let row = 0; row < 10; row++) placer.place(box('top', 1000 - row * 100));
    expect(placer.place(box('top', 1000))?.row).toBe(9);
  });
});
