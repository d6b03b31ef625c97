import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SHORT_RUN_DEADLINE_MS } from './deadlines.ts';
import { FFMPEG, FFMPEG_QUIET } from './presets.ts';
import { oneInput } from './one-file-input.ts';
import { runTool } from './run-tool.ts';

/** Covers fit inside these boxes, never enlarged: large is the player's 1600×900 (SPEC §9). */
export const COVER_SIZES = {
  large: { width: 1600, height: 900 },
  middle: { width: 640, height: 360 },
} as const;

/** SPEC §9 / DESIGN §6: images at quality 75. */
export const IMAGE_QUALITY = 75;

/** Frames the `thumbnail` filter compares to pick the most representative one (no black fades). */
const CANDIDATE_FRAMES = 30;

export interface CoverImage {
  /** File names inside the directory given to makeCovers. */
  jpeg: string;
  webp: string;
  width: number;
  height: number;
}

export interface Covers {
  large: CoverImage;
  middle: CoverImage;
}

/**
 * Large and middle covers, JPEG and WebP, from a representative frame near `atSeconds` (by
 * default a third into the video). ffmpeg only grabs the frame, upright and with square pixels,
 * as a lossless PNG; sharp does the sizes and encodings.
 */
export async function makeCovers(
  input: string,
  dir: string,
  options: { duration: number; atSeconds?: number; signal?: AbortSignal },
): Promise<Covers> {
  const frame = path.join(dir, 'cover-frame.png');
  const at = options.atSeconds ?? options.duration / 3;
  await grabFrame(input, frame, at, options.signal);
  if (!(await exists(frame)) && at > 0) await grabFrame(input, frame, 0, options.signal);

  const cover = async (name: keyof typeof COVER_SIZES): Promise<CoverImage> => {
    const resized = sharp(frame).resize({
      ...COVER_SIZES[name],
      fit: 'inside',
      withoutEnlargement: true,
    });
    const jpeg = `cover-${name}.jpg`;
    const webp = `cover-${name}.webp`;
    const info = await resized
      .clone()
      .jpeg({ quality: IMAGE_QUALITY, mozjpeg: true })
      .toFile(path.join(dir, jpeg));
    await resized.clone().webp({ quality: IMAGE_QUALITY }).toFile(path.join(dir, webp));
    return { jpeg, webp, width: info.width, height: info.height };
  };
  const covers = { large: await cover('large'), middle: await cover('middle') };
  await rm(frame, { force: true });
  return covers;
}

/** Upright frames with square pixels, whatever the source's sample aspect ratio. */
const SQUARE_PIXELS = 'scale=iw*sar:ih,setsar=1';

function grabFrame(input: string, output: string, at: number, signal?: AbortSignal) {
  return runGrab(input, output, at, `thumbnail=n=${CANDIDATE_FRAMES},${SQUARE_PIXELS}`, signal);
}

/**
 * The frame shown at `atSeconds` (ffmpeg seeks exactly, decoding from the keyframe before it),
 * upright and with square pixels, as a lossless PNG: a cover the author chose (decision 045).
 * The input is a local file, or a loopback range server's URL (read in place, decision 066). No
 * file is written when the video has no frame there.
 */
export function grabFrameAt(
  input: string | URL,
  output: string,
  atSeconds: number,
  signal?: AbortSignal,
): Promise<void> {
  return runGrab(input, output, atSeconds, SQUARE_PIXELS, signal);
}

async function runGrab(
  input: string | URL,
  output: string,
  at: number,
  filter: string,
  signal?: AbortSignal,
) {
  await runTool(
    FFMPEG,
    [
      ...FFMPEG_QUIET,
      ...['-ss', at.toFixed(3), ...oneInput(input), '-map', '0:V:0'],
      ...['-vf', filter],
      ...['-frames:v', '1', '-update', '1', output],
    ],
    { signal, timeoutMs: SHORT_RUN_DEADLINE_MS },
  );
}

function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
