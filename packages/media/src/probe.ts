import { stat } from 'node:fs/promises';
import { PROBE_DEADLINE_MS } from './deadlines.ts';
import { FFPROBE } from './presets.ts';
import { oneFileInput } from './one-file-input.ts';
import { runTool } from './run-tool.ts';

export interface VideoStreamSummary {
  /** The stream's index in the file (`-map 0:N`). */
  index: number;
  codec: string;
  /** Stored picture size. */
  width: number;
  height: number;
  /** Picture size as shown: sample aspect ratio and rotation applied (what ffmpeg decodes to). */
  displayWidth: number;
  displayHeight: number;
  /** Frames per second (average rate, else the container's base rate); 0 when unknown. */
  fps: number;
  /** Counter-clockwise degrees the picture is turned when shown: 0, 90, 180 or 270. */
  rotation: number;
  /** Frame count when the container states it, else null. */
  frames: number | null;
}

export interface AudioStreamSummary {
  index: number;
  codec: string;
  sampleRate: number;
  channels: number;
}

export interface ProbeSummary {
  /** ffprobe's demuxer name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "image2". */
  container: string;
  /** Seconds; 0 when the file states none. */
  duration: number;
  sizeBytes: number;
  video: VideoStreamSummary | null;
  audio: AudioStreamSummary | null;
}

/**
 * Runs ffprobe on a file, within PROBE_DEADLINE_MS unless told otherwise. Rejects with
 * MediaToolError when ffprobe cannot read it at all, MediaToolDeadlineError past the deadline.
 */
export async function probe(
  path: string,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
): Promise<ProbeSummary> {
  const { size } = await stat(path);
  const { stdout } = await runTool(
    FFPROBE,
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      ...oneFileInput(path),
    ],
    { signal: options.signal, timeoutMs: options.timeoutMs ?? PROBE_DEADLINE_MS },
  );
  return summarizeProbe(JSON.parse(stdout) as FfprobeOutput, size);
}

export interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

export interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: FfprobeStream[];
}

/** The typed summary of ffprobe's JSON (`-show_format -show_streams`). */
export function summarizeProbe(output: FfprobeOutput, sizeBytes: number): ProbeSummary {
  const streams = output.streams ?? [];
  // Cover art in audio files is a one-picture "video" stream; it is not the video.
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const duration =
    positive(output.format?.duration) ?? positive(video?.duration) ?? positive(audio?.duration);
  return {
    container: output.format?.format_name ?? '',
    duration: duration ?? 0,
    sizeBytes,
    video: video ? summarizeVideo(video) : null,
    audio: audio
      ? {
          index: audio.index ?? 0,
          codec: audio.codec_name ?? '',
          sampleRate: Number(audio.sample_rate ?? 0),
          channels: audio.channels ?? 0,
        }
      : null,
  };
}

function summarizeVideo(stream: FfprobeStream): VideoStreamSummary {
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const rotation = rotationOf(stream);
  const sar = rate(stream.sample_aspect_ratio?.replace(':', '/')) || 1;
  const shownWidth = Math.round(width * sar);
  const turned = rotation === 90 || rotation === 270;
  const fps = rate(stream.avg_frame_rate) || rate(stream.r_frame_rate);
  return {
    index: stream.index ?? 0,
    codec: stream.codec_name ?? '',
    width,
    height,
    displayWidth: turned ? height : shownWidth,
    displayHeight: turned ? shownWidth : height,
    fps: Math.round(fps * 1000) / 1000,
    rotation,
    frames: stream.nb_frames === undefined ? null : Number(stream.nb_frames),
  };
}

function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((data) => data.side_data_type === 'Display Matrix');
  // The display matrix turns counter-clockwise; the old `rotate` tag clockwise.
  const degrees =
    matrix?.rotation ?? (stream.tags?.rotate === undefined ? 0 : -Number(stream.tags.rotate));
  const quarter = Math.round(degrees / 90) * 90;
  return ((quarter % 360) + 360) % 360;
}

/** "30000/1001" → 29.97; "0/0", "N/A" and missing → 0. */
function rate(value: string | undefined): number {
  if (!value) return 0;
  const [numerator, denominator = '1'] = value.split('/');
  const result = Number(numerator) / Number(denominator);
  return Number.isFinite(result) && result > 0 ? result : 0;
}

function positive(value: string | undefined): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : undefined;
}
