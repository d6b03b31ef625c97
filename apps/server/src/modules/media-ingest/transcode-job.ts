import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { makeDerived } from '@melon/media/derived';
import { probe, type ProbeSummary } from '@melon/media/probe';
import { transcode } from '@melon/media/transcode';
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts';
import {
  buildTrialPackage,
  previewSecondsFor,
  transcodedRenditions,
} from '../membership/trial-package.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { ingestMessages } from './ingest.messages.ts';
import { itemRenditionRows } from './item-rendition-rows.ts';
import { findItemMediaForJob, markMediaFailed, markMediaReady } from './item-media.repository.ts';
import { localSource } from './local-source.ts';
import { newVideoPackageDir, VIDEO_DIR, videoPackageRoot } from '../../storage/media-keys.ts';

export const TRANSCODE_JOB = 'transcode';

export interface TranscodePayload {
  itemId: string;
  coverTimeMs?: number | undefined;
}

/** Share of the progress bar the ladder takes; covers, preview and storyboard take the rest. */
const TRANSCODE_SHARE = 85;

/** The source file is gone: no retry can bring it back. */
class SourceMissingError extends PermanentJobError {
  override name = 'SourceMissingError';
}

export interface TranscodeJobDeps {
  db: Kysely<Database>;
  /** Holds `work/`, where a run builds its folders before they go to storage. */
  dataDir: string;
  /** Where the folders go; the local disk under `<dataDir>/media` when left out. */
  storage?: MediaStorage | undefined;
}

/**
 * Makes an ingested item playable: the ladder into `private/v/<item>/package-<random>/`, covers,
 * preview and storyboard into `v/<item>/derived-<run>/`, for a VIP or paid episode the 6-minute
 * preview rendition into `private/v/<item>/trial-<random>/` (decision 068: packages under the
 * prefix no public route or CDN serves, named apart from the public derived folder; each built in a work folder of its own, then
 * moved into storage whole), then renditions and the ready state in one transaction that first
 * checks the run still holds the job's lease. An attempt touches only its own two folders until
 * it has made the item ready; then it clears whatever killed or stale attempts left beside them.
 * A run that lost its lease, failed or found the item no longer processing removes its own
 * folders only. A source kept in storage (a key, not an absolute path) is first copied into the
 * work folder for ffmpeg (decision 041).
 */
