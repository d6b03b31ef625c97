import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { sqliteFile } from './open-database.ts';

/**
 * Copies the embedded database of `dataDir` to `target` with SQLite's online backup, while
 * the server may be writing to it: the copy is one consistent state, the write-ahead log
 * included (a plain file copy of a database in WAL mode can be torn). Never overwrites.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<{ pages: number }> {
  const source = sqliteFile(dataDir);
  if (!existsSync(source)) throw new SqliteBackupError(`no database at ${source}`);
  if (existsSync(target)) throw new SqliteBackupError(`${target} exists already`);
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    const { totalPages } = await sqlite.backup(target);
    return { pages: totalPages };
  } finally {
    sqlite.close();
  }
}

/** A backup that cannot be made; its message is the one line the command prints. */
export class SqliteBackupError extends Error {
  override name = 'SqliteBackupError';
}
