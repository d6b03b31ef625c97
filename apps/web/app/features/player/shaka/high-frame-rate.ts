import type { HighFrameRateVariant } from '../player-source.ts';

/** What Media Capabilities is asked about the 120 fps variant, as Shaka would feed it (MSE). */
export function hfrDecodingQuery(hfr: HighFrameRateVariant): MediaDecodingConfiguration {
  return {
    type: 'media-source',
    video: {
      contentType: `video/mp4; codecs="${hfr.codec}"`,
      width: hfr.width,
      height: hfr.height,
      bitrate: hfr.bitrate,
      framerate: hfr.fps,
    },
  };
}

/** True when this device says it decodes the 120 fps variant smoothly (SPEC §5). */
export async function decodesSmoothly(hfr: HighFrameRateVariant): Promise<boolean> {
  const capabilities = 'mediaCapabilities' in navigator ? navigator.mediaCapabilities : null;
  if (!capabilities) return false;
  try {
    const info = await capabilities.decodingInfo(hfrDecodingQuery(hfr));
    return info.supported && info.smooth;
  } catch {
    return false;
  }
}

/**
 * Shaka's frame-rate restriction for an item: below its 120 fps variant unless that decodes
 * smoothly, so neither auto-definition nor a manual pick ever lands on a stuttering copy.
 */
export function maxFrameRate(hfr: HighFrameRateVariant | null, smooth: boolean): number {
  return hfr && !smooth ? hfr.fps - 1 : Infinity;
}
