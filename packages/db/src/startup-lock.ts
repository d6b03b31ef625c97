import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { OpenedDatabase } from './open-database.ts';

/**
 * The advisory lock key of Melon's start-up work (migrations, first-start rows, shared secrets):
 * 'melon' in ASCII, so an operator's own advisory locks on the same database stay apart.
 */
export const STARTUP_LOCK_KEY = 0x6d656c6f6e;

/** How often a process waiting on SQLite's start-up lock tries again. */
const SQLITE_RETRY_MS = 50;

/**
 * Runs `work` while no other process of the same database runs its own (decision 040): any
 * number of processes may start at once, the first does the start-up work, the others wait
 * and then find it done.
 *
 * PostgreSQL: a session-level `pg_advisory_lock` held on one reserved connection while `work`
 * uses the pool's others; a process that dies releases it with its session. SQLite: an
 * immediate (write) transaction on a lock file of its own beside the database, so the
 * database itself stays free for `work`; the file's lock also ends with its process.
 */
export async function withStartupLock<T>(
  opened: OpenedDatabase,
  dataDir: string,
  work: () => Promise<T>,
): Promise<T> {
  if (opened.dialect === 'postgres') {
    return opened.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
      }
    });
  }
  const lock = new SQLite(join(dataDir, 'melon.startup-lock'), { timeout: 0 });
  try {
    await beginImmediate(lock);
    try {
      return await work();
    } finally {
      lock.exec('rollback');
    }
  } finally {
    lock.close();
  }
}

/** Waits, without holding the event loop, until this connection holds the write lock. */
async function beginImmediate(lock: SQLite.Database): Promise<void> {
  for (;;) {
    try {
      lock.exec('begin immediate');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
      await new Promise((resolve) => setTimeout(resolve, SQLITE_RETRY_MS));
    }
  }
}
