import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@melon/db/testing';
import type { OpenedDatabase } from '@melon/db/open-database';
import { REDIS_URL, redisAvailable } from '../testing/redis.ts';
import { BullmqJobQueue } from './bullmq-job-queue.ts';
import { MissingJobHandlerError, PermanentJobError } from './job-handler.ts';
import { findJob, type JobRow } from './job.repository.ts';

const reachable = await redisAvailable('the BullMQ job queue tests');
const silent = () => undefined;

/**
 * Ids that print back unchanged through a double (1400000000010000000, …), as some real ids
 * do: BullMQ takes such a custom id for an integer and refuses it.
 */
function roundIds(): () => string {
  let next = 0n;
  return () => String(1_400_000_000_000_000_000n + (next += 1n) * 10_000_000n);
}

describe.runIf(reachable)('BullMQ job queue (scale mode)', () => {
  let database: OpenedDatabase;
  let queue: BullmqJobQueue;

  beforeEach(async () => {
    database = await createTestDatabase();
    queue = new BullmqJobQueue({
      db: database.db,
      newId: roundIds(),
      redisUrl: REDIS_URL,
      leaseMs: 5_000,
      backoffBaseMs: 10,
      progressIntervalMs: 0,
      prefix: `melon-test-${randomBytes(6).toString('hex')}`,
    });
  });

  afterEach(async () => {
    await queue.obliterate();
    await queue.close();
    await database.close();
  });

  /** Reads the job's row until it satisfies `done` (BullMQ runs it in the background). */
  async function rowWhen(id: string, done: (row: JobRow) => boolean): Promise<JobRow> {
    for (;;) {
      const row = await findJob(database.db, id);
      if (row && done(row)) return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('runs a job through Redis and mirrors its progress and success into the row', async () => {
    const seenInRow: number[] = [];
    const worker = queue.createWorker(
      [
        {
          name: 'work',
          run: async (payload, context) => {
            expect(payload).toEqual({ itemId: '7' });
            context.progress(40);
            seenInRow.push((await rowWhen(context.jobId, (row) => row.progress === 40)).progress);
          },
        },
      ],
      { required: ['work'], log: silent },
    );
    await worker.start();
    const id = await queue.enqueue('work', { itemId: '7' });
    const row = await rowWhen(id, (r) => r.state === 'succeeded');
    expect(row).toMatchObject({ attempts: 1, progress: 100, last_error: null });
    expect(seenInRow).toEqual([40]);
  });

  it('retries with backoff, then fails the row with the last error and tells the handler', async () => {
    const failures: string[] = [];
    let runs = 0;
    const worker = queue.createWorker(
      [
        {
          name: 'work',
          run: () => Promise.reject(new Error(`boom ${(runs += 1)}`)),
          onFailed: (_payload, error) => Promise.resolve(void failures.push(error)),
        },
      ],
      { required: ['work'], log: silent },
    );
    await worker.start();
    const id = await queue.enqueue('work', {}, { maxAttempts: 3 });
    const row = await rowWhen(id, (r) => r.state === 'failed');
    expect(row).toMatchObject({ attempts: 3, last_error: 'Error: boom 3' });
    expect(runs).toBe(3);
    expect(failures).toEqual(['Error: boom 3']);
  });

  it('fails a permanent error at once', async () => {
    const worker = queue.createWorker(
      [{ name: 'work', run: () => Promise.reject(new PermanentJobError('nothing to do')) }],
      { required: ['work'], log: silent },
    );
    await worker.start();
    const id = await queue.enqueue('work', {});
    expect(await rowWhen(id, (r) => r.state === 'failed')).toMatchObject({
      attempts: 1,
      last_error: 'PermanentJobError: nothing to do',
    });
  });

  it('refuses to start without a required handler', async () => {
    const worker = queue.createWorker([], { required: ['transcode'], log: silent });
    await expect(worker.start()).rejects.toThrow(MissingJobHandlerError);
  });
});
