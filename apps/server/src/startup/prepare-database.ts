import { migrateToLatest } from '@melon/db/migrate';
import type { OpenedDatabase } from '@melon/db/open-database';
import { withStartupLock } from '@melon/db/startup-lock';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';

/**
 * Brings a database up to date before a process uses it, once across every process starting
 * at the same moment (decision 040): under the start-up lock, the pending migrations (an older
 * database is upgraded here), the default channels of an empty one, then `firstStart`, the
 * caller's own first-start work (the site secret, demo content). Processes that waited find it
 * all done and go on.
 */
export async function prepareDatabase<T>(
  database: OpenedDatabase,
  dataDir: string,
  firstStart: () => Promise<T> | T,
): Promise<T> {
  return withStartupLock(database, dataDir, async () => {
    await migrateToLatest(database.db);
    await ensureDefaultChannels(database.db);
    return firstStart();
  });
}
