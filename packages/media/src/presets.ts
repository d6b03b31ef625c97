/** Debian's ffmpeg and ffprobe, found on PATH. */
export const FFMPEG = 'ffmpeg';
export const FFPROBE = 'ffprobe';

/** Every invocation: no banner, no stdin, errors only (stderr is kept for error messages). */
export const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'] as const;

/**
 * The one x264 preset used for every rendition. `veryfast` keeps a two-core machine within the
 * demo-content budget (decision 012: first start under 4 minutes) at a quality that is still fine for
 * the ladder's bitrates.
 */
export const X264_PRESET = 'veryfast';

/**
 * Segment and GOP length in seconds. Keyframes are forced on this exact time grid in every
 * rendition (and scene-cut keyframes are off), so segments line up across the ladder and a
 * player can switch at any segment boundary.
 */
export const SEGMENT_SECONDS = 2;

export const AUDIO_BITRATE = 128_000;
export const AUDIO_SAMPLE_RATE = 48_000;
export const AUDIO_CHANNELS = 2;

/** Arguments of one libx264 output stream `index` (the stream specifier of `-c:v:N`). */
export function x264StreamArgs(index: number, rung: { bitrate: number; fps: number }): string[] {
  const gop = String(Math.ceil(rung.fps * SEGMENT_SECONDS));
  return [
    `-c:v:${index}`,
    'libx264',
    `-preset:v:${index}`,
    X264_PRESET,
    `-profile:v:${index}`,
    'high',
    `-b:v:${index}`,
    String(rung.bitrate),
    `-maxrate:v:${index}`,
    String(Math.round(rung.bitrate * 1.5)),
    `-bufsize:v:${index}`,
    String(rung.bitrate * 2),
    `-g:v:${index}`,
    gop,
    `-keyint_min:v:${index}`,
    gop,
    `-sc_threshold:v:${index}`,
    '0',
    `-force_key_frames:v:${index}`,
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  ];
}

/** Arguments of the AAC output stream (there is at most one). */
export function aacStreamArgs(): string[] {
  return [
    '-c:a',
    'aac',
    '-b:a',
    String(AUDIO_BITRATE),
    '-ar',
    String(AUDIO_SAMPLE_RATE),
    '-ac',
    String(AUDIO_CHANNELS),
  ];
}
