import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface OpenDatabaseOptions {
  /** DATABASE_URL: a postgres:// URL, or empty for the embedded SQLite file. */
  databaseUrl?: string;
  /** Where the SQLite file lives; created when missing. */
  dataDir: string;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Opens SQLite under dataDir when no URL is given, PostgreSQL for a postgres:// URL. */
export function openDatabase(options: OpenDatabaseOptions): OpenedDatabase {
  const url = options.databaseUrl?.trim();
  if (!url) return openSqlite(options.dataDir);
  if (/^postgres(ql)?:\/\//i.test(url)) return openPostgres(url);
  throw new Error(
    `DATABASE_URL must be a postgres:// URL or unset (SQLite); got ${describeScheme(url)}`,
  );
}

/** The embedded database's file in the data dir. */
export function sqliteFile(dataDir: string): string {
  return join(dataDir, 'melon.sqlite');
}

function openSqlite(dataDir: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(sqliteFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reads map the file instead of copying each page through a read call into SQLite's 2 MB
  // cache: a search over thousands of matches spent a quarter of its time there (decision 035).
  sqlite.pragma('mmap_size = 1073741824');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely begins SQLite transactions deferred: the first read takes a snapshot, and a write after
 * another process's commit (the melon CLI beside the server) fails at once with
 * SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out. Begun immediate, a transaction takes
 * the write lock first and waits its turn (busy_timeout). One writer at a time is SQLite's rule
 * anyway, and the server runs every query on its one connection.
 */
const BEGIN_IMMEDIATE = 'begin immediate';

/**
 * Kysely prepares every query anew; preparing costs as much as running a small query. Queries
 * are built from a fixed set of shapes with bound parameters, so caching statements by their
 * SQL text keeps the cache small. Melon never streams from SQLite, so a cached statement is
 * never busy when it is reused.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare: (rawSource: string) => {
      const source = rawSource === 'begin' ? BEGIN_IMMEDIATE : rawSource;
      let statement = cache.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        cache.set(source, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}
function openPostgres(connectionString: string): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString,
    // int8 (bigint, count(*)) as a JS number: ms timestamps and counters stay far below 2^53.
    // Set on this pool only, so other pg users in the process keep the default.
    types: {
      getTypeParser: (oid, format) =>
        (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as unknown,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Names what was given without echoing credentials. */
function describeScheme(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `a ${scheme}: URL` : 'something that is not a URL';
}
