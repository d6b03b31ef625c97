import { FFMPEG, FFMPEG_QUIET } from './presets.ts';
import { runTool } from './run-tool.ts';

export interface ClipSpec {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** A 440 Hz tone beside the picture. */
  audio: boolean;
  /** H.264 bits per second; by default x264's quality mode (CRF 23). */
  videoBitrate?: number;
  /** x264 preset of the generated file; `ultrafast` unless said otherwise. */
  preset?: string;
}

/**
 * Writes a synthetic H.264/AAC clip (ffmpeg's testsrc2 pattern with a moving gradient and a
 * running clock, plus a sine tone) in the container the file name's extension says: test
 * sources, benchmark sources and demo content without shipping any video.
 */
export async function generateClip(
  path: string,
  spec: ClipSpec,
  signal?: AbortSignal,
): Promise<void> {
  const { width, height, fps, seconds } = spec;
  const rate = spec.videoBitrate;
  await runTool(
    FFMPEG,
    [
      ...FFMPEG_QUIET,
      ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
      ...(spec.audio
        ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`]
        : []),
      ...['-c:v', 'libx264', '-preset', spec.preset ?? 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...(rate === undefined ? [] : ['-b:v', String(rate), '-maxrate', String(rate)]),
      ...(rate === undefined ? [] : ['-bufsize', String(rate)]),
      ...(spec.audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
      path,
    ],
    { signal },
  );
}
