import { DANMAKU_SEGMENT_MS } from '@melon/shared/contracts/danmaku';

/** The next segment is fetched this long before playback reaches it. */
export const PREFETCH_MS = 30_000;

/** The 1-based segment holding `timeMs`. */
export function segmentOf(timeMs: number): number {
  return Math.floor(Math.max(0, timeMs) / DANMAKU_SEGMENT_MS) + 1;
}

/**
 * The segments playback at `timeMs` needs that are neither loaded nor loading: the current one,
 * and the next once it is within {@link PREFETCH_MS} and the video runs that far. A duration
 * that is not known yet (NaN, Infinity for live) never limits the look-ahead.
 */
export function segmentsToLoad(
  timeMs: number,
  durationMs: number,
  requested: ReadonlySet<number>,
): number[] {
  const time = Number.isFinite(timeMs) ? Math.max(0, timeMs) : 0;
  const current = segmentOf(time);
  const wanted = [current];
  const nextStart = current * DANMAKU_SEGMENT_MS;
  const runsOn = !Number.isFinite(durationMs) || durationMs > nextStart;
  if (nextStart - time <= PREFETCH_MS && runsOn) wanted.push(current + 1);
  return wanted.filter((segment) => !requested.has(segment));
}
