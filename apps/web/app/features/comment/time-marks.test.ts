import { describe, expect, it } from 'vitest';
import { playingProgress, PLAYING_WINDOW_MS, timeMarkParts } from './time-marks.ts';

const MINUTES = 60_000;

describe('timeMarkParts', () => {
  it('finds m:ss, mm:ss and h:mm:ss within the video', () => {
    expect(timeMarkParts('2:05 和 12:30 还有 1:02:03 都好看', 2 * 60 * MINUTES)).toEqual([
      { kind: 'time', text: '2:05', atMs: 125_000 },
      { kind: 'text', text: ' 和 ' },
      { kind: 'time', text: '12:30', atMs: 750_000 },
      { kind: 'text', text: ' 还有 ' },
      { kind: 'time', text: '1:02:03', atMs: 3_723_000 },
      { kind: 'text', text: ' 都好看' },
    ]);
  });

  it('leaves text for moments past the end, bad seconds, and digits inside longer runs', () => {
    const duration = 5 * MINUTES;
    for (const text of ['06:00', '3:75', '1:75:30', '2026:11:25', '12:30:45:10', '3.14:15']) {
      expect(timeMarkParts(`看 ${text}`, duration).every((part) => part.kind === 'text')).toBe(
        true,
      );
    }
    expect(timeMarkParts('没有时间', duration)).toEqual([{ kind: 'text', text: '没有时间' }]);
  });

  it('takes 75:30 as a moment of a long film', () => {
    expect(timeMarkParts('75:30', 2 * 60 * MINUTES)).toEqual([
      { kind: 'time', text: '75:30', atMs: 4_530_000 },
    ]);
  });
});

describe('playingProgress', () => {
  it('runs from 0 at the moment to 1 at the end of the window, then lets go', () => {
    expect(playingProgress(60_000, 59_800)).toBe(0);
    expect(playingProgress(60_000, 60_000 + PLAYING_WINDOW_MS / 2)).toBe(0.5);
    expect(playingProgress(60_000, 60_000 + PLAYING_WINDOW_MS)).toBe(1);
    expect(playingProgress(60_000, 60_000 + PLAYING_WINDOW_MS + 1)).toBeUndefined();
    expect(playingProgress(60_000, 10_000)).toBeUndefined();
  });
});
