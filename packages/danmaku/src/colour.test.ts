import { describe, expect, it } from 'vitest';
import { colourToHex, isColour, luminance } from './colour.ts';

describe('colours', () => {
  it.each([
    [0xffffff, '#ffffff'],
    [0xff0000, '#ff0000'],
    [255, '#0000ff'],
    [0, '#000000'],
    [0x00ff00, '#00ff00'],
  ])('%i is %s, zero-padded', (colour, hex) => {
    expect(colourToHex(colour)).toBe(hex);
  });

  it.each([
    [0, true],
    [0xffffff, true],
    [0x1000000, false],
    [-1, false],
    [1.5, false],
  ])('isColour(%d) → %s', (value, valid) => {
    expect(isColour(value)).toBe(valid);
  });

  it('tells dark from light', () => {
    expect(luminance(0x000000)).toBe(0);
    expect(luminance(0xffffff)).toBeCloseTo(1);
    expect(luminance(0x0000ff)).toBeLessThan(0.25);
    expect(luminance(0xffff00)).toBeGreaterThan(0.25);
  });
});
