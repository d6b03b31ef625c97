import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import type { SeoLinkBlocks, SeoLinkList } from '@melon/shared/contracts/seo';
import {
  getHotAuthors,
  getHotSpots,
  getSiteLinks,
  getVoteLinks,
} from '@melon/shared/calls/seo.calls';
import type { AnswerEnvelope as Envelope } from '../../testing/answer-envelope.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertPlay } from '../plays/plays.repository.ts';

/*
 * The SEO link calls on the dialect under test (decision 038): hot videos by the last day's
 * plays then the most played, hot authors by their videos' plays then fans, the newest polls,
 * the channels; never a hidden item; shapes and refusals.
 */

let t: TestApp;
let hotAuthor: string;
let otherAuthor: string;
let hotItem: string;
let warmItem: string;
let mostPlayed: string;
let hiddenItem: string;
let pollItem: string;
let pollId: string;

async function play(itemId: string, count: number, hoursAgo = 1) {
  for (let n = 0; n < count; n += 1) {
    await insertPlay(t.db, {
      id: t.newId(),
      itemId,
      viewerKey: `w:${t.newId()}`,
      userId: null,
      playedAt: Date.now() - hoursAgo * 3600_000,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  hotAuthor = await createUser(t.db, t.newId, { name: '热门作者甲' });
  otherAuthor = await createUser(t.db, t.newId, { name: '作者乙' });
  hotItem = await createItem(t.db, t.newId, hotAuthor, { title: '今天最火', playCount: 3 });
  warmItem = await createItem(t.db, t.newId, otherAuthor, { title: '有点热', playCount: 1 });
  mostPlayed = await createItem(t.db, t.newId, otherAuthor, { title: '老牌热门', playCount: 900 });
  hiddenItem = await createItem(t.db, t.newId, hotAuthor, {
    title: '私密视频',
    visibility: Visibility.Self,
    playCount: 5000,
  });
  pollItem = await createItem(t.db, t.newId, otherAuthor, { title: '投票视频', playCount: 0 });
  await play(hotItem, 3);
  await play(warmItem, 1);
  await play(hiddenItem, 10);
  pollId = t.newId();
  await t.db
    .insertInto('item_votes')
    .values({ id: pollId, item_id: pollItem, title: '你站哪一边？', created_at: Date.now() })
    .execute();
  await t.db
    .insertInto('item_votes')
    .values({ id: t.newId(), item_id: hiddenItem, title: '看不见的投票', created_at: Date.now() })
    .execute();
});
afterAll(() => t.close());

async function get<T>(url: string) {
  const res = await t.app.inject({ url });
  return { res, body: res.json<Envelope<T>>() };
}

describe('GET /api/seo/*', () => {
  it('get-hot-spots: trending first, then the most played; never a hidden item', async () => {
    const { res, body } = await get<SeoLinkList>(`${getHotSpots.path}?count=3&aid=1768`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(body.data.list).toEqual([
      { id: hotItem, title: '今天最火', url: `/${hotItem}` },
      { id: warmItem, title: '有点热', url: `/${warmItem}` },
      { id: mostPlayed, title: '老牌热门', url: `/${mostPlayed}` },
    ]);
    expect(body.data.update_time).toBeGreaterThan(1_700_000_000);
    expect(body.data.update_time).toBeLessThan(10_000_000_000);
  });

  it('get-hot-authors: by their videos’ plays of the last day, only authors with a listed video', async () => {
    const { body } = await get<SeoLinkList>(`${getHotAuthors.path}?count=50`);
    const ids = body.data.list.map((link) => link.id);
    expect(body.data.list[0]).toEqual({
      id: hotAuthor,
      title: '热门作者甲',
      url: `/home/${hotAuthor}`,
    });
    expect(ids.indexOf(otherAuthor)).toBeGreaterThan(0);
  });

  it('get-vote-links: the polls of listed videos, linking to the video', async () => {
    const { body } = await get<SeoLinkList>(getVoteLinks.path);
    expect(body.data.list).toEqual([{ id: pollId, title: '你站哪一边？', url: `/${pollItem}` }]);
  });

  it.each(['count=0', 'count=51', 'count=x', 'count=1.5'])(
    'answers 400 naming count in Chinese for %s',
    async (query) => {
      for (const call of [getHotSpots, getHotAuthors, getVoteLinks]) {
        const { res, body } = await get<null>(`${call.path}?${query}`);
        expect(res.statusCode).toBe(400);
        expect(body).toMatchObject({ code: 400, field: 'count', message: '链接条数须为 1–50' });
      }
    },
  );
});

describe('GET /api/otherv2/links', () => {
  it('gives the blocks in order, each a heading and links, with no hidden item', async () => {
    const { res, body } = await get<SeoLinkBlocks>(`${getSiteLinks.path}?aid=1768`);
    expect(res.statusCode).toBe(200);
    expect(body.data.blocks.map((block) => [block.key, block.title])).toEqual([
      ['hot_spots', '热点视频'],
      ['hot_authors', '热门作者'],
      ['vote_links', '热门投票'],
      ['channels', '频道导航'],
    ]);
    const urls = body.data.blocks.flatMap((block) => block.list.map((link) => link.url));
    expect(urls).toContain(`/${hotItem}`);
    expect(urls).toContain('/');
    expect(urls).not.toContain(`/${hiddenItem}`);
    expect(JSON.stringify(body.data)).not.toContain('私密视频');
    expect(JSON.stringify(body.data)).not.toContain('看不见的投票');
  });
});
