import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { openDatabase } from '@melon/db/open-database';
import { loadSettings, SettingsError, type Settings } from '../settings.ts';
import { prepareDatabase } from '../startup/prepare-database.ts';

export interface CliDatabaseIo {
  err: (line: string) => void;
  /** A database to use instead of the settings' (tests). */
  db?: Kysely<Database>;
}

/**
 * Runs a `melon` command's work on a database: the one the io hands over (tests), else the
 * settings' one, opened and prepared as a process start prepares it (migrations under the
 * start-up lock, decision 040) and closed afterwards. `settings()` reads the settings once,
 * when the work needs them. A bad setting ends the command with `melon: <why>` and exit code 1.
 */
export async function withCliDatabase(
  io: CliDatabaseIo,
  work: (db: Kysely<Database>, settings: () => Settings) => Promise<number>,
): Promise<number> {
  let loaded: Settings | undefined;
  const settings = () => (loaded ??= loadSettings());
  let close: (() => Promise<void>) | undefined;
  try {
    let { db } = io;
    if (!db) {
      const { databaseUrl, dataDir } = settings();
      const database = openDatabase({ databaseUrl, dataDir });
      close = () => database.close();
      db = database.db;
      await prepareDatabase(database, dataDir, () => undefined);
    }
    return await work(db, settings);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    io.err(`melon: ${error.message}`);
    return 1;
  } finally {
    await close?.();
  }
}
