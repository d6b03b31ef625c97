import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';

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
