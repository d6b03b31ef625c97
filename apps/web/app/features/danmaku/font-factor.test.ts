import { describe, expect, it } from 'vitest';
import { fontFactor } from './font-factor.ts';

describe('fontFactor', () => {
  it.each([
    [1920, 1],
    [640, 1],
    [480, 0.75],
    [360, 0.5625],
    [200, 0.5],
  ])('%d px wide draws at %d', (width, factor) => {
    expect(fontFactor(width)).toBe(factor);
  });

  it('leaves an overlay not laid out yet alone', () => {
    expect(fontFactor(0)).toBe(1);
    expect(fontFactor(Number.NaN)).toBe(1);
  });
});
