import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { openDatabase } from '@melon/db/open-database';

/**
 * Runs a bench's writes in the SQLite database of a running Melon (`dataDir`), then checkpoints
 * the WAL into the database file before closing. The server's own writes keep its WAL short
 * (a commit past 1000 pages checkpoints, and the next write starts the log over); rows written
 * by another process leave it long until the server next writes, so the bench measures the
 * server as its own writes keep it, not just after an import (decision 072).
 */
export async function writeIntoRunningMelon<T>(
  dataDir: string,
  write: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const opened = openDatabase({ dataDir });
  try {
    const written = await write(opened.db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(opened.db);
    return written;
  } finally {
    await opened.close();
  }
}
