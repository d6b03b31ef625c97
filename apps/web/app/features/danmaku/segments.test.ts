import { describe, expect, it } from 'vitest';
import { DANMAKU_SEGMENT_MS } from '@melon/shared/contracts/danmaku';
import { PREFETCH_MS, segmentOf, segmentsToLoad } from './segments.ts';

const none = new Set<number>();
const minute = 60_000;

describe('segmentOf', () => {
  it.each([
    [0, 1],
    [DANMAKU_SEGMENT_MS - 1, 1],
    [DANMAKU_SEGMENT_MS, 2],
    [2 * DANMAKU_SEGMENT_MS + 5, 3],
    [-10, 1],
  ])('%d ms is in segment %d', (ms, segment) => {
    expect(segmentOf(ms)).toBe(segment);
  });
});

describe('segmentsToLoad', () => {
  it('asks for the current segment of a short video, and nothing past its end', () => {
    expect(segmentsToLoad(0, 2 * minute, none)).toEqual([1]);
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - 1000, DANMAKU_SEGMENT_MS - 500, none)).toEqual([1]);
  });

  it('prefetches the next segment once playback is within the look-ahead of it', () => {
    const long = 20 * minute;
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - PREFETCH_MS - 1, long, none)).toEqual([1]);
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - PREFETCH_MS, long, none)).toEqual([1, 2]);
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - 1, long, none)).toEqual([1, 2]);
  });

  it('skips what is loaded or loading', () => {
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - 1000, 20 * minute, new Set([1]))).toEqual([2]);
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - 1000, 20 * minute, new Set([1, 2]))).toEqual([]);
  });

  it('jumps with a seek: only the segments around the new time', () => {
    expect(segmentsToLoad(13 * minute, 60 * minute, new Set([1]))).toEqual([3]);
  });

  it('does not let an unknown duration stop the look-ahead', () => {
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - 1000, Number.NaN, none)).toEqual([1, 2]);
    expect(segmentsToLoad(DANMAKU_SEGMENT_MS - 1000, Number.POSITIVE_INFINITY, none)).toEqual([
      1, 2,
    ]);
  });

  it('reads a time that is not a number as the start', () => {
    expect(segmentsToLoad(Number.NaN, 10 * minute, none)).toEqual([1]);
  });
});
