import { randomBytes } from 'node:crypto';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  describeError,
  PermanentJobError,
  WorkerStoppingError,
  type JobHandler,
} from './job-handler.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type JobQueue,
  type JobWorker,
  type PreparedJob,
  type WorkerOptions,
} from './job-queue.ts';
import {
  completeJob,
  failJob,
  findJob,
  insertJob,
  listQueuedJobs,
  markJobRunning,
  releaseJob,
  retryJobLater,
  setJobProgress,
} from './job.repository.ts';
import { checkedHandlers, parsePayload } from './job-worker-support.ts';
import { throttleProgress } from './progress-throttle.ts';
import { backoffDelay } from './backoff.ts';

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

  async prepare(
    db: Kysely<Database>,
    name: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<PreparedJob> {
    const now = Date.now();
    const job: PreparedJob = {
      id: this.options.newId(),
      name,
      payload,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      delayMs: options.delayMs ?? 0,
    };
    await insertJob(db, { ...job, runAfter: now + job.delayMs, now });
    return job;
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
        backoff: { type: 'exponential', delay: this.options.backoffBaseMs ?? 5000 },
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

class BullmqJobWorker implements JobWorker {
  readonly owner = `bullmq-worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  #worker: Worker<BullData> | undefined;
  #stopping = false;

  private readonly queue: BullmqJobQueue;
  private readonly handlers: readonly JobHandler[];
  private readonly options: WorkerOptions;
  private readonly onStopped: () => void;

  constructor(
    queue: BullmqJobQueue,
    handlers: readonly JobHandler[],
    options: WorkerOptions,
    onStopped: () => void,
  ) {
    this.queue = queue;
    this.handlers = handlers;
    this.options = options;
    this.onStopped = onStopped;
  }

  async start(): Promise<void> {
    const { db, redisUrl, leaseMs, prefix } = this.queue.options;
    const handlers = await checkedHandlers(db, this.handlers, this.options.required);
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
      this.#log(`job worker: ${describeError(error)}`);
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
    const progress = throttleProgress(
      (percent) =>
        Promise.all([job.updateProgress(percent), setJobProgress(db, id, this.owner, percent)]),
      this.queue.options.progressIntervalMs ?? 500,
      (error) => {
        this.#log(`job ${id}: progress write failed: ${describeError(error)}`);
      },
    );
    const ownSignal = signal ?? new AbortController().signal;
    try {
      await handler.run(job.data.payload, {
        jobId: id,
        attempt,
        signal: ownSignal,
        progress: progress.report,
      });
      progress.cancel();
      await completeJob(db, id, this.owner, Date.now());
    } catch (error) {
      progress.cancel();
      if (this.#stopping && ownSignal.aborted) {
        // Handed back untouched: the interrupted run does not count as an attempt.
        await releaseJob(db, id, this.owner, Date.now());
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError(describeError(new WorkerStoppingError('worker stopping')));
      }
      const message = describeError(error);
      this.#log(`job ${id} (${job.name}) attempt ${attempt} failed: ${message}`);
      if (error instanceof PermanentJobError || attempt >= (job.opts.attempts ?? 1)) {
        await this.#fail(handler, job, message);
        throw new UnrecoverableError(message);
      }
      const now = Date.now();
      await retryJobLater(db, id, this.owner, {
        runAfter: now + backoffDelay(attempt, this.queue.options.backoffBaseMs ?? 5000),
        error: message,
        now,
      });
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
      this.#log(`job ${rowId(job)}: recording the failure failed: ${describeError(error)}`);
    }
  }

  #log(line: string): void {
    (this.options.log ?? console.error)(line);
  }
}
