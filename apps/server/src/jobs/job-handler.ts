import type { Transaction } from 'kysely';
import type { Database } from '@melon/db/database';

/** What a handler gets besides its payload while it runs. */
export interface JobContext {
  jobId: string;
  /** 1 for the first run, counting runs cut short by a killed worker. */
  attempt: number;
  /** Aborted when the worker stops or loses the job's lease: stop and clean up. */
  signal: AbortSignal;
  /** Whole percents, 0–100; written to the job's row at a throttled rate. */
  progress: (percent: number) => void;
  /**
   * Call inside the transaction that writes the run's result, before writing it: true while
   * this run still holds the job's lease (held until the transaction ends); false when another
   * worker has taken the job over, and then the run must write nothing (fencing).
   */
  holdsLease: (trx: Transaction<Database>) => Promise<boolean>;
}

/** A named piece of background work (Immich style: registered by name, looked up by name). */
export interface JobHandler {
  name: string;
  run: (payload: unknown, context: JobContext) => Promise<void>;
  /** Called once when the last attempt has failed: record it where the user will see it. */
  onFailed?: (payload: unknown, error: string) => Promise<void>;
}

/** A failure that retrying cannot fix (a payload naming nothing, a corrupt source): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Thrown into a handler's signal when its lease was taken over by another worker. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Thrown into a handler's signal when the worker is stopping (SIGTERM). */
export class WorkerStoppingError extends Error {
  override name = 'WorkerStoppingError';
}

/** A worker refused to start: a handler the queue needs is not registered. */
export class MissingJobHandlerError extends Error {
  override name = 'MissingJobHandlerError';
}

/** Handlers by name; refuses duplicates and, Immich style, a required name without a handler. */
export function registerHandlers(
  handlers: readonly JobHandler[],
  required: readonly string[],
): Map<string, JobHandler> {
  const byName = new Map<string, JobHandler>();
  for (const handler of handlers) {
    if (byName.has(handler.name)) {
      throw new MissingJobHandlerError(`job handler "${handler.name}" is registered twice`);
    }
    byName.set(handler.name, handler);
  }
  const missing = required.filter((name) => !byName.has(name));
  if (missing.length > 0) {
    throw new MissingJobHandlerError(`no job handler registered for: ${missing.join(', ')}`);
  }
  return byName;
}

/** The text stored in `last_error`: the message, never a stack. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
