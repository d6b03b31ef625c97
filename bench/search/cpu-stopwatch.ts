import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/*
 * CPU time spent on one piece of work, which other work on a shared machine does not inflate
 * as it does the elapsed time: started before the work, the stopwatch reads the milliseconds
 * of CPU used since. On SQLite the database runs inside this process; on PostgreSQL the
 * client backends serving the bench's database count too, read from Linux's
 * /proc/<pid>/schedstat (nanoseconds on a CPU), which needs the server on this machine.
 * Autovacuum, busy with the freshly loaded tables, is not counted, nor are parallel workers,
 * which come and go within a query (the search's plans use none).
 */

export type CpuStopwatch = () => Promise<() => number>;

export const processCpu: CpuStopwatch = () => {
  const start = process.cpuUsage();
  return Promise.resolve(() => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  });
};

/** Each backend's CPU time in ms; a backend gone since its pid was read is left out. */
function backendCpu(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      times.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // The connection closed: its time is not counted.
    }
  }
  return times;
}

async function backendPids(db: Kysely<Database>): Promise<number[]> {
  const { rows } = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend'`.execute(db);
  return rows.map((row) => row.pid);
}

/** This process and the database's backends; null when the backends cannot be read. */
export async function processAndServerCpu(db: Kysely<Database>): Promise<CpuStopwatch | null> {
  const pids = await backendPids(db);
  const local = pids.every((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
  if (!local) return null;
  return async () => {
    const before = backendCpu(await backendPids(db));
    const own = await processCpu();
    return () => {
      let server = 0;
      for (const [pid, ms] of backendCpu([...before.keys()]))
        server += ms - (before.get(pid) ?? ms);
      return server + own();
    };
  };
}
