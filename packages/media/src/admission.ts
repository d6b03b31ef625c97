import { stat } from 'node:fs/promises';
import {
  admissionMessage,
  DEFAULT_MAX_PIXEL_RATE,
  MAX_FPS,
  MAX_PICTURE,
  type AdmissionCode,
  type AdmissionLimits,
} from './admission-messages.ts';
import { PROBE_DEADLINE_MS } from './deadlines.ts';
import { FFPROBE } from './presets.ts';
import { probe, type ProbeSummary, type VideoStreamSummary } from './probe.ts';
import { notAllowedDemuxer, oneFileInput } from './one-file-input.ts';
import { MediaToolDeadlineError, MediaToolError, runTool } from './run-tool.ts';

export type Admission =
  { ok: true; probe: ProbeSummary } | { ok: false; code: AdmissionCode; message: string };

export const MIN_DURATION_SECONDS = 1;

/** Codecs of still pictures: a "video" in one of them with a single frame is an image. */
const IMAGE_CODECS = new Set([
  'mjpeg',
  'png',
  'apng',
  'webp',
  'bmp',
  'gif',
  'tiff',
  'jpeg2000',
  'jpegls',
  'jpegxl',
  'ppm',
  'pgm',
  'pam',
  'targa',
]);

/**
 * Decides whether an uploaded file is a playable video. Reads the file only (ffprobe, each run
 * within limits.probeDeadlineMs): it writes nothing, and leaves the refused file where it is for
 * the caller to remove.
 */
export async function admitVideo(
  path: string,
  limits: AdmissionLimits,
  signal?: AbortSignal,
): Promise<Admission> {
  const refuse = (code: AdmissionCode): Admission => ({
    ok: false,
    code,
    message: admissionMessage(code, limits),
  });
  try {
    return await admit(path, limits, refuse, {
      signal,
      timeoutMs: limits.probeDeadlineMs ?? PROBE_DEADLINE_MS,
    });
  } catch (error) {
    if (error instanceof MediaToolDeadlineError) return refuse('too_slow');
    throw error;
  }
}

interface ProbeRun {
  signal: AbortSignal | undefined;
  timeoutMs: number;
}

async function admit(
  path: string,
  limits: AdmissionLimits,
  refuse: (code: AdmissionCode) => Admission,
  run: ProbeRun,
): Promise<Admission> {
  const size = await stat(path).then(
    (stats) => (stats.isFile() ? stats.size : 0),
    () => 0,
  );
  if (size === 0) return refuse('unreadable');
  if (size > limits.maxBytes) return refuse('too_large');

  let summary: ProbeSummary;
  try {
    summary = await probe(path, run);
  } catch (error) {
    const refusedDemuxer = error instanceof MediaToolError && notAllowedDemuxer(error.stderr);
    if (refusedDemuxer)
      return refuse(refusedDemuxer === 'image2' ? 'still_image' : 'unsupported_format');
    if (error instanceof MediaToolError || error instanceof SyntaxError) {
      return refuse('unreadable');
    }
    throw error;
  }
  const code = judgeProbe(summary, limits);
  if (code) return refuse(code);

  const video = summary.video;
  if (!video) return refuse('no_video');
  if (IMAGE_CODECS.has(video.codec) && (await countPackets(path, video.index, run)) <= 1) {
    return refuse('still_image');
  }
  if (!(await decodesFirstFrame(path, video.index, run))) return refuse('unreadable');
  return { ok: true, probe: summary };
}

/** The refusal that ffprobe's summary alone decides, or null when it looks like a video. */
export function judgeProbe(summary: ProbeSummary, limits: AdmissionLimits): AdmissionCode | null {
  const { video } = summary;
  if (summary.sizeBytes > limits.maxBytes) return 'too_large';
  if (!video) return 'no_video';
  const singleFrame = video.frames !== null && video.frames <= 1;
  if (isImageDemuxer(summary.container) || (IMAGE_CODECS.has(video.codec) && singleFrame)) {
    return 'still_image';
  }
  if (video.width <= 0 || video.height <= 0 || video.fps <= 0) return 'unreadable';
  if (tooDemanding(video, limits.maxPixelRate ?? DEFAULT_MAX_PIXEL_RATE)) return 'too_demanding';
  if (summary.duration < MIN_DURATION_SECONDS) return 'too_short';
  if (summary.duration > limits.maxDurationSeconds) return 'too_long';
  return null;
}

/** Over the picture size, the frame rate or the pixel rate (what decoding costs per second). */
function tooDemanding(video: VideoStreamSummary, maxPixelRate: number): boolean {
  return (
    video.width * video.height > MAX_PICTURE.width * MAX_PICTURE.height ||
    video.fps > MAX_FPS ||
    video.width * video.height * video.fps > maxPixelRate
  );
}

/** image2 (files by extension) and the *_pipe demuxers (jpeg_pipe, png_pipe, webp_pipe, ...). */
function isImageDemuxer(container: string): boolean {
  return container
    .split(',')
    .some((name) => name === 'image2' || name === 'image2pipe' || name.endsWith('_pipe'));
}

/**
 * Packets of one stream among its first two, read without decoding; for image codecs whose
 * container gives no count (one packet is a picture, two are moving).
 */
async function countPackets(path: string, index: number, run: ProbeRun): Promise<number> {
  const { stdout } = await runTool(
    FFPROBE,
    [
      ...['-v', 'error', '-select_streams', String(index), '-count_packets'],
      ...['-read_intervals', '%+#2'],
      ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', ...oneFileInput(path)],
    ],
    run,
  ).catch(rethrowUnlessToolError);
  return Number.parseInt(stdout, 10) || 0;
}

/** The first frame decodes: catches files whose headers are fine but whose pictures are not. */
async function decodesFirstFrame(path: string, index: number, run: ProbeRun): Promise<boolean> {
  const { stdout } = await runTool(
    FFPROBE,
    [
      ...['-v', 'error', '-select_streams', String(index), '-read_intervals', '%+#1'],
      ...['-show_entries', 'frame=width', '-of', 'csv=p=0', ...oneFileInput(path)],
    ],
    run,
  ).catch(rethrowUnlessToolError);
  return stdout.trim() !== '';
}

function rethrowUnlessToolError(error: unknown): { stdout: string } {
  if (error instanceof MediaToolError) return { stdout: '' };
  throw error;
}
