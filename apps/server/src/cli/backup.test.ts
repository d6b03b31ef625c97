import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createUser } from '../testing/factories.ts';
import { runBackup } from './backup.ts';

/*
 * `melon backup <file>` copies the embedded database while a connection holds it open with
 * writes still in its write-ahead log; PostgreSQL is refused with a pointer to pg_dump.
 */

let dir: string;
let site: OpenedDatabase;
const newId = createIdGenerator({ workerId: 11 });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'melon-backup-'));
  site = openDatabase({ dataDir: path.join(dir, 'data') });
  await migrateToLatest(site.db);
});

afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    io: { out: (l: string) => lines.out.push(l), err: (l: string) => lines.err.push(l) },
  };
}

const env = (extra: Record<string, string> = {}) => ({
  MELON_DATA_DIR: path.join(dir, 'data'),
  ...extra,
});

describe('melon backup', () => {
  it('copies the live database, rows still in the write-ahead log included', async () => {
    const userId = await createUser(site.db, newId, { name: '备份前写入' });
    const target = path.join(dir, 'copy.sqlite');
    const { io, lines } = capture();
    expect(await runBackup([target], io, env())).toBe(0);
    expect(lines.out.join('\n')).toMatch(/^melon: backed up \d+ pages to /);
    // Opened under the name the site uses, in a data dir of its own.
    const restoredDir = path.join(dir, 'restored');
    await mkdir(restoredDir);
    await copyFile(target, path.join(restoredDir, 'melon.sqlite'));
    const restored = openDatabase({ dataDir: restoredDir });
    try {
      const user = await restored.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', userId)
        .executeTakeFirst();
      expect(user?.name).toBe('备份前写入');
    } finally {
      await restored.close();
    }
  });

  it('never overwrites a file, and copies nothing of PostgreSQL', async () => {
    const existing = path.join(dir, 'existing.sqlite');
    await writeFile(existing, 'keep me');
    const first = capture();
    expect(await runBackup([existing], first.io, env())).toBe(1);
    expect(first.lines.err.join('\n')).toContain('exists already');

    const target = path.join(dir, 'never.sqlite');
    const second = capture();
    const pg = env({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(await runBackup([target], second.io, pg)).toBe(1);
    expect(second.lines.err.join('\n')).toContain('pg_dump');
    expect(existsSync(target)).toBe(false);
  });

  it('answers its usage to a missing or extra argument', async () => {
    for (const argv of [[], ['a', 'b'], ['--help']]) {
      const { io, lines } = capture();
      expect(await runBackup(argv, io, env())).toBe(2);
      expect(lines.err).toEqual(['usage: melon backup <file>']);
    }
  });
});
