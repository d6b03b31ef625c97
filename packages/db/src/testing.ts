import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest } from './migrate.ts';
import { openDatabase, sqliteFile } from './open-database.ts';
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
 * A migrated one starts as a copy of a template migrated once per set of migrations: a suite
 * makes a few hundred databases, and migrating each took 0.5 s on SQLite and 2.5 s on
 * PostgreSQL on a busy machine.
 */
export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const dialect = testDialect();
  const migrate = options.migrate ?? true;
  const opened = dialect === 'sqlite' ? await createSqlite(migrate) : await createPostgres(migrate);
  if (migrate) {
    try {
      // Nothing to do for a copy of the template, unless a migration came after it was made.
      await migrateToLatest(opened.db);
    } catch (error) {
      await opened.close();
      throw error;
    }
  }
  return opened;
}

/**
 * What the migrations are: a digest of every file of migrations/ and of migrate.ts, which names
 * the templates so that a changed or added migration makes a new one.
 */
const migrationsFingerprint = memoize(async (): Promise<string> => {
  const folder = join(import.meta.dirname, 'migrations');
  const files = [
    join(import.meta.dirname, 'migrate.ts'),
    ...(await readdir(folder)).sort().map((name) => join(folder, name)),
  ];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
});

function testDialect(): Dialect {
  const value = process.env.MELON_TEST_DIALECT ?? 'sqlite';
  if (value === 'sqlite' || value === 'postgres') return value;
  throw new Error(`MELON_TEST_DIALECT must be sqlite or postgres; got ${value}`);
}

async function createSqlite(migrated: boolean): Promise<OpenedDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'melon-test-'));
  if (migrated) await copyFile(await sqliteTemplate(), sqliteFile(dataDir));
  const opened = openDatabase({ dataDir });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated SQLite file in the temp dir, shared by the processes and runs of one set of
 * migrations: built aside, then renamed into place whole.
 */
const sqliteTemplate = memoize(async (): Promise<string> => {
  const file = join(tmpdir(), `melon-test-template-${await migrationsFingerprint()}.sqlite`);
  if (await stat(file).catch(() => undefined)) return file;
  const buildDir = await mkdtemp(join(tmpdir(), 'melon-test-template-'));
  const built = openDatabase({ dataDir: buildDir });
  await migrateToLatest(built.db);
  // Closing the last connection checkpoints the write-ahead log into the file and removes it.
  await built.close();
  await rename(sqliteFile(buildDir), file);
  await rm(buildDir, { recursive: true, force: true });
  return file;
});

async function createPostgres(migrated: boolean): Promise<OpenedDatabase> {
  const scratch = await createScratchPostgres(
    'melon_test',
    migrated ? await postgresTemplate() : undefined,
  );
  const opened = openDatabase({ databaseUrl: scratch.url, dataDir: tmpdir() });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await scratch.drop();
    },
  };
}

const adminUrl = (): string => process.env.DATABASE_URL || DEFAULT_ADMIN_URL;

/**
 * A new PostgreSQL database on DATABASE_URL's server (or the local default), named
 * `<prefix>_<pid>_<random>`, empty or a copy of `template`; `drop` removes it once the
 * connections closed before are gone.
 */
export async function createScratchPostgres(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const admin = adminUrl();
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await whenUnused(() =>
    runAdmin(admin, `create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => dropDatabase(admin, name) };
}

/** PostgreSQL's duplicate_database: another process made the template first. */
const DUPLICATE_DATABASE = '42P04';

/**
 * The name of a migrated database on the server to copy, kept between runs for one set of
 * migrations: migrated under a scratch name, then renamed, so that nobody copies it half made.
 */
const postgresTemplate = memoize(async (): Promise<string> => {
  const admin = adminUrl();
  const name = `melon_template_${await migrationsFingerprint()}`;
  if (await databaseExists(admin, name)) return name;
  const scratch = await createScratchPostgres('melon_template_build');
  const built = openDatabase({ databaseUrl: scratch.url, dataDir: tmpdir() });
  try {
    await migrateToLatest(built.db);
  } finally {
    await built.close();
  }
  try {
    await whenUnused(() => runAdmin(admin, `alter database ${scratch.name} rename to ${name}`));
  } catch (error) {
    if ((error as { code?: unknown }).code !== DUPLICATE_DATABASE) throw error;
    await scratch.drop();
  }
  return name;
});

async function databaseExists(admin: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

/** PostgreSQL's object_in_use: the database still has sessions. */
const OBJECT_IN_USE = '55006';

/**
 * Drops a test database once its sessions are gone. A pool that has ended may still have
 * connections closing on the server; forcing the drop then kills them, and the dying
 * connection's error reaches the test run as an unhandled one. Force is the last resort, for a
 * session that stays.
 */
async function dropDatabase(admin: string, name: string): Promise<void> {
  try {
    await whenUnused(() => runAdmin(admin, `drop database if exists ${name}`));
  } catch (error) {
    if ((error as { code?: unknown }).code !== OBJECT_IN_USE) throw error;
    await runAdmin(admin, `drop database if exists ${name} with (force)`);
  }
}

/**
 * Runs a statement that needs a database without sessions (a drop, a rename, a copy of a
 * template), trying again while sessions just closed are still leaving the server: up to 200
 * times, 25 ms apart; the last refusal is thrown.
 */
async function whenUnused(run: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run();
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== OBJECT_IN_USE || attempt === 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

async function runAdmin(admin: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The promise of the first call, for every later call in this process. */
function memoize<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
