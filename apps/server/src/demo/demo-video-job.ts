import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/job-handler.ts';
import { ingestMessages } from '../modules/media-ingest/ingest.messages.ts';
import {
  findItemMediaForJob,
  markMediaFailed,
  markMediaReady,
} from '../modules/media-ingest/item-media.repository.ts';
import {
  buildTrialPackage,
  previewSecondsFor,
  transcodedRenditions,
} from '../modules/membership/trial-package.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { newVideoPackageDir, VIDEO_DIR } from '../storage/media-keys.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { demoRenditionRows } from './attach-demo-video.ts';
import { prepareDemoVideo, type CachedDemoVideo } from './demo-media-cache.ts';
import { DEMO_RECIPES_BY_KEY, type DemoVideoKey, type DemoVideoRecipes } from './demo-videos.ts';
import { linkTree } from './link-tree.ts';

/** Makes one demo video (decision 070) and the demo items waiting for it playable. */
export const DEMO_VIDEO_JOB = 'demo_video';

export interface DemoVideoPayload {
  key: DemoVideoKey;
  /** The demo items that play it, created `processing` with this job. */
  itemIds: string[];
}

export interface DemoVideoJobDeps {
  db: Kysely<Database>;
  /** Holds `work/`, where an item's folders are linked before they go to storage. */
  dataDir: string;
  /** Where the folders go; the local disk under `<dataDir>/media` when left out. */
  storage?: MediaStorage | undefined;
  /** MELON_DEMO_CACHE_DIR: the made video is kept there for later demo sites. */
  cacheDir: string;
  /** The catalogue's recipes by default (tests pass tiny ones). */
  recipes?: DemoVideoRecipes;
}

/**
 * The `demo_video` job: makes the recipe's video into the demo cache (prepareDemoVideo:
 * generated, transcoded and derived), reporting its progress as a creator's transcode does, then
 * makes each waiting item ready as a finished transcode leaves an upload: its folders (hard links into the cache, a members-only episode's preview
 * cut from it) moved into storage, and markMediaReady with the job's lease, keeping the cover
 * the demo drew. An item no longer processing (deleted meanwhile) is left alone.
 */
export function demoVideoJob(deps: DemoVideoJobDeps): JobHandler {
  const storage = deps.storage ?? createLocalStorage(path.join(deps.dataDir, 'media'));
  const recipes = deps.recipes ?? DEMO_RECIPES_BY_KEY;

  async function attach(itemId: string, video: CachedDemoVideo, context: JobContext) {
    const media = await findItemMediaForJob(deps.db, itemId);
    if (media?.state !== 'processing') return;
    const run = randomBytes(4).toString('hex');
    const packageDir = newVideoPackageDir(itemId, 'package');
    const derivedDir = `${VIDEO_DIR}/${itemId}/derived-${run}`;
    const trialDir = newVideoPackageDir(itemId, 'trial');
    const work = path.join(deps.dataDir, 'work', `demo-${itemId}-${run}`);
    let made = false;
    try {
      await linkTree(video.packageDir, path.join(work, 'package'));
      await linkTree(video.derivedDir, path.join(work, 'derived'));
      const trialSeconds = await previewSecondsFor(deps.db, itemId, video.duration);
      if (trialSeconds > 0) {
        await buildTrialPackage({
          packagePath: video.packageDir,
          outputPath: path.join(work, 'trial'),
          renditions: transcodedRenditions(video),
          seconds: trialSeconds,
          signal: context.signal,
        });
        await storage.moveDirectory(path.join(work, 'trial'), trialDir);
      }
      await storage.moveDirectory(path.join(work, 'package'), packageDir);
      await storage.moveDirectory(path.join(work, 'derived'), derivedDir);
      made = await markMediaReady(deps.db, {
        itemId,
        userId: media.user_id,
        packageDir,
        derivedDir,
        trialPackageDir: trialSeconds > 0 ? trialDir : null,
        storyboard: JSON.stringify(video.derived.storyboard),
        maxFps: video.fps,
        durationMs: Math.round(video.duration * 1000),
        previewUri: `${derivedDir}/${video.derived.preview}`,
        renditions: demoRenditionRows(itemId, video),
        now: Date.now(),
        fence: context.holdsLease,
      });
    } finally {
      await rm(work, { recursive: true, force: true });
      if (!made) {
        await Promise.all(
          [packageDir, derivedDir, trialDir].map((dir) => storage.deletePrefix(dir)),
        );
      }
    }
  }

  return {
    name: DEMO_VIDEO_JOB,
    run: async (payload, context) => {
      const { key, itemIds } = readPayload(payload);
      const recipe = recipes.get(key);
      if (!recipe) throw new PermanentJobError(`no demo video recipe ${key}`);
      context.progress(0);
      const video = await prepareDemoVideo(deps.cacheDir, recipe, {
        onProgress: (percent) => {
          context.progress(percent);
        },
        signal: context.signal,
      });
      for (const itemId of itemIds) await attach(itemId, video, context);
    },
    onFailed: async (payload) => {
      const { itemIds } = readPayload(payload);
      const now = Date.now();
      for (const itemId of itemIds) {
        await markMediaFailed(deps.db, itemId, ingestMessages.transcodeFailed, now);
      }
    },
  };
}

function readPayload(payload: unknown): DemoVideoPayload {
  const value = payload as Partial<DemoVideoPayload> | null;
  const itemIds = Array.isArray(value?.itemIds) ? value.itemIds : [];
  if (
    typeof value?.key !== 'string' ||
    !itemIds.every((id: unknown) => typeof id === 'string' && /^[0-9]{1,26}$/.test(id))
  ) {
    throw new PermanentJobError('demo_video payload names no recipe and items');
  }
  return { key: value.key, itemIds };
}
