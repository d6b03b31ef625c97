import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '@melon/db/database';

export type JobRow = Selectable<Database['jobs']>;

export interface NewJob {
  id: string;
  name: string;
  payload: unknown;
  maxAttempts: number;
  runAfter: number;
  now: number;
}

export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: job.id,
      name: job.name,
      payload: JSON.stringify(job.payload),
      max_attempts: job.maxAttempts,
      run_after: job.runAfter,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
}

export function findJob(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface LeaseRequest {
  owner: string;
  now: number;
  leaseMs: number;
  /** Only jobs this worker has handlers for. */
  names: readonly string[];
  /** Only this job (a CLI running the one job it enqueued). */
  onlyJobId?: string | undefined;
}

/**
 * Takes the next due job, or a running one whose lease ran out (its worker died), in one
 * statement: PostgreSQL skips rows other workers are locking; SQLite runs one writer at a time.
 * Taking a job counts an attempt.
 */
export async function leaseNextJob(
  db: Kysely<Database>,
  request: LeaseRequest,
): Promise<JobRow | undefined> {
  const { owner, now, leaseMs, names, onlyJobId } = request;
  if (names.length === 0) return undefined;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const candidate = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', now)]),
      ]),
    )
    .where('name', 'in', names)
    .$if(onlyJobId !== undefined, (qb) => qb.where('id', '=', onlyJobId ?? ''))
    .orderBy('run_after')
    .orderBy('id')
    .limit(1)
    .$if(postgres, (qb) => qb.forUpdate().skipLocked());
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      lease_owner: owner,
      lease_expires_at: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', candidate)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Inside a transaction about to write a job's result: true when `owner` still holds the job's
 * lease, and then the row stays locked by this write until the transaction ends, so no other
 * worker takes the job over before the result is committed (PostgreSQL's row lock, SQLite's
 * single writer). False: the lease was lost; the caller writes nothing.
 */
export async function fenceLease(
  trx: Transaction<Database>,
  id: string,
  owner: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('jobs')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Extends a lease the owner still holds; false when another worker has taken the job. */
export async function renewLease(
  db: Kysely<Database>,
  id: string,
  owner: string,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: expiresAt, updated_at: Date.now() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setJobProgress(
  db: Kysely<Database>,
  id: string,
  owner: string,
  percent: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ progress: percent, updated_at: Date.now() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/** The owner's run succeeded; false when the lease had been lost meanwhile. */
export async function completeJob(
  db: Kysely<Database>,
  id: string,
  owner: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'succeeded',
      progress: 100,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Back to the queue after a failed attempt, not before `runAfter`. */
export async function retryJobLater(
  db: Kysely<Database>,
  id: string,
  owner: string,
  change: { runAfter: number; error: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'queued',
      run_after: change.runAfter,
      lease_owner: null,
      lease_expires_at: null,
      progress: 0,
      last_error: change.error,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The last attempt failed (or the failure cannot be retried). `owner` null: whoever holds it
 * (BullMQ giving up on a job whose workers kept dying).
 */
export async function failJob(
  db: Kysely<Database>,
  id: string,
  owner: string | null,
  change: { error: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'failed',
      lease_owner: null,
      lease_expires_at: null,
      last_error: change.error,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .$if(owner !== null, (qb) => qb.where('lease_owner', '=', owner))
    .where('state', '<>', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A stopping worker gives the job back at once; the interrupted run does not count. */
export async function releaseJob(
  db: Kysely<Database>,
  id: string,
  owner: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'queued',
      run_after: now,
      lease_owner: null,
      lease_expires_at: null,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/** Marks a row running for an engine that leases elsewhere (BullMQ's lock in Redis). */
export async function markJobRunning(
  db: Kysely<Database>,
  id: string,
  change: { owner: string; attempts: number; leaseExpiresAt: number; now: number },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: 'running',
      lease_owner: change.owner,
      lease_expires_at: change.leaseExpiresAt,
      attempts: change.attempts,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .execute();
}

/** Names of unfinished jobs; a worker refuses to start when one has no handler. */
export async function unfinishedJobNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('name')
    .distinct()
    .where('state', 'in', ['queued', 'running'])
    .execute();
  return rows.map((row) => row.name);
}

/** Queued rows, for re-dispatching to BullMQ rows whose dispatch may have been lost. */
export function listQueuedJobs(db: Kysely<Database>): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('state', 'in', ['queued', 'running'])
    .orderBy('id')
    .execute();
}
