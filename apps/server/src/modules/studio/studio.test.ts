import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import type {
  StudioAnalytics,
  StudioVideoDetail,
  StudioVideosPage,
} from '@melon/shared/contracts/studio';
import {
  deleteStudioVideo,
  editStudioVideo,
  getStudioAnalytics,
  getStudioVideo,
  getStudioVideos,
} from '@melon/shared/calls/studio.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createMediaItem } from '../../testing/media-factory.ts';
import type { AnswerEnvelope } from '../../testing/answer-envelope.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';
import { indexItem } from '../search-index/search-index.service.ts';

/*
 * The creator studio's videos (decision 045): the author's list with every state, the edit in
 * one transaction (search index, item policy, skip marks), delete with its files and counts,
 * and the analytics; another user changes nothing.
 */

let t: TestApp;
let authorId = '';
let author: Visitor;
let other: Visitor;
let othersHidden = '';

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId, { name: '创作者' });
  author = await t.signedIn(authorId);
  const otherId = await createUser(t.db, t.newId);
  other = await t.signedIn(otherId);
  othersHidden = await createItem(t.db, t.newId, otherId, { visibility: Visibility.Self });
});
afterAll(() => t.close());

const get = (url: string, who: Visitor | null) =>
  t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

const post = (url: string, who: Visitor, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

const itemRow = (id: string) =>
  t.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const editBody = (itemId: string, over: Record<string, unknown> = {}) => ({
  item_id: itemId,
  title: '新的标题',
  abstract: '新的简介',
  tags: ['旅行', '海边'],
  channel_id: 2,
  visibility: 60,
  opening_ms: 5000,
  ending_ms: 50_000,
  ...over,
});

describe('my videos', () => {
  it('lists the author’s own videos newest first in every state and level, paged without gaps', async () => {
    const base = Date.now() - 100_000;
    const ids: string[] = [];
    const owner = await createUser(t.db, t.newId);
    const me = await t.signedIn(owner);
    for (let n = 0; n < 5; n += 1) {
      ids.push(await createItem(t.db, t.newId, owner, { behotTime: base + n * 1000 }));
    }
    const hidden = await createItem(t.db, t.newId, owner, {
      visibility: Visibility.Self,
      behotTime: base + 10_000,
    });
    const failed = await createMediaItem(t, owner, {
      state: 'failed',
      item: { behotTime: base + 20_000 },
    });
    await createItem(t.db, t.newId, owner, { visibility: Visibility.Delete });
    await createItem(t.db, t.newId, authorId);

    const seen: string[] = [];
    let cursor = '';
    for (let guard = 0; guard < 10; guard += 1) {
      const query = cursor === '' ? '' : `&cursor=${cursor}`;
      const res = await get(`${getStudioVideos.path}?count=2${query}`, me);
      expect(res.statusCode).toBe(200);
      const body = res.json<AnswerEnvelope<StudioVideosPage>>();
      seen.push(...body.data.list.map((video) => video.item_id));
      if (!body.data.has_more) break;
      cursor = body.data.cursor;
    }
    expect(seen).toEqual([failed.itemId, hidden, ...[...ids].reverse()]);

    const body = (await get(getStudioVideos.path, me)).json<AnswerEnvelope<StudioVideosPage>>();
    const [first, second] = body.data.list;
    expect(first).toMatchObject({ state: 'failed', state_message: '无法识别的视频编码' });
    expect(second).toMatchObject({ visibility: 15, state: 'ready', state_message: '' });
    expect(Object.keys(second ?? {}).sort()).toEqual(
      [
        'item_id',
        'title',
        'cover_url',
        'duration',
        'publish_time',
        'visibility',
        'state',
        'state_message',
        'play_count',
        'digg_count',
        'comment_count',
        'danmaku_count',
      ].sort(),
    );
  });

  it('asks a visitor to sign in and refuses a malformed cursor in Chinese', async () => {
    expect((await get(getStudioVideos.path, null)).statusCode).toBe(401);
    const res = await get(`${getStudioVideos.path}?cursor=abc`, author);
    expect(res.statusCode).toBe(400);
    expect(res.json<AnswerEnvelope<null>>().message).toBe('翻页位置不正确，请刷新页面');
  });
});

describe('editing a video', () => {
  it('changes every field in one go: the item policy, the search index and skip op/ed follow', async () => {
    const item = await createItem(t.db, t.newId, authorId, { title: '原来的标题' });
    await indexItem(t.db, item);
    const res = await post(editStudioVideo.path, author, editBody(item, { visibility: 15 }));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: StudioVideoDetail }>().data).toMatchObject({
      video: { title: '新的标题', visibility: 15 },
      abstract: '新的简介',
      tags: expect.arrayContaining(['旅行', '海边']) as unknown,
      channel_id: 2,
      opening_ms: 5000,
      ending_ms: 50_000,
    });

    // Self-only: the author still opens it, marked with its marks; anyone else finds nothing.
    const own = await get(`${getVideoDetails.path}?item_id=${item}`, author);
    expect(own.json()).toMatchObject({ data: { opening_ms: 5000, ending_ms: 50_000 } });
    expect((await get(`${getVideoDetails.path}?item_id=${item}`, other)).statusCode).toBe(404);
    expect((await get(`${getVideoDetails.path}?item_id=${item}`, null)).statusCode).toBe(404);

    const doc = await t.db
      .selectFrom('search_docs')
      .select('title_tokens')
      .where('kind', '=', 'item')
      .where('ref_id', '=', item)
      .executeTakeFirstOrThrow();
    expect(doc.title_tokens).toContain('标题');
    expect(doc.title_tokens).not.toContain('原来');

    // Public again, marks cleared.
    const back = await post(
      editStudioVideo.path,
      author,
      editBody(item, { opening_ms: null, ending_ms: null, tags: [] }),
    );
    expect(back.json<{ data: StudioVideoDetail }>().data).toMatchObject({
      tags: [],
      opening_ms: null,
      video: { visibility: 60 },
    });
    expect((await get(`${getVideoDetails.path}?item_id=${item}`, null)).statusCode).toBe(200);
  });

  it('refuses a blank title, marks outside the video or out of order, and an unknown channel, changing nothing', async () => {
    const item = await createItem(t.db, t.newId, authorId);
    const before = await itemRow(item);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', '请填写标题'],
      [{ ending_ms: 4000 }, 'ending_ms', '片尾标记须在片头标记之后'],
      [{ opening_ms: 70_000, ending_ms: null }, 'opening_ms', '片头片尾标记不能超过视频时长'],
      [{ channel_id: 999 }, 'channel_id', '请选择可以发布的频道'],
      [{ visibility: 40 }, 'visibility', '可见范围只能是 仅自己可见、仅主页可见 或 公开'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(editStudioVideo.path, author, editBody(item, over));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect(await itemRow(item)).toEqual(before);
  });

  it('answers another user 403 for a video they can see and 404 for a hidden one, changing nothing', async () => {
    const item = await createItem(t.db, t.newId, authorId);
    const before = await itemRow(item);
    const res = await post(editStudioVideo.path, other, editBody(item));
    expect(res.statusCode).toBe(403);
    expect((await post(deleteStudioVideo.path, other, { item_id: item })).statusCode).toBe(403);
    expect((await get(`${getStudioAnalytics.path}?item_id=${item}`, other)).statusCode).toBe(403);
    expect(await itemRow(item)).toEqual(before);

    const hiddenBefore = await itemRow(othersHidden);
    const hidden = await post(editStudioVideo.path, author, editBody(othersHidden));
    expect(hidden.statusCode).toBe(404);
    expect(await itemRow(othersHidden)).toEqual(hiddenBefore);
  });

  describe('refusals', () => {
    let item = '';
    beforeAll(async () => {
      item = await createItem(t.db, t.newId, authorId);
    });
    itRefusesBadWrites({
      send: (headers, payload) =>
        t.app.inject({ method: 'POST', url: editStudioVideo.path, headers, payload }),
      signedIn: () => author.headers,
      visitor: () => t.visitor().headers,
      body: () => editBody(item),
      malformed: () => ['tags.0', editBody(item, { tags: ['换\n行'] })],
      snapshot: () => itemRow(item),
    });
  });
});

