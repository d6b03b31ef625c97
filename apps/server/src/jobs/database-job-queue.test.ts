import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { DatabaseJobQueue } from './database-job-queue.ts';
import { MissingJobHandlerError, PermanentJobError, type JobHandler } from './job-handler.ts';
import { completeJob, findJob, leaseNextJob, renewLease, type JobRow } from './job.repository.ts';

const LEASE_MS = 60_000;
const BACKOFF_MS = 1_000;

let database: OpenedDatabase;
let db: Kysely<Database>;
let clock: number;
let queue: DatabaseJobQueue;
const silent = () => undefined;

beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db;
  clock = 1_800_000_000_000;
  queue = new DatabaseJobQueue({
    db,
    newId: createIdGenerator(),
    leaseMs: LEASE_MS,
    backoffBaseMs: BACKOFF_MS,
    progressIntervalMs: 60 * 60_000,
    now: () => clock,
  });
});

afterEach(async () => {
  await queue.close();
  await database.close();
});

async function row(id: string): Promise<JobRow> {
  const job = await findJob(db, id);
  if (!job) throw new Error(`job ${id} is gone`);
  return job;
}

const handler = (run: JobHandler['run'], extra: Partial<JobHandler> = {}): JobHandler => ({
  name: 'work',
  run,
  ...extra,
});

