import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  describeError,
  LeaseLostError,
  WorkerStoppingError,
  type JobHandler,
} from './job-handler.ts';
import type { EnqueueOptions, JobQueue, PreparedJob, WorkerOptions } from './job-queue.ts';
import {
  completeJob,
  failJob,
  leaseNextJob,
  releaseJob,
  renewLease,
  setJobProgress,
  type JobRow,
} from './job.repository.ts';
import { JobWorkerBase } from './job-worker-base.ts';
import { parsePayload } from './job-worker-support.ts';
import { prepareJob } from './prepare-job.ts';

export interface DatabaseJobQueueOptions {
  db: Kysely<Database>;
  newId: () => string;
  /** How long a taken job stays with its worker without a renewal. */
  leaseMs: number;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** The wait after the first failed attempt; doubled after each further one. */
  backoffBaseMs?: number;
  /** The least time between two progress writes of one job. */
  progressIntervalMs?: number;
  now?: () => number;
}

/** The embedded queue: the `jobs` table is both the record and the engine. */
export class DatabaseJobQueue implements JobQueue {
  readonly mode = 'database';
  readonly #workers = new Set<DatabaseJobWorker>();

  readonly options: DatabaseJobQueueOptions;

  constructor(options: DatabaseJobQueueOptions) {
    this.options = options;
  }

  prepare(
    db: Kysely<Database>,
    name: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<PreparedJob> {
    return prepareJob(db, { id: this.options.newId(), name, payload, now: this.now() }, options);
  }

  dispatch(): Promise<void> {
    // The row is the job; a worker in this process need not wait for its next poll.
    for (const worker of this.#workers) worker.wake();
    return Promise.resolve();
  }

  async enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<string> {
    const job = await this.prepare(this.options.db, name, payload, options);
    await this.dispatch();
    return job.id;
  }

  createWorker(handlers: readonly JobHandler[], options: WorkerOptions): DatabaseJobWorker {
    const worker = new DatabaseJobWorker(this, handlers, options, () => {
      this.#workers.delete(worker);
    });
    this.#workers.add(worker);
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#workers].map((worker) => worker.stop()));
  }

  now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** One job at a time: lease, run with lease renewal and throttled progress, then settle. */
export class DatabaseJobWorker extends JobWorkerBase<DatabaseJobQueue> {
  readonly owner = `db-worker-${process.pid}-${randomBytes(4).toString('hex')}`;
  #handlers = new Map<string, JobHandler>();
  #stopped = false;
  #current: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;

  async start(): Promise<void> {
    this.#handlers = await this.checkedHandlers();
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#current?.abort(new WorkerStoppingError('worker stopping'));
    this.wake();
    await this.#loop;
    this.onStopped();
  }

  wake(): void {
    this.#wake?.();
  }

  /**
   * Leases and runs one due job; false when there was none. Tests drive the worker with it;
   * start() loops over it.
   */
  async runOnce(): Promise<boolean> {
    if (this.#handlers.size === 0) {
      this.#handlers = await this.checkedHandlers();
    }
    const job = await leaseNextJob(this.queue.options.db, {
      owner: this.owner,
      now: this.now(),
      leaseMs: this.queue.options.leaseMs,
      names: [...this.#handlers.keys()],
      onlyJobId: this.options.onlyJobId,
    });
    if (!job) return false;
    await this.#runLeased(job);
    return true;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      let ran = false;
      try {
        ran = await this.runOnce();
      } catch (error) {
        this.log(`job worker: ${describeError(error)}`);
      }
      if (!ran) await this.#idle();
    }
  }

  /** Waits for the next poll, a wake-up from dispatch() or stop(). */
  #idle(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.queue.options.pollMs ?? 1000);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.#wake = undefined;
    });
  }

  async #runLeased(job: JobRow): Promise<void> {
    const { db, leaseMs } = this.queue.options;
    const handler = this.#handlers.get(job.name);
    const payload = parsePayload(job.payload);
    if (!handler) return;
    if (job.attempts > job.max_attempts) {
      // The last attempt's worker died with the job: it has had all its runs.
      await this.#fail(
        job,
        handler,
        payload,
        job.last_error ?? 'the worker stopped during every attempt',
      );
      return;
    }

    const controller = new AbortController();
    this.#current = controller;
    const renewal = setInterval(
      () => {
        renewLease(db, job.id, this.owner, this.now() + leaseMs).then(
          (held) => {
            if (!held)
              controller.abort(new LeaseLostError(`lease of job ${job.id} was taken over`));
          },
          (error: unknown) => {
            this.log(`job ${job.id}: lease renewal failed: ${describeError(error)}`);
          },
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );

    try {
      await this.runHandler(handler, {
        jobId: job.id,
        attempt: job.attempts,
        payload,
        signal: controller.signal,
        writeProgress: (percent) => setJobProgress(db, job.id, this.owner, percent),
      });
      clearInterval(renewal);
      await completeJob(db, job.id, this.owner, this.now());
    } catch (error) {
      clearInterval(renewal);
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
      if (reason instanceof WorkerStoppingError) {
        await releaseJob(db, job.id, this.owner, this.now());
        return;
      }
      if (reason instanceof LeaseLostError) return;
      await this.settleFailedAttempt(
        {
          jobId: job.id,
          name: job.name,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          error,
        },
        (message) => this.#fail(job, handler, payload, message),
      );
    } finally {
      this.#current = undefined;
    }
  }

  async #fail(job: JobRow, handler: JobHandler, payload: unknown, message: string): Promise<void> {
    const failed = await failJob(this.queue.options.db, job.id, this.owner, {
      error: message,
      now: this.now(),
    });
    if (!failed || !handler.onFailed) return;
    await handler.onFailed(payload, message).catch((error: unknown) => {
      this.log(`job ${job.id}: recording the failure failed: ${describeError(error)}`);
    });
  }

  protected now(): number {
    return this.queue.now();
  }
}
