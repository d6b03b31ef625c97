import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFile } from './open-database.ts';

describe('openDatabase', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('rejects a DATABASE_URL that is not postgres:// with a one-line message', () => {
    expect(() =>
      openDatabase({ databaseUrl: 'mysql://root:secret@localhost/melon', dataDir: tmpdir() }),
    ).toThrow(/^DATABASE_URL must be a postgres:\/\/ URL or unset \(SQLite\); got a mysql: URL$/);
    expect(() => openDatabase({ databaseUrl: 'not a url', dataDir: tmpdir() })).toThrow(
      'DATABASE_URL must be a postgres:// URL or unset (SQLite); got something that is not a URL',
    );
  });

  it('never echoes credentials of a bad URL', () => {
    let message = '';
    try {
      openDatabase({ databaseUrl: 'redis://user:hunter2@host', dataDir: tmpdir() });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('hunter2');
  });

  it('opens SQLite in a created data dir with the configured pragmas', async () => {
    const root = await mkdtemp(join(tmpdir(), 'melon-open-'));
    dirs.push(root);
    const dataDir = join(root, 'nested', 'data');
    const opened = openDatabase({ dataDir, databaseUrl: '' });
    try {
      expect(opened.dialect).toBe('sqlite');
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<object>(`pragma ${name}`).execute(opened.db)).rows[0] ?? {},
        )[0] as unknown;
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('synchronous')).toBe(1);
      expect((await stat(join(dataDir, 'melon.sqlite'))).isFile()).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it("lets a SQLite transaction write after another process's commit (it waits its turn)", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'melon-open-'));
    dirs.push(dataDir);
    const opened = openDatabase({ dataDir, databaseUrl: '' });
    try {
      await sql`create table notes (text text not null)`.execute(opened.db);
      const otherDone = await opened.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        // Another process (a thread with its own connection) writes while this one is open.
        const other = new Worker(
          `const SQLite = require('better-sqlite3');
           const db = new SQLite(require('node:worker_threads').workerData);
           db.pragma('busy_timeout = 5000');
           db.prepare("insert into notes (text) values ('other')").run();`,
          { eval: true, workerData: sqliteFile(dataDir) },
        );
        const exited = new Promise((resolve, reject) => {
          other.once('exit', resolve);
          other.once('error', reject);
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`insert into notes (text) values ('mine')`.execute(trx);
        return { exited };
      });
      await otherDone.exited;
      const rows = await sql<{ text: string }>`select text from notes order by rowid`.execute(
        opened.db,
      );
      expect(rows.rows.map((row) => row.text)).toEqual(['mine', 'other']);
    } finally {
      await opened.close();
    }
  });

  it('chooses PostgreSQL for postgres:// and postgresql:// URLs without connecting', async () => {
    for (const databaseUrl of [
      'postgres://u@127.0.0.1:1/none',
      'postgresql://u@127.0.0.1:1/none',
    ]) {
      const opened = openDatabase({ databaseUrl, dataDir: tmpdir() });
      expect(opened.dialect).toBe('postgres');
      await opened.close();
    }
  });
});