describe('deleting a video', () => {
  it('removes it everywhere, its files from storage and it from its author’s count', async () => {
    const ready = await createMediaItem(t, authorId);
    await t.db.updateTable('users').set({ video_count: 3 }).where('id', '=', authorId).execute();
    await indexItem(t.db, ready.itemId);
    const videoDir = path.join(t.dataDir, 'media', 'v', ready.itemId);
    expect(existsSync(videoDir)).toBe(true);

    const res = await post(deleteStudioVideo.path, author, { item_id: ready.itemId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { item_id: ready.itemId, deleted: true } });

    expect(existsSync(videoDir)).toBe(false);
    expect((await itemRow(ready.itemId)).visibility).toBe(Visibility.Delete);
    const user = await t.db
      .selectFrom('users')
      .select('video_count')
      .where('id', '=', authorId)
      .executeTakeFirstOrThrow();
    expect(user.video_count).toBe(2);
    const doc = await t.db
      .selectFrom('search_docs')
      .select('ref_id')
      .where('ref_id', '=', ready.itemId)
      .executeTakeFirst();
    expect(doc).toBeUndefined();
    for (const who of [author, other, null]) {
      expect((await get(`${getVideoDetails.path}?item_id=${ready.itemId}`, who)).statusCode).toBe(
        404,
      );
    }
    const list = await get(`${getStudioVideos.path}?count=50`, author);
    expect(
      list.json<AnswerEnvelope<StudioVideosPage>>().data.list.map((video) => video.item_id),
    ).not.toContain(ready.itemId);
    // Gone: deleting again, editing or reading it is 404.
    expect((await post(deleteStudioVideo.path, author, { item_id: ready.itemId })).statusCode).toBe(
      404,
    );
    expect((await get(`${getStudioVideo.path}?item_id=${ready.itemId}`, author)).statusCode).toBe(
      404,
    );
  });

  it('fails a video still transcoding, so its job writes nothing more', async () => {
    const processing = await createMediaItem(t, authorId, { state: 'processing' });
    const res = await post(deleteStudioVideo.path, author, { item_id: processing.itemId });
    expect(res.statusCode).toBe(200);
    const media = await t.db
      .selectFrom('item_media')
      .select(['state', 'error_message'])
      .where('item_id', '=', processing.itemId)
      .executeTakeFirstOrThrow();
    expect(media).toEqual({ state: 'failed', error_message: '视频已删除' });
  });

  describe('refusals', () => {
    let item = '';
    beforeAll(async () => {
      item = await createItem(t.db, t.newId, authorId);
    });
    itRefusesBadWrites({
      send: (headers, payload) =>
        t.app.inject({ method: 'POST', url: deleteStudioVideo.path, headers, payload }),
      signedIn: () => author.headers,
      visitor: () => t.visitor().headers,
      body: () => ({ item_id: item }),
      malformed: () => ['item_id', { item_id: '12' }],
      snapshot: () => itemRow(item),
    });
  });
});

