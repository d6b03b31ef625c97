import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAuthorPseries, getAuthorSeries } from '@melon/shared/calls/series.calls';
import { getUserPlaylists } from '@melon/shared/calls/playlist.calls';
import { createItem, createUser } from '../testing/factories.ts';
import { makeVertical } from '../testing/series-factory.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { seedDemoSeries } from './demo-series.ts';

/** The demo's series, pseries and playlist: real rows over playable videos, read by the calls. */

let t: TestApp;
let authors: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  authors = [];
  for (let a = 0; a < 4; a += 1) {
    const author = await createUser(t.db, t.newId);
    authors.push(author);
    for (let n = 0; n < 3; n += 1) {
      // A ready media row makes the video playable (the factory's rendition is vertical).
      await makeVertical(t.db, await createItem(t.db, t.newId, author, { behotTime: 1000 + n }));
    }
  }
  await seedDemoSeries({ db: t.db, newId: t.newId, now: Date.now() }, authors);
});
afterAll(() => t.close());

describe('seedDemoSeries', () => {
  it('gives the first authors a series and a pseries, in publishing order', async () => {
    const res = await t.app.inject({ url: `${getAuthorSeries.path}?to_user_id=${authors[0]}` });
    const list = res.json<{ data: { list: { series_id: string; item_count: number }[] } }>().data
      .list;
    expect(list).toHaveLength(1);
    expect(list[0]?.item_count).toBe(3);
    const pseries = await t.app.inject({
      url: `${getAuthorPseries.path}?to_user_id=${authors[2]}`,
    });
    expect(pseries.json<{ data: { list: unknown[] } }>().data.list).toHaveLength(1);
  });

  it('gives the first author a public playlist of the other authors’ videos', async () => {
    const res = await t.app.inject({ url: `${getUserPlaylists.path}?user_id=${authors[0]}` });
    const list = res.json<{ data: { list: { item_count: number; is_public: boolean }[] } }>().data
      .list;
    expect(list).toEqual([expect.objectContaining({ item_count: 3, is_public: true })]);
  });
});