describe('database job queue', () => {
  it('runs a job with its payload and records it succeeded at 100 %', async () => {
    const seen: unknown[] = [];
    const id = await queue.enqueue('work', { itemId: '42' });
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, progress: 0 });

    const worker = queue.createWorker(
      [handler((payload) => Promise.resolve(void seen.push(payload)))],
      { required: ['work'], log: silent },
    );
    expect(await worker.runOnce()).toBe(true);
    expect(seen).toEqual([{ itemId: '42' }]);
    expect(await row(id)).toMatchObject({
      state: 'succeeded',
      attempts: 1,
      progress: 100,
      lease_owner: null,
    });
    expect(await worker.runOnce()).toBe(false);
  });

  it('leases a job to one worker; an expired lease lets another take it over', async () => {
    const id = await queue.enqueue('work', {});
    const request = { now: clock, leaseMs: LEASE_MS, names: ['work'] };
    const first = await leaseNextJob(db, { ...request, owner: 'a' });
    expect(first).toMatchObject({ id, state: 'running', lease_owner: 'a', attempts: 1 });
    expect(await leaseNextJob(db, { ...request, owner: 'b' })).toBeUndefined();
    expect(
      await leaseNextJob(db, { ...request, owner: 'b', now: clock + LEASE_MS - 1 }),
    ).toBeUndefined();

    const takeover = await leaseNextJob(db, { ...request, owner: 'b', now: clock + LEASE_MS + 1 });
    expect(takeover).toMatchObject({ id, lease_owner: 'b', attempts: 2 });
    // The first worker has lost the job: it can neither renew nor complete it.
    expect(await renewLease(db, id, 'a', clock + 2 * LEASE_MS)).toBe(false);
    expect(await completeJob(db, id, 'a', clock)).toBe(false);
    expect(await renewLease(db, id, 'b', clock + 2 * LEASE_MS)).toBe(true);
    expect(await completeJob(db, id, 'b', clock)).toBe(true);
  });

  it('hands each due job to exactly one of many concurrent leases', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => queue.enqueue('work', {})));
    const leased = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((owner) =>
        leaseNextJob(db, { owner, now: clock, leaseMs: LEASE_MS, names: ['work'] }),
      ),
    );
    const taken = leased.flatMap((job) => (job ? [job.id] : []));
    expect(taken.sort()).toEqual([...ids].sort());
  });

  it('takes only jobs it has handlers for, and only the one job when told', async () => {
    const other = await queue.enqueue('other', {});
    const first = await queue.enqueue('work', {});
    const second = await queue.enqueue('work', {});
    const base = { owner: 'a', now: clock, leaseMs: LEASE_MS, names: ['work'] };
    expect(await leaseNextJob(db, { ...base, onlyJobId: second })).toMatchObject({ id: second });
    expect(await leaseNextJob(db, base)).toMatchObject({ id: first });
    expect(await leaseNextJob(db, base)).toBeUndefined();
    expect(await row(other)).toMatchObject({ state: 'queued' });
  });

  it('retries a failure with exponential backoff, then fails for good with the last error', async () => {
    const failures: string[] = [];
    let runs = 0;
    const id = await queue.enqueue('work', { n: 1 }, { maxAttempts: 3 });
    const worker = queue.createWorker(
      [
        handler(
          () => {
            runs += 1;
            return Promise.reject(new Error(`boom ${runs}`));
          },
          { onFailed: (_payload, error) => Promise.resolve(void failures.push(error)) },
        ),
      ],
      { required: ['work'], log: silent },
    );

    expect(await worker.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      run_after: clock + BACKOFF_MS,
      last_error: 'Error: boom 1',
      lease_owner: null,
    });
    expect(await worker.runOnce()).toBe(false);

    clock += BACKOFF_MS;
    expect(await worker.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({
      state: 'queued',
      attempts: 2,
      run_after: clock + 2 * BACKOFF_MS,
    });
    expect(await worker.runOnce()).toBe(false);

    clock += 2 * BACKOFF_MS;
    expect(await worker.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      last_error: 'Error: boom 3',
    });
    expect(failures).toEqual(['Error: boom 3']);
    clock += 60 * BACKOFF_MS;
    expect(await worker.runOnce()).toBe(false);
    expect(runs).toBe(3);
  });

  it('does not retry a permanent failure', async () => {
    const failures: string[] = [];
    const id = await queue.enqueue('work', {});
    const worker = queue.createWorker(
      [
        handler(() => Promise.reject(new PermanentJobError('no such item')), {
          onFailed: (_payload, error) => Promise.resolve(void failures.push(error)),
        }),
      ],
      { required: ['work'], log: silent },
    );
    await worker.runOnce();
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failures).toEqual(['PermanentJobError: no such item']);
  });

  it('fails a job whose worker died during its last attempt', async () => {
    const failures: string[] = [];
    const id = await queue.enqueue('work', {}, { maxAttempts: 1 });
    await leaseNextJob(db, { owner: 'dead', now: clock, leaseMs: LEASE_MS, names: ['work'] });
    clock += LEASE_MS + 1;
    let ran = false;
    const worker = queue.createWorker(
      [
        handler(() => Promise.resolve(void (ran = true)), {
          onFailed: (_payload, error) => Promise.resolve(void failures.push(error)),
        }),
      ],
      { required: ['work'], log: silent },
    );
    expect(await worker.runOnce()).toBe(true);
    expect(ran).toBe(false);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 2 });
    expect(failures).toHaveLength(1);
  });

  it('writes progress to the row, throttled, and 100 at the end', async () => {
    const id = await queue.enqueue('work', {});
    const seenInRow: number[] = [];
    const worker = queue.createWorker(
      [
        handler(async (_payload, context) => {
          context.progress(12.4);
          // The write is not awaited by the handler: wait for it to reach the row.
          await vi.waitFor(async () => {
            expect((await row(id)).progress).toBe(12);
          });
          seenInRow.push((await row(id)).progress);
          // Within the throttle interval: kept for later, not written now.
          context.progress(40);
          context.progress(55);
          seenInRow.push((await row(id)).progress);
        }),
      ],
      { required: ['work'], log: silent },
    );
    await worker.runOnce();
    expect(seenInRow).toEqual([12, 12]);
    expect(await row(id)).toMatchObject({ state: 'succeeded', progress: 100 });
  });

  it('refuses to start without a required handler or with a queued job it cannot run', async () => {
    const none = queue.createWorker([], { required: ['work'], log: silent });
    await expect(none.start()).rejects.toThrow(MissingJobHandlerError);
    await expect(none.start()).rejects.toThrow(/work/);

    await queue.enqueue('mystery', {});
    const worker = queue.createWorker([handler(() => Promise.resolve())], {
      required: ['work'],
      log: silent,
    });
    await expect(worker.start()).rejects.toThrow(/mystery/);
  });

  it('hands a running job back to the queue when stopped, without counting the attempt', async () => {
    const id = await queue.enqueue('work', {});
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let abortReason: unknown;
    const worker = queue.createWorker(
      [
        handler(
          (_payload, context) =>
            new Promise((_resolve, reject) => {
              context.signal.addEventListener('abort', () => {
                abortReason = context.signal.reason;
                reject(new Error('aborted'));
              });
              started();
            }),
        ),
      ],
      { required: ['work'], log: silent },
    );
    await worker.start();
    await running;
    expect(await row(id)).toMatchObject({ state: 'running', attempts: 1 });
    await worker.stop();
    expect(abortReason).toBeInstanceOf(Error);
    expect(await row(id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lease_owner: null,
      run_after: clock,
    });
  });
});
