import { migrateToLatest } from '@melon/db/migrate';
import type { OpenedDatabase } from '@melon/db/open-database';
import { withStartupLock } from '@melon/db/startup-lock';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';
import { rebuildIndex } from '../modules/search-index/rebuild-index.ts';

/** The migration that creates the search index: a database it upgrades is indexed then. */
const SEARCH_INDEX_MIGRATION = '2026-11-26-010-search-index';

/**
 * Brings a database up to date before a process uses it, once across every process starting
 * at the same moment (decision 040): under the start-up lock, the pending migrations (an older
 * database is upgraded here, and indexed for search when the index is new), the default
 * channels of an empty one, then `firstStart`, the caller's own first-start work (the site
 * secret, demo content). Processes that waited find it all done and go on.
 */
export async function prepareDatabase<T>(
  database: OpenedDatabase,
  dataDir: string,
  firstStart: () => Promise<T> | T,
): Promise<T> {
  return withStartupLock(database, dataDir, async () => {
    const applied = await migrateToLatest(database.db);
    if (applied.includes(SEARCH_INDEX_MIGRATION)) await rebuildIndex(database.db);
    await ensureDefaultChannels(database.db);
    return firstStart();
  });
}
