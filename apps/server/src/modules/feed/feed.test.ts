import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
const ids: string[] = [];
let hiddenId = '';
const base = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db, t.newId, { name: '阿甘看电影' });
  // 45 visible items in channel 2 (影视), one minute apart, newest last.
  for (let i = 0; i < 45; i += 1) {
    ids.push(
      await createItem(t.db, t.newId, author, { channelId: 2, behotTime: base + i * 60_000 }),
    );
  }
  await createItem(t.db, t.newId, author, { channelId: 3, behotTime: base });
  hiddenId = await createItem(t.db, t.newId, author, {
    channelId: 2,
    visibility: 15,
    behotTime: base + 1e9,
  });
  await createItem(t.db, t.newId, author, { channelId: 2, itemType: 25, behotTime: base + 1e9 });
});
afterAll(() => t.close());

async function feed(query: string) {
  const response = await t.app.inject({ url: `${getFeedById.path}?${query}` });
  return {
    status: response.statusCode,
    body: response.json<{ code: number; message: string; data: FeedPage }>(),
  };
}

describe('GET /api/feedv2/feedById', () => {
  it('answers the first page newest first in the envelope with the SPEC §3 cell fields', async () => {
    const { status, body } = await feed('channelId=2&aid=1768');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.message).toBe('success');
    expect(body.data.list).toHaveLength(30);
    expect(body.data.hasMore).toBe(true);
    expect(body.data.offset).toBe(30);
    const first = body.data.list[0];
    expect(first?.groupId).toBe(ids[44]);
    expect(first).toMatchObject({
      albumId: null,
      itemType: 0,
      duration: 61.5,
      playNum: 123_456,
      behotTime: Math.floor((base + 44 * 60_000) / 1000),
      coverUrl: `/media/covers/${ids[44] ?? ''}-large.webp`,
      thumbUrl: `/media/covers/${ids[44] ?? ''}-middle.webp`,
      tag: '影视',
      isTop: false,
      rank: 1,
      offset: 0,
      userInfo: { name: '阿甘看电影', follow: false },
    });
    expect(typeof first?.groupId).toBe('string');
  });

  it('pages without overlap and ends with hasMore false', async () => {
    const second = await feed('channelId=2&offset=30');
    expect(second.body.data.list.map((c) => c.groupId)).toEqual(ids.slice(0, 15).reverse());
    expect(second.body.data.hasMore).toBe(false);
    const past = await feed('channelId=2&offset=45');
    expect(past.body.data.list).toEqual([]);
    expect(past.body.data.hasMore).toBe(false);
  });

  it('leaves out items not visible in feeds and episodes', async () => {
    const { body } = await feed('channelId=2&count=50');
    const groupIds = body.data.list.map((c) => c.groupId);
    expect(groupIds).not.toContain(hiddenId);
    expect(groupIds).toHaveLength(45);
  });

  it('the recommend channel (1) spans every channel', async () => {
    const { body } = await feed('channelId=1&count=50');
    expect(body.data.list).toHaveLength(46);
  });

  it('serves the same answer to every visitor for a second, then the newer page', async () => {
    const first = await t.app.inject({ url: `${getFeedById.path}?channelId=3` });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const author = await createUser(t.db, t.newId);
    const newest = await createItem(t.db, t.newId, author, { channelId: 3, behotTime: base + 2e9 });
    const again = await t.app.inject({ url: `${getFeedById.path}?channelId=3` });
    expect(again.body).toBe(first.body);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await feed('channelId=3');
    expect(later.body.data.list[0]?.groupId).toBe(newest);
  });

  it('answers 404 in the envelope for an unknown channel', async () => {
    const { status, body } = await feed('channelId=4040');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 404, message: '频道不存在', data: null });
    // Past a 32-bit integer: PostgreSQL's column would refuse the comparison (a 500, found by
    // the route fuzzer).
    const past = await feed('channelId=4763499583');
    expect(past.status).toBe(404);
    expect(past.body).toMatchObject({ code: 404, message: '频道不存在', data: null });
  });

  it.each([
    ['missing channelId', '', 'channelId'],
    ['non-numeric channelId', 'channelId=abc', 'channelId'],
    ['leading zero', 'channelId=02', 'channelId'],
    ['count above 50', 'channelId=2&count=51', 'count'],
    ['negative offset', 'channelId=2&offset=-1', 'offset'],
    ['count not a number', 'channelId=2&count=ten', 'count'],
  ])('refuses %s with 400 naming the field', async (_name, query, field) => {
    const { status, body } = await feed(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null, field });
    expect(body.message).toContain(field);
  });

  it('refuses an oversize query string with 414', async () => {
    const { status, body } = await feed(`channelId=2&referrer=${'x'.repeat(5000)}`);
    expect(status).toBe(414);
    expect(body.code).toBe(414);
  });
});