export function transcodeJob(deps: TranscodeJobDeps): JobHandler {
  const storage = deps.storage ?? createLocalStorage(path.join(deps.dataDir, 'media'));
  const removeAll = (dirs: readonly string[]) =>
    Promise.all(dirs.map((dir) => storage.deletePrefix(dir)));

  return {
    name: TRANSCODE_JOB,
    run: async (payload, context) => {
      const { itemId, coverTimeMs } = readPayload(payload);
      const media = await findItemMediaForJob(deps.db, itemId);
      if (!media) throw new PermanentJobError(`item ${itemId} has no media`);
      if (media.state !== 'processing') return;

      const videoDir = `${VIDEO_DIR}/${itemId}`;
      const run = randomBytes(4).toString('hex');
      const packageDir = newVideoPackageDir(itemId, 'package');
      const derivedDir = `${videoDir}/derived-${run}`;
      const trialDir = newVideoPackageDir(itemId, 'trial');
      const ownDirs = [packageDir, derivedDir, trialDir];
      const work = path.join(deps.dataDir, 'work', `transcode-${itemId}-${run}`);
      await mkdir(work, { recursive: true });

      let made = false;
      try {
        const source = await localSource(storage, media.source_path, work);
        if (source === null) throw new SourceMissingError(`source ${media.source_path} is missing`);
        const summary = await probeSource(source, context.signal);
        context.progress(0);
        const result = await transcode({
          input: source,
          outputDir: path.join(work, 'package'),
          probe: summary,
          onProgress: (percent) => {
            context.progress((percent * TRANSCODE_SHARE) / 100);
          },
          signal: context.signal,
        });
        context.progress(TRANSCODE_SHARE);
        const derived = await makeDerived({
          input: source,
          outputDir: path.join(work, 'derived'),
          probe: summary,
          coverAtSeconds:
            coverTimeMs === undefined ? undefined : Math.min(coverTimeMs / 1000, summary.duration),
          signal: context.signal,
        });
        // A VIP or paid episode's preview rendition, cut from the package (decision 050).
        const trialSeconds = await previewSecondsFor(deps.db, itemId, result.duration);
        if (trialSeconds > 0) {
          await buildTrialPackage({
            packagePath: path.join(work, 'package'),
            outputPath: path.join(work, 'trial'),
            renditions: transcodedRenditions(result),
            seconds: trialSeconds,
            signal: context.signal,
          });
          await storage.moveDirectory(path.join(work, 'trial'), trialDir);
        }
        await storage.moveDirectory(path.join(work, 'package'), packageDir);
        await storage.moveDirectory(path.join(work, 'derived'), derivedDir);
        context.progress(99);

        made = await markMediaReady(deps.db, {
          itemId,
          userId: media.user_id,
          packageDir,
          derivedDir,
          trialPackageDir: trialSeconds > 0 ? trialDir : null,
          storyboard: JSON.stringify(derived.storyboard),
          maxFps: summary.video?.fps ?? 0,
          durationMs: Math.round(result.duration * 1000),
          covers: {
            large: `${derivedDir}/${derived.covers.large.webp}`,
            middle: `${derivedDir}/${derived.covers.middle.webp}`,
          },
          previewUri: `${derivedDir}/${derived.preview}`,
          renditions: itemRenditionRows(itemId, result),
          now: Date.now(),
          fence: context.holdsLease,
        });
      } finally {
        await rm(work, { recursive: true, force: true });
        // Lost the lease, failed or deleted meanwhile: what this run wrote is referenced by nothing.
        if (!made) await removeAll(ownDirs);
      }
      if (!made) return;
      // Ready with this run's folders: no other attempt can make it ready now, so the rest goes.
      const own = new Set(ownDirs);
      const leftovers = new Set<string>();
      for (const root of itemMediaRoots(itemId)) {
        const depth = root.split('/').length + 1;
        for (const key of await storage.list(root)) {
          leftovers.add(key.split('/').slice(0, depth).join('/'));
        }
      }
      await removeAll([...leftovers].filter((dir) => !own.has(dir)));
      // And the work folders of attempts killed midway.
      const workRoot = path.dirname(work);
      const stale = (await readdir(workRoot)).filter((name) =>
        name.startsWith(`transcode-${itemId}-`),
      );
      await Promise.all(
        stale.map((name) => rm(path.join(workRoot, name), { recursive: true, force: true })),
      );
    },
    onFailed: async (payload, error) => {
      const { itemId } = readPayload(payload);
      const message = error.startsWith('SourceMissingError')
        ? ingestMessages.sourceMissing
        : ingestMessages.transcodeFailed;
      // Only while it was still processing: a ready item's files belong to the run that made it.
      if (await markMediaFailed(deps.db, itemId, message, Date.now())) {
        await removeAll(itemMediaRoots(itemId));
      }
    },
  };
}

/** The storage prefixes holding an item's transcoded folders: its derived files, its packages. */
const itemMediaRoots = (itemId: string): string[] => [
  `${VIDEO_DIR}/${itemId}`,
  videoPackageRoot(itemId),
];

function readPayload(payload: unknown): TranscodePayload {
  const value = payload as Partial<TranscodePayload> | null;
  if (typeof value?.itemId !== 'string' || !/^[0-9]{1,26}$/.test(value.itemId)) {
    throw new PermanentJobError('transcode payload names no item');
  }
  const cover = value.coverTimeMs;
  return {
    itemId: value.itemId,
    coverTimeMs: typeof cover === 'number' && cover >= 0 ? cover : undefined,
  };
}

async function probeSource(source: string, signal: AbortSignal): Promise<ProbeSummary> {
  try {
    return await probe(source, { signal });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SourceMissingError(`source ${source} is missing`);
    }
    throw error;
  }
}
