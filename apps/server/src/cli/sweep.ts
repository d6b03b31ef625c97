import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { describeSweep, runSweeps } from '../modules/sweeps/run-sweeps.ts';
import type { Retention } from '../settings.ts';
import { withCliDatabase } from './cli-database.ts';

export interface SweepIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database and retention to use instead of the settings' (tests). */
  db?: Kysely<Database>;
  retention?: Retention;
  now?: number;
}

/**
 * `melon sweep`: removes the rows past their retention once, as the worker does every
 * MELON_SWEEP_INTERVAL_MINUTES, and prints what it removed. Exit code: 0 done, 1 bad setting.
 */
export async function runSweep(
  io: SweepIo = { out: console.log, err: console.error },
): Promise<number> {
  return withCliDatabase(io, async (db, settings) => {
    const retention = io.retention ?? settings().retention;
    const removed = describeSweep(await runSweeps(db, retention, io.now ?? Date.now()));
    io.out(removed ? `melon: swept ${removed}` : 'melon: nothing to sweep');
    return 0;
  });
}
