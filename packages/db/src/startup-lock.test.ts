import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from './open-database.ts';
import { withStartupLock } from './startup-lock.ts';
import { createTestDatabase } from './testing.ts';

/*
 * Two handles on one database stand for two processes: each has its own connections (a pool or
 * a SQLite connection), as separate processes do.
 */

const opened: OpenedDatabase[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of opened.splice(0).reverse()) await database.close();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Two handles on one new database of the dialect under test, and its data dir. */
async function twoHandles(): Promise<{
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

describe('withStartupLock', () => {
  it('lets one holder work at a time; the other waits, then goes on', async () => {
    const { dataDir, first, second } = await twoHandles();

    const events: string[] = [];
    const { promise: holding, resolve: release } = Promise.withResolvers<undefined>();
    const firstRun = withStartupLock(first, dataDir, async () => {
      events.push('first in');
      await holding;
      events.push('first out');
      return 1;
    });
    // The first holds the lock before the second asks for it.
    while (!events.includes('first in')) await new Promise((resolve) => setTimeout(resolve, 5));
    const secondRun = withStartupLock(second, dataDir, () => {
      events.push('second in');
      return Promise.resolve(2);
    });
    // Long enough for a second holder to have entered, were the lock not held.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual(['first in']);
    release(undefined);
    expect(await Promise.all([firstRun, secondRun])).toEqual([1, 2]);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('is released when the work fails', async () => {
    const { dataDir, first } = await twoHandles();
    await expect(
      withStartupLock(first, dataDir, () => Promise.reject(new Error('migration failed'))),
    ).rejects.toThrow('migration failed');
    expect(await withStartupLock(first, dataDir, () => Promise.resolve('again'))).toBe('again');
  });
});
