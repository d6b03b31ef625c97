import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { BullmqJobQueue } from './bullmq-job-queue.ts';
import { DatabaseJobQueue } from './database-job-queue.ts';
import type { JobQueue } from './job-queue.ts';

export interface JobQueueSettings {
  db: Kysely<Database>;
  newId: () => string;
  /** Set: BullMQ on this Redis (scale mode); absent: the jobs table (embedded). */
  redisUrl: string | undefined;
  leaseMs: number;
}

/** The queue the settings call for (DESIGN §1). */
export function createJobQueue(settings: JobQueueSettings): JobQueue {
  const { db, newId, redisUrl, leaseMs } = settings;
  return redisUrl
    ? new BullmqJobQueue({ db, newId, redisUrl, leaseMs })
    : new DatabaseJobQueue({ db, newId, leaseMs });
}
