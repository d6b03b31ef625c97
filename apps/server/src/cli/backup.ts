import { backupSqlite, SqliteBackupError } from '@melon/db/sqlite-backup';
import { loadSettings, SettingsError } from '../settings.ts';

const USAGE = 'usage: melon backup <file>';

export interface BackupIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `melon backup <file>`: an online copy of the embedded SQLite database to a new file, while
 * the server runs (docs/DEPLOY.md). PostgreSQL has pg_dump for this, so the command says so
 * and copies nothing. Exit code: 0 done, 1 refused, 2 bad usage.
 */
export async function runBackup(
  argv: readonly string[],
  io: BackupIo = { out: console.log, err: console.error },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    io.err(USAGE);
    return 2;
  }
  try {
    const settings = loadSettings(env);
    if (settings.databaseUrl) {
      io.err('melon: DATABASE_URL names PostgreSQL: back it up with pg_dump (docs/DEPLOY.md)');
      return 1;
    }
    const { pages } = await backupSqlite(settings.dataDir, file);
    io.out(`melon: backed up ${pages} pages to ${file}`);
    return 0;
  } catch (error) {
    if (!(error instanceof SettingsError) && !(error instanceof SqliteBackupError)) throw error;
    io.err(`melon: ${error.message}`);
    return 1;
  }
}
