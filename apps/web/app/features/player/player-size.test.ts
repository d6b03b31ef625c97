import { describe, expect, it } from 'vitest';
import { playerAspectRatio } from './player-size.ts';

describe('playerAspectRatio', () => {
  it.each([
    { name: 'unknown size → 1600:900', video: null, ratio: 16 / 9 },
    { name: '16:9 → 16:9', video: { width: 1920, height: 1080 }, ratio: 16 / 9 },
    { name: '4:3 → 16:9, pillarboxed', video: { width: 640, height: 480 }, ratio: 16 / 9 },
    { name: 'portrait → 16:9', video: { width: 720, height: 1280 }, ratio: 16 / 9 },
    { name: '21:9 is kept', video: { width: 2560, height: 1080 }, ratio: 2560 / 1080 },
    { name: 'zero height → default', video: { width: 640, height: 0 }, ratio: 16 / 9 },
  ])('$name', ({ video, ratio }) => {
    expect(playerAspectRatio(video)).toBeCloseTo(ratio, 10);
  });
});
