import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { OpenedDatabase } from './open-database.ts';

/** Worker numbers an id generator can carry (its 10 worker bits). */
export const ID_WORKER_COUNT = 1024;

/**
 * The advisory lock keys of the worker numbers: 'melid' in ASCII shifted past them, so they
 * stay apart from the start-up lock and from an operator's own advisory locks.
 */
const ID_WORKER_LOCK_BASE = 0x6d656c6964n << 16n;

/** A worker number this process holds alone among the processes of its database. */
export interface IdWorkerClaim {
  workerId: number;
  /** Gives the number back (a process that dies gives it back with its session or file lock). */
  release(): Promise<void>;
}

/**
 * Claims the lowest worker number no other live process of the same database holds, for ids
 * that never collide across processes (decision 042). PostgreSQL: a session-level advisory
 * lock on one connection the process keeps for its life. SQLite: an immediate transaction on
 * a lock file of the number beside the database. Either ends with its process, killed -9 too.
 */
export async function claimIdWorker(
  opened: OpenedDatabase,
  dataDir: string,
): Promise<IdWorkerClaim> {
  return opened.dialect === 'postgres' ? claimOnPostgres(opened) : claimOnSqlite(dataDir);
}

function claimOnPostgres(opened: OpenedDatabase): Promise<IdWorkerClaim> {
  let giveBack: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (giveBack = resolve));
  return new Promise((resolve, reject) => {
    const session = opened.db.connection().execute(async (connection) => {
      const workerId = await firstFree(async (n) => {
        const key = ID_WORKER_LOCK_BASE + BigInt(n);
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(${key.toString()}::bigint) as locked`.execute(connection);
        return rows[0]?.locked === true;
      });
      resolve({
        workerId,
        release: async () => {
          giveBack();
          await session;
        },
      });
      await released;
      await sql`select pg_advisory_unlock(${(ID_WORKER_LOCK_BASE + BigInt(workerId)).toString()}::bigint)`.execute(
        connection,
      );
    });
    session.catch(reject);
  });
}

async function claimOnSqlite(dataDir: string): Promise<IdWorkerClaim> {
  let held: SQLite.Database | undefined;
  const workerId = await firstFree((n) => {
    const lock = new SQLite(join(dataDir, `melon.id-worker-${n}.lock`), { timeout: 0 });
    try {
      lock.exec('begin immediate');
      held = lock;
      return Promise.resolve(true);
    } catch (error) {
      lock.close();
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
      return Promise.resolve(false);
    }
  });
  const lock = held;
  return {
    workerId,
    release: () => {
      lock?.exec('rollback');
      lock?.close();
      return Promise.resolve();
    },
  };
}

/** The lowest number `tryClaim` takes; throws when every one is held. */
async function firstFree(tryClaim: (n: number) => Promise<boolean>): Promise<number> {
  for (let n = 0; n < ID_WORKER_COUNT; n += 1) if (await tryClaim(n)) return n;
  throw new Error(`all ${ID_WORKER_COUNT} id worker numbers are held by running processes`);
}
