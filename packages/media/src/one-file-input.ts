import path from 'node:path';

/**
 * The demuxers ffprobe and ffmpeg may pick for an uploaded file (ffmpeg's names; `mov` is the
 * MP4/MOV/3GP family, `matroska` takes WebM too). Each reads the one file it is given and opens
 * nothing else: no playlists (hls, dash), concat lists, image2 file patterns, SDP, scripts or
 * other demuxers that follow names or URLs written in the file. Single-file images and audio are
 * here too, so that a photo or a song is refused by admission with its own clear message.
 */
export const ALLOWED_DEMUXERS = [
  // Video containers.
  'mov',
  'matroska',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'asf',
  'ogg',
  // Animated or still pictures in one file.
  'gif',
  'png_pipe',
  'jpeg_pipe',
  'webp_pipe',
  'bmp_pipe',
  'tiff_pipe',
  // Sound only.
  'mp3',
  'wav',
  'aac',
  'flac',
] as const;

/**
 * The demuxer ffmpeg found and refused, from its error output (`[hls @ 0x…] Format not on
 * whitelist …`), or null when the failure was another one. image2 is found by a file name's
 * extension only (a picture, or a numbered picture sequence).
 */
export function notAllowedDemuxer(stderr: string): string | null {
  return /\[([\w,]+) @ [^\]]*\] Format not on whitelist/.exec(stderr)?.[1] ?? null;
}

/**
 * The input arguments of every ffprobe and ffmpeg run on user media: the format must be one of
 * ALLOWED_DEMUXERS (decided by the bytes, the file name plays no part once stored without an
 * extension), only the `file` protocol may be used, and the path is given as a `file:` URL so
 * that no part of it is read as another protocol. Options placed before these (`-ss`, `-t`)
 * still apply to the same input.
 */
export function oneFileInput(file: string): string[] {
  return [
    ...['-format_whitelist', ALLOWED_DEMUXERS.join(',')],
    ...['-protocol_whitelist', 'file'],
    ...['-i', `file:${path.resolve(file)}`],
  ];
}

/** The one kind of URL ffmpeg is given: a loopback range server on this machine. */
const LOOPBACK_URL = /^http:\/\/127\.0\.0\.1:[0-9]{1,5}\/[A-Za-z0-9_-]+$/;

/**
 * The input arguments for a stored source served by a loopback range server (a source kept on
 * S3, read in place): the demuxers of ALLOWED_DEMUXERS, only ffmpeg's `http` over `tcp`, no
 * redirects, and a reconnect at the offset reached whenever the server ends its answer before
 * the object's end (it answers each range a window at a time, so ffmpeg reads only what it
 * needs). Any other URL is refused.
 */
export function oneLoopbackInput(url: URL): string[] {
  if (!LOOPBACK_URL.test(url.href)) throw new Error(`not a loopback source: ${url.href}`);
  return [
    ...['-format_whitelist', ALLOWED_DEMUXERS.join(',')],
    ...['-protocol_whitelist', 'http,tcp'],
    ...['-max_redirects', '0', '-reconnect', '1', '-reconnect_delay_max', '0'],
    ...['-i', url.href],
  ];
}

/** A local file by its path, or a loopback range server's URL. */
export const oneInput = (input: string | URL): string[] =>
  input instanceof URL ? oneLoopbackInput(input) : oneFileInput(input);
