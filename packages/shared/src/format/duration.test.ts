import { describe, it, expect } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [60, '01:00'],
    [309, '05:09'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [3723, '01:02:03'],
    [36_000, '10:00:00'],
    [360_000, '100:00:00'],
    [-1, '00:00'],
    [Number.NaN, '00:00'],
    [Number.POSITIVE_INFINITY, '00:00'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
