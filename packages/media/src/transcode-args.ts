import { buildLadderGraph } from './filter-graph.ts';
import { oneFileInput } from './one-file-input.ts';
import type { Rung } from './ladder.ts';
import { DASH_MANIFEST, INIT_SEGMENT_TEMPLATE, MEDIA_SEGMENT_TEMPLATE } from './package-layout.ts';
import { FFMPEG_QUIET, SEGMENT_SECONDS, aacStreamArgs, x264StreamArgs } from './presets.ts';

export interface LadderJob {
  input: string;
  videoStreamIndex: number;
  sourceFps: number;
  /** Null when the source has no audio: then there is no audio rendition. */
  audioStreamIndex: number | null;
  rungs: readonly Rung[];
  outputDir: string;
}

/**
 * One ffmpeg process for the whole ladder: the source is decoded once, the filter graph feeds
 * every rung, and the dash muxer writes CMAF segments (fragmented MP4) with a DASH manifest and,
 * over the very same segment files, HLS playlists. Output streams are the rungs in the order
 * given, then the audio; their indices are the representation ids in both manifests. Adaptation
 * sets: the ladder, the 120 fps variant (when there is one), the audio.
 */
export function buildLadderArgs(job: LadderJob): string[] {
  const { graph, outputs } = buildLadderGraph(job.rungs, job.videoStreamIndex, job.sourceFps);
  const ladder: number[] = [];
  const hfr: number[] = [];
  job.rungs.forEach((rung, index) => (rung.hfrVariant ? hfr : ladder).push(index));
  const audio = job.audioStreamIndex === null ? [] : [job.rungs.length];
  const adaptationSets = [ladder, hfr, audio]
    .filter((streams) => streams.length > 0)
    .map((streams, id) => `id=${id},streams=${streams.join(',')}`)
    .join(' ');

  return [
    ...FFMPEG_QUIET,
    ...['-progress', 'pipe:1', '-nostats'],
    ...oneFileInput(job.input),
    ...['-filter_complex', graph],
    ...outputs.flatMap((label) => ['-map', `[${label}]`]),
    ...(job.audioStreamIndex === null ? [] : ['-map', `0:${job.audioStreamIndex}`]),
    // No metadata from the upload (a phone's GPS position, the editing software) reaches viewers.
    ...['-map_metadata', '-1', '-map_chapters', '-1'],
    ...job.rungs.flatMap((rung, index) => x264StreamArgs(index, rung)),
    ...(job.audioStreamIndex === null ? [] : aacStreamArgs()),
    ...['-max_muxing_queue_size', '4096'],
    ...['-f', 'dash', '-dash_segment_type', 'mp4'],
    ...['-seg_duration', String(SEGMENT_SECONDS), '-use_template', '1', '-use_timeline', '1'],
    ...['-init_seg_name', INIT_SEGMENT_TEMPLATE, '-media_seg_name', MEDIA_SEGMENT_TEMPLATE],
    ...['-adaptation_sets', adaptationSets, '-hls_playlist', '1'],
    `${job.outputDir}/${DASH_MANIFEST}`,
  ];
}
