import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import { createScratchPostgres } from '@melon/db/testing';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';

export interface ChildDatabase extends OpenedDatabase {
  /** What a child process (main.ts, the melon CLI) is given: '' for SQLite in the data dir. */
  databaseUrl: string;
}

/**
 * A migrated database of the dialect under test that a child process can open too: SQLite in
 * `dataDir`, or a new PostgreSQL database (dropped by close) for MELON_TEST_DIALECT=postgres.
 * `empty` leaves it as a site's first start finds it: no table at all.
 */
export async function createChildDatabase(
  dataDir: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<ChildDatabase> {
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;
  if (process.env.MELON_TEST_DIALECT === 'postgres') {
    const scratch = await createScratchPostgres('melon_child');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const opened = openDatabase({ databaseUrl, dataDir });
  if (!empty) {
    await migrateToLatest(opened.db);
    await ensureDefaultChannels(opened.db);
  }
  return {
    ...opened,
    databaseUrl,
    close: async () => {
      await opened.close();
      await drop?.();
    },
  };
}
