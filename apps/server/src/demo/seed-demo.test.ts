import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNELS } from '../modules/channel/channel-catalogue.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { seedDemoContent } from './seed-demo.ts';

let t: TestApp;
let created = 0;
beforeAll(async () => {
  t = await createTestApp();
  ({ created } = await seedDemoContent(t.db, { dataDir: t.dataDir, newId: t.newId }));
});
afterAll(() => t.close());

describe('demo content', () => {
  it('creates at least 60 items by several authors, with Chinese titles', async () => {
    expect(created).toBeGreaterThanOrEqual(60);
    const authors = await t.db.selectFrom('users').select('id').execute();
    expect(authors.length).toBeGreaterThanOrEqual(5);
    const titles = await t.db.selectFrom('items').select('title').execute();
    expect(titles.every((row) => /[\u4e00-\u9fff]/.test(row.title))).toBe(true);
  });

  it('leaves no channel of the side menu empty', async () => {
    for (const channel of DEFAULT_CHANNELS) {
      const response = await t.app.inject({
        url: `/api/feedv2/feedById?channelId=${channel.id}&count=1`,
      });
      expect(response.json<{ data: { list: unknown[] } }>().data.list, channel.name).toHaveLength(
        1,
      );
    }
  });

  it('writes a cover in two sizes for every item, served from /media/', async () => {
    const items = await t.db
      .selectFrom('items')
      .select(['cover_large_uri', 'cover_middle_uri'])
      .execute();
    for (const item of items) {
      expect(existsSync(path.join(t.dataDir, 'media', item.cover_large_uri))).toBe(true);
      expect(existsSync(path.join(t.dataDir, 'media', item.cover_middle_uri))).toBe(true);
    }
    const first = items[0]?.cover_large_uri ?? '';
    const response = await t.app.inject({ url: `/media/${first}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('builds albums with numbered episodes that carry opening and ending marks', async () => {
    const episodes = await t.db.selectFrom('album_episodes').selectAll().execute();
    expect(episodes.length).toBeGreaterThan(0);
    expect(episodes.every((e) => e.opening_ms !== null && e.ending_ms !== null)).toBe(true);
  });

  it('does nothing on a site that already has items', async () => {
    expect((await seedDemoContent(t.db, { dataDir: t.dataDir, newId: t.newId })).created).toBe(0);
  });
});