describe('analytics', () => {
  const DAY = 24 * 3600 * 1000;

  it('counts plays per day for 30 days and the share of viewers still watching', async () => {
    const item = await createItem(t.db, t.newId, authorId);
    const now = Date.now();
    const plays = [0, 0, 0, 1, 29, 30, 31].map((daysAgo) => now - daysAgo * DAY);
    await t.db
      .insertInto('item_plays')
      .values(
        plays.map((played_at, n) => ({
          id: t.newId(),
          item_id: item,
          viewer_key: `w:viewer-${n}`,
          user_id: null,
          played_at,
        })),
      )
      .execute();
    // Four viewers of the 61.5 s video: at 0 s, a quarter, half way and the end.
    const progress = [0, 15_375, 30_750, 61_500];
    for (const progress_ms of progress) {
      const viewer = await createUser(t.db, t.newId);
      await t.db
        .insertInto('watch_history')
        .values({ user_id: viewer, item_id: item, progress_ms, watched_at: now })
        .execute();
    }

    const res = await get(`${getStudioAnalytics.path}?item_id=${item}`, author);
    expect(res.statusCode).toBe(200);
    const body = res.json<AnswerEnvelope<StudioAnalytics>>();
    const days = body.data.daily_plays;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.plays).toBe(3);
    expect(days.at(-2)?.plays).toBe(1);
    expect(days[0]?.plays).toBe(1);
    expect(days.reduce((sum, day) => sum + day.plays, 0)).toBe(5);
    expect(days.at(-1)?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(body.data.viewers).toBe(4);
    const share = new Map(body.data.retention.map((point) => [point.percent, point.share]));
    expect(body.data.retention).toHaveLength(21);
    expect(share.get(0)).toBe(1);
    expect(share.get(5)).toBe(0.75);
    expect(share.get(25)).toBe(0.75);
    expect(share.get(30)).toBe(0.5);
    expect(share.get(50)).toBe(0.5);
    expect(share.get(55)).toBe(0.25);
    expect(share.get(100)).toBe(0.25);
  });

  it('shows an empty retention for a video nobody has watched', async () => {
    const item = await createItem(t.db, t.newId, authorId);
    const body = (await get(`${getStudioAnalytics.path}?item_id=${item}`, author)).json<
      AnswerEnvelope<StudioAnalytics>
    >();
    expect(body.data).toMatchObject({ viewers: 0, retention: [] });
    expect(body.data.daily_plays.every((day) => day.plays === 0)).toBe(true);
  });
});
