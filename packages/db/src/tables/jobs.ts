import type { Generated } from 'kysely';

/* Row types of the job queue (migration 2026-11-23-001). */

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** The embedded job queue: leased by one worker at a time, retried with backoff. */
export interface JobsTable {
  id: string;
  /** A registered handler's name, e.g. `transcode`. */
  name: string;
  /** JSON text of the handler's input. */
  payload: string;
  state: Generated<JobState>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  /** Not taken before this time (backoff after a failure). */
  run_after: number;
  lease_owner: string | null;
  /** A running job whose lease has run out belongs to nobody and is taken again. */
  lease_expires_at: number | null;
  /** Whole percents, 0–100. */
  progress: Generated<number>;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface JobTables {
  jobs: JobsTable;
}
