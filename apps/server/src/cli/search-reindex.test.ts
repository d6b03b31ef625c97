import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createItem, createUser } from '../testing/factories.ts';
import { ensureDefaultChannels } from '../modules/channel/ensure-default-channels.ts';
import type { RebuildProgress } from '../modules/search-index/rebuild-index.ts';
import { createSearchIndex } from '../modules/search-index/search-index.service.ts';
import { progressBar, runSearchReindex } from './search-reindex.ts';

const newId = createIdGenerator();
let database: OpenedDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureDefaultChannels(database.db);
});

afterAll(async () => {
  await database.close();
});

describe('melon search reindex', () => {
  it('indexes what was written without the index, showing its progress', async () => {
    const author = await createUser(database.db, newId, { name: '登山向导' });
    const item = await createItem(database.db, newId, author, { title: '四姑娘山徒步路线' });
    const index = createSearchIndex({ db: database.db });
    const search = () =>
      index.search({
        query: 'tubu',
        kind: 'all',
        sort: 'relevance',
        offset: 0,
        limit: 10,
        viewerId: null,
      });
    expect((await search()).total).toBe(0);
    const out: string[] = [];
    const steps: RebuildProgress[] = [];
    const code = await runSearchReindex({
      db: database.db,
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      progress: (step) => steps.push(step),
    });
    expect(code).toBe(0);
    expect(steps.at(-1)).toEqual({ done: 2, total: 2 });
    expect(out[0]).toMatch(/^melon: search index rebuilt, 2 documents in [\d.]+ s$/);
    expect((await search()).hits.map((hit) => hit.id)).toEqual([item]);
  });

  it('draws its bar from the share done', () => {
    expect(progressBar({ done: 1, total: 4 })).toBe(`[${'#'.repeat(8)}${'-'.repeat(22)}]  25% 1/4`);
    expect(progressBar({ done: 0, total: 0 })).toBe(`[${'#'.repeat(30)}] 100% 0/0`);
  });
});
