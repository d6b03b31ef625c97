import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';

/*
 * Two handles on one database stand for two processes in tests: each has its own connections
 * (a pool or a SQLite connection), as separate processes do.
 */

const opened: OpenedDatabase[] = [];
const dirs: string[] = [];

/** Two handles on one new database of the dialect under test, and its data dir. */
export async function twoHandles(): Promise<{
  dataDir: string;
  first: OpenedDatabase;
  second: OpenedDatabase;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'melon-lock-'));
  dirs.push(dataDir);
  if (process.env.MELON_TEST_DIALECT !== 'postgres') {
    const first = openDatabase({ dataDir });
    const second = openDatabase({ dataDir });
    opened.push(first, second);
    return { dataDir, first, second };
  }
  const first = await createTestDatabase({ migrate: false });
  opened.push(first);
  const { name } = await first.db
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  const second = openDatabase({ databaseUrl: url.href, dataDir });
  opened.push(second);
  return { dataDir, first, second };
}

/** Closes every handle `twoHandles` opened and removes their data dirs (for afterEach). */
export async function closeTwoHandles(): Promise<void> {
  for (const database of opened.splice(0).reverse()) await database.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
