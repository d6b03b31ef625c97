import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { backoffDelay, DEFAULT_BACKOFF_BASE_MS } from './backoff.ts';
import { describeError, PermanentJobError, type JobHandler } from './job-handler.ts';
import type { JobWorker, WorkerOptions } from './job-queue.ts';
import { fenceLease, retryJobLater } from './job.repository.ts';
import { checkedHandlers } from './job-worker-support.ts';
import { throttleProgress } from './progress-throttle.ts';

/** The queue settings a worker of either engine reads. */
interface WorkerQueue {
  readonly options: {
    db: Kysely<Database>;
    backoffBaseMs?: number;
    progressIntervalMs?: number;
  };
}

/** One run of a job's handler. */
export interface HandlerRun {
  jobId: string;
  attempt: number;
  payload: unknown;
  signal: AbortSignal;
  /** Where the run's throttled progress is written. */
  writeProgress: (percent: number) => Promise<unknown>;
}

/** An attempt whose run threw `error`. */
export interface FailedAttempt {
  jobId: string;
  name: string;
  attempt: number;
  maxAttempts: number;
  error: unknown;
}

/**
 * What the workers of both engines share: their queue, handlers and options, running a handler
 * with throttled progress, and what a failed attempt leads to.
 */
export abstract class JobWorkerBase<Queue extends WorkerQueue> implements JobWorker {
  abstract readonly owner: string;

  protected readonly queue: Queue;
  private readonly handlers: readonly JobHandler[];
  protected readonly options: WorkerOptions;
  protected readonly onStopped: () => void;

  constructor(
    queue: Queue,
    handlers: readonly JobHandler[],
    options: WorkerOptions,
    onStopped: () => void,
  ) {
    this.queue = queue;
    this.handlers = handlers;
    this.options = options;
    this.onStopped = onStopped;
  }

  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;

  /** The clock the job rows' times are written with. */
  protected abstract now(): number;

  /** The handlers by name, once the checks both engines make before taking a job pass. */
  protected checkedHandlers(): Promise<Map<string, JobHandler>> {
    return checkedHandlers(this.queue.options.db, this.handlers, this.options.required);
  }

  /** Runs the handler once; its progress is written at a throttled rate until the run ends. */
  protected async runHandler(handler: JobHandler, run: HandlerRun): Promise<void> {
    const progress = throttleProgress(
      run.writeProgress,
      this.queue.options.progressIntervalMs ?? 500,
      (error) => {
        this.log(`job ${run.jobId}: progress write failed: ${describeError(error)}`);
      },
    );
    try {
      await handler.run(run.payload, {
        jobId: run.jobId,
        attempt: run.attempt,
        signal: run.signal,
        progress: progress.report,
        holdsLease: (trx) => fenceLease(trx, run.jobId, this.owner, this.now()),
      });
    } finally {
      progress.cancel();
    }
  }

  /**
   * After a failed attempt: a permanent error or the last attempt fails the job for good through
   * `fail`; otherwise the job waits out its backoff for the next attempt. Answers which, with
   * the error's description.
   */
  protected async settleFailedAttempt(
    attempt: FailedAttempt,
    fail: (message: string) => Promise<void>,
  ): Promise<{ failed: boolean; message: string }> {
    const message = describeError(attempt.error);
    this.log(
      `job ${attempt.jobId} (${attempt.name}) attempt ${attempt.attempt} failed: ${message}`,
    );
    if (attempt.error instanceof PermanentJobError || attempt.attempt >= attempt.maxAttempts) {
      await fail(message);
      return { failed: true, message };
    }
    const now = this.now();
    const backoffBaseMs = this.queue.options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
    await retryJobLater(this.queue.options.db, attempt.jobId, this.owner, {
      runAfter: now + backoffDelay(attempt.attempt, backoffBaseMs),
      error: message,
      now,
    });
    return { failed: false, message };
  }

  protected log(line: string): void {
    (this.options.log ?? console.error)(line);
  }
}
