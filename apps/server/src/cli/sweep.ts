import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { openDatabase } from '@melon/db/open-database';
import { describeSweep, runSweeps } from '../modules/sweeps/run-sweeps.ts';
import { loadSettings, SettingsError, type Retention } from '../settings.ts';
import { prepareDatabase } from '../startup/prepare-database.ts';

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
  let close: (() => Promise<void>) | undefined;
  try {
    let { db, retention } = io;
    if (!db || !retention) {
      const settings = loadSettings();
      retention ??= settings.retention;
      if (!db) {
        const database = openDatabase({
          databaseUrl: settings.databaseUrl,
          dataDir: settings.dataDir,
        });
        close = () => database.close();
        db = database.db;
        await prepareDatabase(database, settings.dataDir, () => undefined);
      }
    }
    const removed = describeSweep(await runSweeps(db, retention, io.now ?? Date.now()));
    io.out(removed ? `melon: swept ${removed}` : 'melon: nothing to sweep');
    return 0;
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    io.err(`melon: ${error.message}`);
    return 1;
  } finally {
    await close?.();
  }
}
