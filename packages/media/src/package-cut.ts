import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeDirectoryAtomically } from './atomic-dir.ts';
import { rewriteDashManifest } from './dash-manifest.ts';
import { SHORT_RUN_DEADLINE_MS, STALL_MS } from './deadlines.ts';
import { finishHlsPlaylists } from './hls-playlists.ts';
import {
  DASH_MANIFEST,
  INIT_SEGMENT_TEMPLATE,
  MEDIA_SEGMENT_TEMPLATE,
  hlsMediaPlaylist,
  initSegment,
} from './package-layout.ts';
import { FFMPEG, FFMPEG_QUIET, SEGMENT_SECONDS } from './presets.ts';
import { runTool } from './run-tool.ts';
import { representationSizes } from './transcode.ts';

/** One representation of a finished package that the cut keeps. */
export interface CutRepresentation {
  /** Its id (the output stream's index) in the full package. */
  representationId: number;
  /** Frames per second for video (the HLS master's FRAME-RATE); null for the audio. */
  fps: number | null;
}

export interface CutPackageOptions {
  /** A local directory holding the full package's init and media segments (see cutFiles). */
  sourceDir: string;
  /** The finished short package; it appears only when complete. */
  outputDir: string;
  /** The video representations to keep, lowest first, then the audio (fps null) if any. */
  representations: readonly CutRepresentation[];
  /** How much of the start to keep. */
  seconds: number;
  signal?: AbortSignal | undefined;
}

/** Media segment file name of a representation (`seg-<id>-<n>.m4s`, numbered from 1). */
const mediaSegment = (representation: number, index: number) =>
  `seg-${representation}-${String(index).padStart(5, '0')}.m4s`;

/**
 * The files of a package that a cut of its first `seconds` reads: each representation's init
 * segment and its media segments up to one past the cut (files beyond a short video's end are
 * simply absent).
 */
export function cutFiles(representations: readonly CutRepresentation[], seconds: number): string[] {
  const count = Math.ceil(seconds / SEGMENT_SECONDS) + 1;
  return representations.flatMap(({ representationId: id }) => [
    initSegment(id),
    ...Array.from({ length: count }, (_, index) => mediaSegment(id, index + 1)),
  ]);
}

/**
 * A short package cut from the start of a finished one without encoding: each kept
 * representation's init and media segments are joined into one fragmented MP4 (what they are
 * together), and one ffmpeg run copies their streams (`-c copy`, every segment already starts
 * on a keyframe) through the same dash muxer settings as the ladder, stopping at `seconds`. The
 * result has the same layout as a transcoded package: representation ids 0…n−1, the audio
 * last, DASH and HLS manifests over the same segments. Returns the bytes of each representation.
 */
export async function cutPackage(options: CutPackageOptions): Promise<number[]> {
  const { sourceDir, representations, seconds, signal } = options;
  const scratch = `${options.outputDir}.joined`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  try {
    const joined = await Promise.all(
      representations.map((rep) =>
        joinSegments(
          sourceDir,
          rep.representationId,
          seconds,
          path.join(scratch, `${rep.representationId}.mp4`),
        ),
      ),
    );
    const video = representations.flatMap((rep, index) => (rep.fps === null ? [] : [index]));
    const audio = representations.flatMap((rep, index) => (rep.fps === null ? [index] : []));
    const adaptationSets = [video, audio]
      .filter((streams) => streams.length > 0)
      .map((streams, id) => `id=${id},streams=${streams.join(',')}`)
      .join(' ');
    return await writeDirectoryAtomically(options.outputDir, async (workDir) => {
      await runTool(
        FFMPEG,
        [
          ...FFMPEG_QUIET,
          // Our own fragmented MP4 files: the mov demuxer, the file protocol, nothing else.
          ...joined.flatMap((file) => [
            ...['-format_whitelist', 'mov', '-protocol_whitelist', 'file'],
            ...['-i', `file:${path.resolve(file)}`],
          ]),
          ...joined.flatMap((_, index) => ['-map', `${index}:0`]),
          ...['-c', 'copy', '-t', String(seconds)],
          ...['-map_metadata', '-1', '-map_chapters', '-1'],
          ...['-f', 'dash', '-dash_segment_type', 'mp4'],
          ...['-seg_duration', String(SEGMENT_SECONDS), '-use_template', '1', '-use_timeline', '1'],
          ...['-init_seg_name', INIT_SEGMENT_TEMPLATE, '-media_seg_name', MEDIA_SEGMENT_TEMPLATE],
          ...['-adaptation_sets', adaptationSets, '-hls_playlist', '1'],
          path.join(workDir, DASH_MANIFEST),
        ],
        { signal, timeoutMs: SHORT_RUN_DEADLINE_MS, stallMs: STALL_MS },
      );
      const manifest = path.join(workDir, DASH_MANIFEST);
      await writeFile(manifest, rewriteDashManifest(await readFile(manifest, 'utf8')));
      await finishHlsPlaylists(
        workDir,
        new Map(video.map((index) => [hlsMediaPlaylist(index), representations[index]?.fps ?? 0])),
      );
      const sizes = await representationSizes(workDir, representations.length);
      signal?.throwIfAborted();
      return sizes;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The init segment and the media segments of the first `seconds`, as one file. */
async function joinSegments(
  sourceDir: string,
  representation: number,
  seconds: number,
  target: string,
): Promise<string> {
  const names = cutFiles([{ representationId: representation, fps: null }], seconds);
  const out = await open(target, 'w');
  try {
    for (const name of names) {
      const file = path.join(sourceDir, name);
      if (!existsSync(file)) break;
      // A segment is a couple of seconds of one rendition: small enough to copy whole.
      await out.write(await readFile(file));
    }
  } finally {
    await out.close();
  }
  return target;
}
