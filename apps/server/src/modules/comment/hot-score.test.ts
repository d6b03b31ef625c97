import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOT_SCORE, hotBase, hotKey, wilsonLowerBound, type HotInputs } from './hot-score.ts';

const day = 24 * 3600 * 1000;
const base = Date.UTC(2026, 10, 25);
const comment = (overrides: Partial<HotInputs>): HotInputs => ({
  diggs: 0,
  replies: 0,
  authorReplies: 0,
  createdAt: base,
  ...overrides,
});

/** The score the decision record writes down, at time `at`. */
const scoreAt = (inputs: HotInputs, at: number) =>
  hotBase(inputs) * 2 ** (-(at - inputs.createdAt) / HOT_SCORE.halfLifeMs);

describe('wilsonLowerBound', () => {
  it('is 0 without votes and trusts many votes more than few of the same share', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(10, 0)).toBeLessThan(wilsonLowerBound(100, 0));
    expect(wilsonLowerBound(8, 2)).toBeLessThan(wilsonLowerBound(80, 20));
    expect(wilsonLowerBound(100, 0)).toBeCloseTo(100 / (100 + HOT_SCORE.z ** 2), 12);
  });

  it('matches the published value for 8 up and 2 down (0.4902)', () => {
    expect(wilsonLowerBound(8, 2)).toBeCloseTo(0.4902, 4);
  });
});

describe('hotKey', () => {
  it('orders comments as their scores do at any moment', () => {
    const inputs = fc.record({
      diggs: fc.nat(100_000),
      replies: fc.nat(10_000),
      authorReplies: fc.nat(3),
      createdAt: fc.integer({ min: base - 365 * day, max: base }),
    });
    fc.assert(
      fc.property(inputs, inputs, fc.integer({ min: 0, max: 30 * day }), (a, b, later) => {
        const at = Math.max(a.createdAt, b.createdAt) + later;
        const byScore = Math.sign(scoreAt(a, at) - scoreAt(b, at));
        const byKey = Math.sign(hotKey(a) - hotKey(b));
        if (Math.abs(scoreAt(a, at) - scoreAt(b, at)) > 1e-9 * scoreAt(a, at)) {
          expect(byKey).toBe(byScore);
        }
      }),
    );
  });

  it('rises with likes, replies and the author replying, and falls with age', () => {
    const plain = hotKey(comment({}));
    expect(hotKey(comment({ diggs: 1 }))).toBeGreaterThan(plain);
    expect(hotKey(comment({ replies: 3 }))).toBeGreaterThan(plain);
    expect(hotKey(comment({ replies: 3, authorReplies: 1 }))).toBeGreaterThan(
      hotKey(comment({ replies: 3 })),
    );
    expect(hotKey(comment({ createdAt: base - day }))).toBeLessThan(plain);
  });

  it('keeps a well-liked comment of yesterday above a fresh one with a few likes', () => {
    const yesterday = hotKey(comment({ diggs: 1000, createdAt: base - day }));
    expect(yesterday).toBeGreaterThan(hotKey(comment({ diggs: 5 })));
    // …but not above one liked as well today.
    expect(yesterday).toBeLessThan(hotKey(comment({ diggs: 1000 })));
  });
});
