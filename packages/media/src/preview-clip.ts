import { SHORT_RUN_DEADLINE_MS } from './deadlines.ts';
import { FFMPEG, FFMPEG_QUIET, X264_PRESET } from './presets.ts';
import { oneFileInput } from './one-file-input.ts';
import { runTool } from './run-tool.ts';

export const PREVIEW_SECONDS = 6;
/** Hover previews on feed cards: small, silent, at most 30 fps. */
export const PREVIEW_BOX = { width: 480, height: 270 } as const;
const PREVIEW_MAX_FPS = 30;

/**
 * A short, small, silent MP4 (`getPreviewVideo`) from a fifth of the way in, or from the start
 * of a video too short for that. `faststart` puts the index first so it plays while loading.
 */
export async function makePreviewClip(
  input: string,
  output: string,
  options: { duration: number; fps: number; signal?: AbortSignal },
): Promise<void> {
  const length = Math.min(PREVIEW_SECONDS, options.duration);
  const start = Math.min(options.duration / 5, Math.max(options.duration - length, 0));
  const { width, height } = PREVIEW_BOX;
  const fps = options.fps > PREVIEW_MAX_FPS ? [`fps=${PREVIEW_MAX_FPS}`] : [];
  const filters = [
    ...fps,
    `scale=w='min(${width},iw)':h='min(${height},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    'setsar=1',
    'format=yuv420p',
  ];
  await runTool(
    FFMPEG,
    [
      ...FFMPEG_QUIET,
      ...['-ss', start.toFixed(3), '-t', length.toFixed(3), ...oneFileInput(input)],
      ...['-map', '0:V:0'],
      ...['-vf', filters.join(','), '-an', '-map_metadata', '-1'],
      ...['-c:v', 'libx264', '-preset', X264_PRESET, '-crf', '28', '-profile:v', 'main'],
      ...['-movflags', '+faststart', output],
    ],
    { signal: options.signal, timeoutMs: SHORT_RUN_DEADLINE_MS },
  );
}
