import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { DatabaseJobQueue } from './database-job-queue.ts';
import type { JobQueue } from './job-queue.ts';

export interface JobQueueSettings {
  db: Kysely<Database>;
  newId: () => string;
  /** Set: BullMQ on this Redis (scale mode); absent: the jobs table (embedded). */
  redisUrl: string | undefined;
  leaseMs: number;
}

/** The queue the settings call for (DESIGN §1); BullMQ is loaded only in scale mode. */
export async function createJobQueue(settings: JobQueueSettings): Promise<JobQueue> {
  const { db, newId, redisUrl, leaseMs } = settings;
  if (!redisUrl) return new DatabaseJobQueue({ db, newId, leaseMs });
  const { BullmqJobQueue } = await import('./bullmq-job-queue.ts');
  return new BullmqJobQueue({ db, newId, redisUrl, leaseMs });
}
