import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { describeSweep, runSweeps } from '../modules/sweeps/run-sweeps.ts';
import type { Retention } from '../settings.ts';
import { createMediaStorage } from '../storage/create-media-storage.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { withCliDatabase } from './cli-database.ts';

export interface SweepIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A database, media storage and retention to use instead of the settings' (tests). */
  db?: Kysely<Database>;
  storage?: MediaStorage;
  retention?: Retention;
  now?: number;
}

/**
 * `melon sweep`: removes the rows past their retention and the unused pictures once, as the
 * worker does every MELON_SWEEP_INTERVAL_MINUTES, and prints what it removed. Exit code: 0 done, 1 bad setting.
 */
export async function runSweep(
  io: SweepIo = { out: console.log, err: console.error },
): Promise<number> {
  return withCliDatabase(io, async (db, settings) => {
    const retention = io.retention ?? settings().retention;
    const storage = io.storage ?? createMediaStorage(settings());
    const removed = describeSweep(await runSweeps(db, storage, retention, io.now ?? Date.now()));
    io.out(removed ? `melon: swept ${removed}` : 'melon: nothing to sweep');
    return 0;
  });
}
