import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

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
    const name = `melon_child_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    drop = () => admin(`drop database if exists ${name} with (force)`);
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

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
