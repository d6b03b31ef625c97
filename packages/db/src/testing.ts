import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest } from './migrate.ts';
import { openDatabase } from './open-database.ts';
import type { Dialect, OpenedDatabase } from './open-database.ts';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabaseOptions {
  /** Leave the database empty instead of migrating it (default true). */
  migrate?: boolean;
}

/**
 * A fresh database of the dialect named by MELON_TEST_DIALECT ('sqlite' by default), migrated.
 * SQLite lives in a new temp dir; PostgreSQL gets a uniquely named database created through
 * DATABASE_URL (or the local default) and dropped by close(), so test files may run in parallel.
 */
export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const dialect = testDialect();
  const opened = dialect === 'sqlite' ? await createSqlite() : await createPostgres();
  if (options.migrate ?? true) {
    try {
      await migrateToLatest(opened.db);
    } catch (error) {
      await opened.close();
      throw error;
    }
  }
  return opened;
}

function testDialect(): Dialect {
  const value = process.env.MELON_TEST_DIALECT ?? 'sqlite';
  if (value === 'sqlite' || value === 'postgres') return value;
  throw new Error(`MELON_TEST_DIALECT must be sqlite or postgres; got ${value}`);
}

async function createSqlite(): Promise<OpenedDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'melon-test-'));
  const opened = openDatabase({ dataDir });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(): Promise<OpenedDatabase> {
  const scratch = await createScratchPostgres('melon_test');
  const opened = openDatabase({ databaseUrl: scratch.url, dataDir: tmpdir() });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty PostgreSQL database on DATABASE_URL's server (or the local default), named
 * `<prefix>_<pid>_<random>`; `drop` removes it once the connections closed before are gone.
 */
export async function createScratchPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => dropDatabase(adminUrl, name) };
}

/** PostgreSQL's object_in_use: the database still has sessions. */
const OBJECT_IN_USE = '55006';

/**
 * Drops a test database once its sessions are gone. A pool that has ended may still have
 * connections closing on the server; forcing the drop then kills them, and the dying
 * connection's error reaches the test run as an unhandled one. Force is the last resort, for a
 * session that stays.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      await runAdmin(adminUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
