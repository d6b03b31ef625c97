import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { JobHandler } from './job-handler.ts';

export interface EnqueueOptions {
  /** Runs before the job is failed for good; 5 by default. */
  maxAttempts?: number;
  /** Not taken before this many milliseconds from now. */
  delayMs?: number;
}

/** A job whose row is written (possibly inside a transaction) but that is not yet dispatched. */
export interface PreparedJob {
  id: string;
  name: string;
  payload: unknown;
  maxAttempts: number;
  delayMs: number;
}

export interface WorkerOptions {
  /** Names that must have a handler, or the worker refuses to start. */
  required: readonly string[];
  /** Only run this job (the CLI's `--wait` without a worker). Database queue only. */
  onlyJobId?: string;
  log?: (line: string) => void;
}

/** Runs registered handlers on the queue's jobs until stopped. */
export interface JobWorker {
  /** Refuses (rejects) when a required or queued job's handler is missing. */
  start(): Promise<void>;
  /** Takes no new job; a running one is aborted and handed back to the queue. */
  stop(): Promise<void>;
}

/**
 * The job queue (DESIGN §1): every job has a row in `jobs` in both modes, where its state,
 * attempts and progress are read; the engine that leases and retries it is the database itself
 * (embedded) or BullMQ on Redis (scale mode).
 */
export interface JobQueue {
  readonly mode: 'database' | 'bullmq';
  /** Writes the job's row with `db`, which may be a transaction; call dispatch() after commit. */
  prepare(
    db: Kysely<Database>,
    name: string,
    payload: unknown,
    options?: EnqueueOptions,
  ): Promise<PreparedJob>;
  /** Hands a prepared job to the engine. */
  dispatch(job: PreparedJob): Promise<void>;
  /** prepare() and dispatch() in one go; answers the job id. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  createWorker(handlers: readonly JobHandler[], options: WorkerOptions): JobWorker;
  close(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
