import { describe, expect, it } from 'vitest';
import { manifestToPlay } from './player-config.ts';

describe('manifestToPlay', () => {
  const both = { dashUrl: '/m/manifest.mpd', hlsUrl: '/m/master.m3u8' };
  it.each([
    { name: 'MSE → DASH', source: both, mse: true, url: '/m/manifest.mpd' },
    { name: 'no MSE → HLS', source: both, mse: false, url: '/m/master.m3u8' },
    {
      name: 'MSE, HLS only → HLS',
      source: { dashUrl: null, hlsUrl: '/m/master.m3u8' },
      mse: true,
      url: '/m/master.m3u8',
    },
    {
      name: 'no MSE, DASH only → DASH (Shaka says why it cannot)',
      source: { dashUrl: '/m/manifest.mpd', hlsUrl: null },
      mse: false,
      url: '/m/manifest.mpd',
    },
    { name: 'nothing → null', source: { dashUrl: null, hlsUrl: null }, mse: true, url: null },
  ])('$name', ({ source, mse, url }) => {
    expect(manifestToPlay(source, mse)?.url ?? null).toBe(url);
  });
});
