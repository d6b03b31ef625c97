import { describe, expect, it } from 'vitest';
import { storyboardTile, type PlayerStoryboard } from './storyboard.ts';

const BOARD: PlayerStoryboard = {
  interval: 2,
  width: 160,
  height: 90,
  columns: 10,
  count: 150,
  sheetUrls: ['/m/storyboard-001.jpg', '/m/storyboard-002.jpg'],
};

describe('storyboardTile', () => {
  it.each([
    { seconds: 0, url: '/m/storyboard-001.jpg', x: 0, y: 0 },
    { seconds: 1.99, url: '/m/storyboard-001.jpg', x: 0, y: 0 },
    { seconds: 2, url: '/m/storyboard-001.jpg', x: 160, y: 0 },
    { seconds: 20, url: '/m/storyboard-001.jpg', x: 0, y: 90 },
    { seconds: 199, url: '/m/storyboard-001.jpg', x: 1440, y: 810 },
    { seconds: 200, url: '/m/storyboard-002.jpg', x: 0, y: 0 },
    { seconds: 298, url: '/m/storyboard-002.jpg', x: 1440, y: 360 },
    { seconds: 5000, url: '/m/storyboard-002.jpg', x: 1440, y: 360 },
    { seconds: -3, url: '/m/storyboard-001.jpg', x: 0, y: 0 },
  ])('$seconds s → $url at $x,$y', ({ seconds, url, x, y }) => {
    expect(storyboardTile(BOARD, seconds)).toEqual({ url, x, y, width: 160, height: 90 });
  });

  it('has nothing for an empty board or a missing sheet', () => {
    expect(storyboardTile({ ...BOARD, count: 0 }, 3)).toBeNull();
    expect(storyboardTile({ ...BOARD, sheetUrls: ['/only-one.jpg'] }, 250)).toBeNull();
    expect(storyboardTile(BOARD, Number.NaN)).toBeNull();
  });
});
