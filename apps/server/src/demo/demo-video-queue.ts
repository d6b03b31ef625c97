import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { JobQueue, PreparedJob } from '../jobs/job-queue.ts';
import { DEMO_VIDEO_JOB, type DemoVideoPayload } from './demo-video-job.ts';
import type { DemoVideoKey } from './demo-videos.ts';

/** The items that play one recipe the cache lacks, and how long its video runs. */
export interface WaitingDemoVideo {
  key: DemoVideoKey;
  seconds: number;
  itemIds: string[];
}

/**
 * Makes the demo items whose video the cache lacks wait for it as an upload waits for its
 * transcode (decision 070): a `demo_video` job per recipe, written with `db` (the seed's
 * transaction), and each item's media row `processing` with that job, which is what the studio
 * and the upload progress calls read. Until the job records the real duration, an item lasts
 * its recipe's seconds. The recipes most items play go first, so the site fills fastest.
 * Answers the jobs, to dispatch once the transaction has committed.
 */
export async function queueDemoVideos(
  db: Kysely<Database>,
  jobs: JobQueue,
  waiting: readonly WaitingDemoVideo[],
  now: number,
): Promise<PreparedJob[]> {
  const byItems = [...waiting].sort((a, b) => b.itemIds.length - a.itemIds.length);
  const prepared: PreparedJob[] = [];
  for (const { key, seconds, itemIds } of byItems) {
    const payload: DemoVideoPayload = { key, itemIds };
    const job = await jobs.prepare(db, DEMO_VIDEO_JOB, payload);
    await db
      .insertInto('item_media')
      .values(
        itemIds.map((itemId) => ({
          item_id: itemId,
          state: 'processing' as const,
          source_path: '',
          job_id: job.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .updateTable('items')
      .set({ duration_ms: seconds * 1000 })
      .where('id', 'in', itemIds)
      .execute();
    prepared.push(job);
  }
  return prepared;
}
