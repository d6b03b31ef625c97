import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { cutFiles } from '@melon/media/package-cut';
import { PermanentJobError, type JobHandler } from '../../jobs/job-handler.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { newVideoPackageDir } from '../../storage/media-keys.ts';
import {
  findTrialWork,
  listEpisodesWithoutTrial,
  setTrialPackage,
} from './membership.repository.ts';
import {
  buildTrialPackage,
  downloadForCut,
  previewSecondsFor,
  trialRepresentations,
  type FullRendition,
} from './trial-package.ts';

/** Builds the preview rendition of a ready episode that became VIP or paid after transcoding. */
export const TRIAL_PACKAGE_JOB = 'trial_package';

export interface TrialJobDeps {
  db: Kysely<Database>;
  /** Holds `work/`, where the cut is made before it goes to storage. */
  dataDir: string;
  storage?: MediaStorage | undefined;
}

/** The full package's renditions as item_renditions holds them. */
async function storedRenditions(db: Kysely<Database>, itemId: string): Promise<FullRendition[]> {
  const rows = await db
    .selectFrom('item_renditions')
    .select(['kind', 'representation_id', 'fps', 'hfr_variant'])
    .where('item_id', '=', itemId)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    representationId: row.representation_id,
    fps: row.fps,
    hfrVariant: row.hfr_variant === 1,
  }));
}

/**
 * The `trial_package` job: for a ready VIP or paid episode without a preview, copies the first
 * segments of its full package's lower rungs out of storage, cuts the preview from them and
 * records it, in a transaction that first checks the job's lease and that the media still has
 * the package the cut was made from (a re-transcode meanwhile makes its own preview). Anything
 * else — free again, not ready, a preview already there — finishes without work.
 */
export function trialPackageJob(deps: TrialJobDeps): JobHandler {
  const storage = deps.storage ?? createLocalStorage(path.join(deps.dataDir, 'media'));
  return {
    name: TRIAL_PACKAGE_JOB,
    run: async (payload, context) => {
      const itemId = readItemId(payload);
      const media = await findTrialWork(deps.db, itemId);
      if (media?.state !== 'ready' || !media.package_dir || media.trial_package_dir) return;
      const seconds = await previewSecondsFor(deps.db, itemId, media.duration_ms / 1000);
      if (seconds === 0) return;

      const renditions = await storedRenditions(deps.db, itemId);
      const run = randomBytes(4).toString('hex');
      const trialDir = newVideoPackageDir(itemId, 'trial');
      const work = path.join(deps.dataDir, 'work', `trial-${itemId}-${run}`);
      const full = path.join(work, 'full');
      await mkdir(full, { recursive: true });
      let made = false;
      try {
        const files = cutFiles(trialRepresentations(renditions), seconds);
        await downloadForCut(storage, media.package_dir, files, full);
        await buildTrialPackage({
          packagePath: full,
          outputPath: path.join(work, 'trial'),
          renditions,
          seconds,
          signal: context.signal,
        });
        await storage.moveDirectory(path.join(work, 'trial'), trialDir);
        const packageDir = media.package_dir;
        made = await deps.db
          .transaction()
          .execute(
            async (trx) =>
              (await context.holdsLease(trx)) &&
              setTrialPackage(trx, { itemId, packageDir, trialDir, now: Date.now() }),
          );
      } finally {
        await rm(work, { recursive: true, force: true });
        if (!made) await storage.deletePrefix(trialDir);
      }
    },
  };
}

/**
 * Queues the preview of every ready VIP or paid episode that has none (an episode made
 * non-free after transcoding, demo content): run when a worker starts. A queued job that finds
 * the work done finishes at once.
 */
export async function queueMissingTrials(db: Kysely<Database>, queue: JobQueue): Promise<number> {
  const itemIds = await listEpisodesWithoutTrial(db);
  for (const itemId of itemIds) await queue.enqueue(TRIAL_PACKAGE_JOB, { itemId });
  return itemIds.length;
}

function readItemId(payload: unknown): string {
  const value = (payload as { itemId?: unknown } | null)?.itemId;
  if (typeof value !== 'string' || !/^[0-9]{1,26}$/.test(value)) {
    throw new PermanentJobError('trial_package payload names no item');
  }
  return value;
}
