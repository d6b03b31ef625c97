import { describe, expect, it } from 'vitest';
import type { HighFrameRateVariant } from '../player-source.ts';
import { hfrDecodingQuery, maxFrameRate } from './high-frame-rate.ts';

const hfr: HighFrameRateVariant = {
  representationId: '3',
  width: 1280,
  height: 720,
  bitrate: 6_000_000,
  fps: 120,
  codec: 'avc1.640020',
};

describe('the 120 fps variant', () => {
  it('asks Media Capabilities about the variant as MSE would play it', () => {
    expect(hfrDecodingQuery(hfr)).toEqual({
      type: 'media-source',
      video: {
        contentType: 'video/mp4; codecs="avc1.640020"',
        width: 1280,
        height: 720,
        bitrate: 6_000_000,
        framerate: 120,
      },
    });
  });

  it.each([
    { name: 'smooth: no restriction', variant: hfr, smooth: true, max: Infinity },
    { name: 'not smooth: below the variant', variant: hfr, smooth: false, max: 119 },
    { name: 'no variant: no restriction', variant: null, smooth: false, max: Infinity },
  ])('$name', ({ variant, smooth, max }) => {
    expect(maxFrameRate(variant, smooth)).toBe(max);
  });
});
