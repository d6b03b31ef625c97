import { describe, it, expect } from 'vitest';
import { toMilliseconds, toSeconds } from './timestamp.ts';

describe('toMilliseconds', () => {
  it.each([
    [1_700_000_000, 1_700_000_000_000],
    [1_700_000_000.5, 1_700_000_000_500],
    [9_999_999_999, 9_999_999_999_000],
    [86_400, 86_400_000],
    [1, 1000],
    [1_700_000_000_123, 1_700_000_000_123],
    [10_000_000_000, 10_000_000_000],
    [0, 0],
    [-1_700_000_000, 0],
    [Number.NaN, 0],
  ])('%d → %d', (t, expected) => {
    expect(toMilliseconds(t)).toBe(expected);
  });
});

describe('toSeconds', () => {
  it.each([
    [1_700_000_000_123, 1_700_000_000],
    [1_700_000_000_999, 1_700_000_000],
    [999, 0],
    [0, 0],
    [-5000, 0],
    [Number.NaN, 0],
  ])('%d → %d', (ms, expected) => {
    expect(toSeconds(ms)).toBe(expected);
  });
});
