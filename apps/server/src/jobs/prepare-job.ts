import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { DEFAULT_MAX_ATTEMPTS, type EnqueueOptions, type PreparedJob } from './job-queue.ts';
import { insertJob } from './job.repository.ts';

/** A job to write: its new id, what it runs, and the time it is written at. */
export interface JobToPrepare {
  id: string;
  name: string;
  payload: unknown;
  now: number;
}

/**
 * Writes the job's row with `db`, which may be a transaction, applying the enqueue defaults;
 * both engines prepare a job this way and differ only in how they dispatch it.
 */
export async function prepareJob(
  db: Kysely<Database>,
  { id, name, payload, now }: JobToPrepare,
  options: EnqueueOptions,
): Promise<PreparedJob> {
  const job: PreparedJob = {
    id,
    name,
    payload,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    delayMs: options.delayMs ?? 0,
  };
  await insertJob(db, { ...job, runAfter: now + job.delayMs, now });
  return job;
}
