import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeDirectoryAtomically } from './atomic-dir.ts';
import { rewriteDashManifest } from './dash-manifest.ts';
import { LADDER_SECONDS_PER_SECOND, STALL_MS, wholeVideoDeadlineMs } from './deadlines.ts';
import type { Definition, DefinitionLabel } from './definitions.ts';
import { finishHlsPlaylists } from './hls-playlists.ts';
import { planLadder, type Rung } from './ladder.ts';
import {
  DASH_MANIFEST,
  HLS_MASTER_PLAYLIST,
  hlsMediaPlaylist,
  initSegment,
  isRepresentationFile,
} from './package-layout.ts';
import { AUDIO_CHANNELS, AUDIO_SAMPLE_RATE, FFMPEG } from './presets.ts';
import type { ProbeSummary } from './probe.ts';
import { progressReader } from './progress.ts';
import { runTool } from './run-tool.ts';
import { buildLadderArgs } from './transcode-args.ts';

export interface TranscodeOptions {
  input: string;
  /** The finished package's directory; it appears (or is replaced) only when complete. */
  outputDir: string;
  /** The source's probe, as admission returned it; it must have a video stream. */
  probe: ProbeSummary;
  /** Defaults to planLadder() of the source's displayed size and rate. */
  rungs?: readonly Rung[];
  /** Whole percents, 0 to 100; 100 once the package is in place. */
  onProgress?: (percent: number) => void;
  /** Aborting kills ffmpeg and removes everything written. */
  signal?: AbortSignal;
}

/** One rung as SPEC §3 `video_list` needs it. */
export interface VideoRendition {
  definition: Definition;
  label: DefinitionLabel;
  /** Measured average bits per second of the rendition's segments. */
  bitrate: number;
  /** Bytes of the init and media segments. */
  size: number;
  fps: number;
  vwidth: number;
  vheight: number;
  fileId: string;
  highFrameRate: boolean;
  hfrVariant: boolean;
  /** Representation id in the DASH manifest (and index of the HLS media playlist). */
  representationId: number;
  /** File names inside the package directory. */
  hlsPlaylist: string;
  initSegment: string;
}

/** The audio rendition (SPEC §3 `dynamic_audio_list`). */
export interface AudioRendition {
  bitrate: number;
  size: number;
  sampleRate: number;
  channels: number;
  fileId: string;
  representationId: number;
  hlsPlaylist: string;
  initSegment: string;
}

export interface TranscodeResult {
  outputDir: string;
  /** Absolute paths of the two manifests over the same segments. */
  dashManifest: string;
  hlsManifest: string;
  duration: number;
  video: VideoRendition[];
  audio: AudioRendition | null;
}

/**
 * Transcodes a source into the ladder with a single ffmpeg process and packages it as CMAF with
 * DASH and HLS manifests. Everything is written under `<outputDir>.partial` and renamed into place
 * at the end, so a reader never sees a partial package.
 */
export async function transcode(options: TranscodeOptions): Promise<TranscodeResult> {
  const { input, outputDir, probe, signal } = options;
  const source = probe.video;
  if (!source) throw new Error(`${input} has no video stream`);
  const rungs =
    options.rungs ??
    planLadder({ width: source.displayWidth, height: source.displayHeight, fps: source.fps });
  const audioIndex = probe.audio?.index ?? null;
  const duration = probe.duration;

  const sizes = await writeDirectoryAtomically(outputDir, async (workDir) => {
    const args = buildLadderArgs({
      input,
      videoStreamIndex: source.index,
      sourceFps: source.fps,
      audioStreamIndex: audioIndex,
      rungs,
      outputDir: workDir,
    });
    const onStdoutLine = options.onProgress
      ? progressReader(duration, options.onProgress)
      : undefined;
    await runTool(FFMPEG, args, {
      signal,
      onStdoutLine,
      timeoutMs: wholeVideoDeadlineMs(duration, LADDER_SECONDS_PER_SECOND),
      stallMs: STALL_MS,
    });
    const manifest = path.join(workDir, DASH_MANIFEST);
    await writeFile(manifest, rewriteDashManifest(await readFile(manifest, 'utf8')));
    await finishHlsPlaylists(
      workDir,
      new Map(rungs.map((rung, index) => [hlsMediaPlaylist(index), rung.fps])),
    );
    const measured = await representationSizes(
      workDir,
      rungs.length + (audioIndex === null ? 0 : 1),
    );
    signal?.throwIfAborted();
    return measured;
  });
  options.onProgress?.(100);

  const bitrateOf = (bytes: number) => (duration > 0 ? Math.round((bytes * 8) / duration) : 0);
  const files = (representationId: number) => ({
    fileId: randomBytes(16).toString('hex'),
    representationId,
    hlsPlaylist: hlsMediaPlaylist(representationId),
    initSegment: initSegment(representationId),
  });
  const video = rungs.map((rung, index): VideoRendition => {
    const size = sizes[index] ?? 0;
    return {
      definition: rung.definition,
      label: rung.label,
      bitrate: bitrateOf(size),
      size,
      fps: rung.fps,
      vwidth: rung.width,
      vheight: rung.height,
      highFrameRate: rung.highFrameRate,
      hfrVariant: rung.hfrVariant,
      ...files(index),
    };
  });
  const audioSize = sizes[rungs.length] ?? 0;
  return {
    outputDir,
    dashManifest: path.join(outputDir, DASH_MANIFEST),
    hlsManifest: path.join(outputDir, HLS_MASTER_PLAYLIST),
    duration,
    video,
    audio:
      audioIndex === null
        ? null
        : {
            bitrate: bitrateOf(audioSize),
            size: audioSize,
            sampleRate: AUDIO_SAMPLE_RATE,
            channels: AUDIO_CHANNELS,
            ...files(rungs.length),
          },
  };
}

/** Bytes per representation id, 0 to count − 1. */
export async function representationSizes(dir: string, count: number): Promise<number[]> {
  const names = await readdir(dir);
  const sizes = Array.from({ length: count }, () => 0);
  for (const name of names) {
    const representation = sizes.findIndex((_, id) => isRepresentationFile(name, id));
    if (representation === -1) continue;
    sizes[representation] = (sizes[representation] ?? 0) + (await stat(path.join(dir, name))).size;
  }
  return sizes;
}
