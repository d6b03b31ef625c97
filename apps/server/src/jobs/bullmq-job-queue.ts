import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { describeError, WorkerStoppingError, type JobHandler } from './job-handler.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type JobQueue,
  type PreparedJob,
  type WorkerOptions,
} from './job-queue.ts';
import {
  completeJob,
  failJob,
  findJob,
  listQueuedJobs,
  markJobRunning,
  releaseJob,
  setJobProgress,
} from './job.repository.ts';
import { JobWorkerBase } from './job-worker-base.ts';
import { parsePayload } from './job-worker-support.ts';
import { prepareJob } from './prepare-job.ts';
import { DEFAULT_BACKOFF_BASE_MS } from './backoff.ts';

export interface BullmqJobQueueOptions {
  db: Kysely<Database>;
  newId: () => string;
  redisUrl: string;
  /** BullMQ's lock duration: a worker that stops renewing it for this long has stalled. */
  leaseMs: number;
  backoffBaseMs?: number;
  progressIntervalMs?: number;
  /** Redis key prefix (tests isolate themselves with their own). */
  prefix?: string;
}

const QUEUE_NAME = 'melon-jobs';

/**
 * BullMQ refuses custom ids that read as integers, and ours are digits: its id is ours with a
 * prefix.
 */
const bullmqId = (id: string) => `job-${id}`;
const rowId = (job: Job<BullData>) => job.id?.replace(/^job-/, '') ?? '';

/** What travels through Redis: the payload; the row's id is in BullMQ's job id. */
interface BullData {
  payload: unknown;
}

/**
 * Scale mode (DESIGN §1): BullMQ on REDIS_URL leases, retries and recovers stalled jobs; the
 * `jobs` row is written first and mirrors state, attempts and progress, so the same progress
 * service answers in both modes and `item_media.job_id` always names a row.
 */
export class BullmqJobQueue implements JobQueue {
  readonly mode = 'bullmq';
  readonly #queue: Queue<BullData>;
  readonly #workers = new Set<BullmqJobWorker>();

  readonly options: BullmqJobQueueOptions;

  constructor(options: BullmqJobQueueOptions) {
    this.options = options;
    this.#queue = new Queue<BullData>(QUEUE_NAME, {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix: options.prefix ?? 'melon',
    });
  }

  prepare(
    db: Kysely<Database>,
    name: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<PreparedJob> {
    return prepareJob(db, { id: this.options.newId(), name, payload, now: Date.now() }, options);
  }

  async dispatch(job: PreparedJob): Promise<void> {
    // Adding an id BullMQ already holds does nothing, so dispatching twice is harmless.
    await this.#queue.add(
      job.name,
      { payload: job.payload },
      {
        jobId: bullmqId(job.id),
        attempts: job.maxAttempts,
        delay: job.delayMs,
        backoff: {
          type: 'exponential',
          delay: this.options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
        },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  async enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<string> {
    const job = await this.prepare(this.options.db, name, payload, options);
    await this.dispatch(job);
    return job.id;
  }

  createWorker(handlers: readonly JobHandler[], options: WorkerOptions): BullmqJobWorker {
    const worker = new BullmqJobWorker(this, handlers, options, () => this.#workers.delete(worker));
    this.#workers.add(worker);
    return worker;
  }

  /** Removes every job of the queue from Redis (tests). */
  async obliterate(): Promise<void> {
    await this.#queue.obliterate({ force: true });
  }

  async close(): Promise<void> {
    await Promise.all([...this.#workers].map((worker) => worker.stop()));
    await this.#queue.close();
  }
}

class BullmqJobWorker extends JobWorkerBase<BullmqJobQueue> {
  readonly owner = `bullmq-worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  #worker: Worker<BullData> | undefined;
  #stopping = false;

  async start(): Promise<void> {
    const { db, redisUrl, leaseMs, prefix } = this.queue.options;
    const handlers = await this.checkedHandlers();
    // A row written whose dispatch was lost (Redis down at the time) is handed over now.
    for (const row of await listQueuedJobs(db)) {
      await this.queue.dispatch({
        id: row.id,
        name: row.name,
        payload: parsePayload(row.payload),
        maxAttempts: row.max_attempts,
        delayMs: Math.max(0, row.run_after - Date.now()),
      });
    }
    const worker = new Worker<BullData>(
      QUEUE_NAME,
      (job, token, signal) => this.#process(handlers, job, token, signal),
      {
        connection: { url: redisUrl, maxRetriesPerRequest: null },
        prefix: prefix ?? 'melon',
        concurrency: 1,
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        maxStalledCount: DEFAULT_MAX_ATTEMPTS,
        autorun: false,
      },
    );
    worker.on('failed', (job, error) => {
      // Only BullMQ's own verdict (stalled too often) lands here without the processor's say.
      if (job && /stalled/i.test(error.message)) {
        void this.#fail(handlers.get(job.name), job, describeError(error));
      }
    });
    worker.on('error', (error) => {
      this.log(`job worker: ${describeError(error)}`);
    });
    this.#worker = worker;
    void worker.run();
    await worker.waitUntilReady();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#worker?.cancelAllJobs('worker stopping');
    await this.#worker?.close();
    this.onStopped();
  }

  async #process(
    handlers: Map<string, JobHandler>,
    job: Job<BullData>,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { db, leaseMs } = this.queue.options;
    const id = rowId(job);
    const handler = handlers.get(job.name);
    const row = await findJob(db, id);
    if (!row || row.state === 'succeeded' || row.state === 'failed') return;
    if (!handler) throw new UnrecoverableError(`no handler for job "${job.name}"`);
    const attempt = job.attemptsMade + 1;
    await markJobRunning(db, id, {
      owner: this.owner,
      attempts: attempt,
      leaseExpiresAt: Date.now() + leaseMs,
      now: Date.now(),
    });
    const ownSignal = signal ?? new AbortController().signal;
    try {
      await this.runHandler(handler, {
        jobId: id,
        attempt,
        payload: job.data.payload,
        signal: ownSignal,
        writeProgress: (percent) =>
          Promise.all([job.updateProgress(percent), setJobProgress(db, id, this.owner, percent)]),
      });
      await completeJob(db, id, this.owner, Date.now());
    } catch (error) {
      if (this.#stopping && ownSignal.aborted) {
        // Handed back untouched: the interrupted run does not count as an attempt.
        await releaseJob(db, id, this.owner, Date.now());
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError(describeError(new WorkerStoppingError('worker stopping')));
      }
      const { failed, message } = await this.settleFailedAttempt(
        { jobId: id, name: job.name, attempt, maxAttempts: job.opts.attempts ?? 1, error },
        (failure) => this.#fail(handler, job, failure),
      );
      if (failed) throw new UnrecoverableError(message);
      throw error;
    }
  }

  async #fail(handler: JobHandler | undefined, job: Job<BullData>, message: string): Promise<void> {
    try {
      const failed = await failJob(this.queue.options.db, rowId(job), null, {
        error: message,
        now: Date.now(),
      });
      if (failed) await handler?.onFailed?.(job.data.payload, message);
    } catch (error) {
      this.log(`job ${rowId(job)}: recording the failure failed: ${describeError(error)}`);
    }
  }

  protected now(): number {
    return Date.now();
  }
}
