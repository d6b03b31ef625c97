import path from 'node:path';
import { cutPackage, type CutRepresentation } from '@melon/media/package-cut';
import { hlsMediaPlaylist, initSegment } from '@melon/media/package-layout';
import type { TranscodeResult } from '@melon/media/transcode';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { EpisodeAccess } from '@melon/db/enums';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { previewClipSeconds } from './membership.policy.ts';
import { findEpisodeAccess } from './membership.repository.ts';

/*
 * The preview rendition (decision 050): the first minutes of a VIP or paid episode as a package
 * of its own, `private/v/<item>/trial-<random>/` (decision 068), cut from the full package by stream copy (no encoding)
 * and keeping only its lower rungs. Its URLs are the only ones a non-member is given.
 */

/** The preview keeps at most this many of the full ladder's rungs, lowest first. */
export const TRIAL_RUNGS = 2;

/** A rendition of the full package as the transcoder reports it or item_renditions holds it. */
export interface FullRendition {
  kind: 'video' | 'audio';
  representationId: number;
  fps: number;
  hfrVariant: boolean;
}

/** The representations of the full package the preview keeps: the lowest rungs, then the audio. */
export function trialRepresentations(renditions: readonly FullRendition[]): CutRepresentation[] {
  const byId = (a: FullRendition, b: FullRendition) => a.representationId - b.representationId;
  const video = renditions
    .filter((r) => r.kind === 'video' && !r.hfrVariant)
    .sort(byId)
    .slice(0, TRIAL_RUNGS)
    .map((r) => ({ representationId: r.representationId, fps: r.fps }));
  const audio = renditions
    .filter((r) => r.kind === 'audio')
    .map((r) => ({ representationId: r.representationId, fps: null }));
  return [...video, ...audio.slice(0, 1)];
}

/**
 * Renditions of the preview package for the video resource, from the full package's: the kept
 * rows renumbered as the cut numbers them (video 0…n−1, the audio last), sizes scaled to the
 * clip's share of the whole (the bitrates are the same streams').
 */
export function trialRenditionRows<
  Row extends {
    kind: 'video' | 'audio';
    representation_id: number;
    size: number;
    hls_playlist: string;
    init_segment: string;
  },
>(rows: readonly Row[], kept: readonly CutRepresentation[], share: number): Row[] {
  return kept.flatMap((rep, index) => {
    const row = rows.find(
      (r) =>
        r.representation_id === rep.representationId &&
        r.kind === (rep.fps === null ? 'audio' : 'video'),
    );
    if (!row) return [];
    return [
      {
        ...row,
        representation_id: index,
        hls_playlist: hlsMediaPlaylist(index),
        init_segment: initSegment(index),
        size: Math.round(row.size * Math.min(share, 1)),
      },
    ];
  });
}

/** The renditions of a package the transcoder just made. */
export function transcodedRenditions(
  result: Pick<TranscodeResult, 'video' | 'audio'>,
): FullRendition[] {
  const video = result.video.map((rung) => ({
    kind: 'video' as const,
    representationId: rung.representationId,
    fps: rung.fps,
    hfrVariant: rung.hfrVariant,
  }));
  const audio = result.audio
    ? [
        {
          kind: 'audio' as const,
          representationId: result.audio.representationId,
          fps: 0,
          hfrVariant: false,
        },
      ]
    : [];
  return [...video, ...audio];
}

/** Seconds of preview an item needs: 0 for a free one (or one too short to preview). */
export async function previewSecondsFor(
  db: Kysely<Database>,
  itemId: string,
  durationS: number,
): Promise<number> {
  const { access } = await findEpisodeAccess(db, itemId);
  return access === EpisodeAccess.Free ? 0 : previewClipSeconds(durationS);
}

/**
 * Cuts the preview of `seconds` from a package whose files are in the local `packagePath`, into
 * `outputPath` (a directory that appears when complete).
 */
export async function buildTrialPackage(options: {
  packagePath: string;
  outputPath: string;
  renditions: readonly FullRendition[];
  seconds: number;
  signal?: AbortSignal;
}): Promise<void> {
  await cutPackage({
    sourceDir: options.packagePath,
    outputDir: options.outputPath,
    representations: trialRepresentations(options.renditions),
    seconds: options.seconds,
    signal: options.signal,
  });
}

/** Copies the files a preview cut reads out of storage into a local directory. */
export async function downloadForCut(
  storage: MediaStorage,
  packageDir: string,
  files: readonly string[],
  target: string,
): Promise<void> {
  for (const file of files) {
    // Segments past a short video's end do not exist: the cut stops where they stop.
    await storage.download(`${packageDir}/${file}`, path.join(target, file));
  }
}
