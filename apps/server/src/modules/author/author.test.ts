import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ItemType, SeriesKind, Visibility } from '@melon/db/enums';
import {
  getAudioInfo,
  getAuthorHome,
  getAuthorHotVideos,
  getAuthorLive,
  getAuthorLongVideos,
  getAuthorNewVideos,
  getAuthorRichInfo,
  getAuthorWebUrl,
  getCanProduct,
  getHotsoonVideos,
} from '@melon/shared/calls/author.calls';
import { followAction } from '@melon/shared/calls/follow.calls';
import {
  getAuthorPseries,
  getAuthorSeries,
  getPreviewSeries,
  getPseries,
  getPseriesInfo,
  getPseriesMore,
  getSeriesInfo,
  getSeriesItems,
  getSeriesItemsByQuery,
  getSeriesList,
} from '@melon/shared/calls/series.calls';
import { fillPath } from '@melon/shared/calls/call';
import type { AuthorHomeAnswer } from '@melon/shared/contracts/author';
import { createItem, createUser } from '../../testing/factories.ts';
import { createSeries, makeVertical } from '../../testing/series-factory.ts';
import { setVisibilityInStudio } from '../../testing/studio-visibility.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { createAuthorService } from './author.service.ts';

/*
 * Author pages (decision 043): every call's answer by the SPEC §3 names, cursor paging through
 * an author with 150 videos, and the item policy: what the author alone may see is absent for
 * everyone else and marked 仅自己可见 (self_only) for the author.
 */

let t: TestApp;
let author = '';
let authorSession: Visitor;
let stranger: Visitor;
let strangerId = '';
/** The author's 150 public videos, newest first; several share a publish millisecond. */
let videos: string[] = [];
let hidden = '';
let vertical = '';
let series = '';
let pseries = '';
let album = '';

const BASE = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId, { name: '作者甲' });
  await t.db
    .updateTable('users')
    .set({ description: '做视频的人', followers_count: 123_456, following_count: 7 })
    .where('id', '=', author)
    .execute();
  const made: { id: string; time: number }[] = [];
  for (let n = 0; n < 150; n += 1) {
    // Three videos in each millisecond: the id alone orders them.
    const time = BASE + Math.floor(n / 3) * 1000;
    made.push({
      id: await createItem(t.db, t.newId, author, { behotTime: time, playCount: n }),
      time,
    });
  }
  videos = made.sort((a, b) => b.time - a.time || (a.id < b.id ? 1 : -1)).map((entry) => entry.id);
  hidden = await createItem(t.db, t.newId, author, {
    visibility: Visibility.Self,
    behotTime: BASE + 500_000,
    title: '只给自己看',
  });
  vertical = videos[10] ?? '';
  await makeVertical(t.db, vertical);
  await makeVertical(t.db, hidden);
  series = await createSeries(t.db, t.newId, author, [videos[5] ?? '', hidden, videos[4] ?? ''], {
    title: '我的合集',
  });
  pseries = await createSeries(t.db, t.newId, author, [videos[7] ?? ''], {
    kind: SeriesKind.PSeries,
  });
  album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
  authorSession = await t.signedIn(author);
  strangerId = await createUser(t.db, t.newId);
  stranger = await t.signedIn(strangerId);
});
afterAll(() => t.close());

async function get<T>(url: string, viewer?: Visitor): Promise<T> {
  const res = await t.app.inject({ url, headers: viewer?.headers ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

interface VideoPage {
  videoList: { id: string; self_only: boolean; video_watch_count: number }[];
  hasMore: boolean;
  cursor: string;
  offset: number;
  maxTime: number;
}

describe('author/home and rich_info', () => {
  it('answers the author, the tabs and the home shelves by their SPEC names', async () => {
    const home = await get<Record<string, unknown>>(`${getAuthorHome.path}?to_user_id=${author}`);
    expect(Object.keys(home).sort()).toEqual(
      [
        'SeriesList',
        'hot_videos',
        'hotsoon_videos',
        'live_video',
        'pseries_list',
        'tab_list',
        'user_info',
        'videos',
      ].sort(),
    );
    expect(home.user_info).toEqual({
      user_id: author,
      name: '作者甲',
      description: '做视频的人',
      avatar_url: '',
      followers_count: 123_456,
      following_count: 7,
      follow: false,
      user_auth_info: null,
      video_count: 0,
      is_self: false,
    });
    expect(home.tab_list).toEqual(['home', 'video', 'hotsoon', 'series', 'pseries']);
    const shelf = home.videos as VideoPage;
    expect(shelf.videoList.map((v) => v.id)).toEqual(videos.slice(0, 8));
    expect(Object.keys(shelf.videoList[0] ?? {}).sort()).toEqual(
      [
        'abstract',
        'behot_time',
        'category_name',
        'comment_count',
        'duration',
        'id',
        'item_type',
        'publish_time',
        'self_only',
        'tag',
        'title',
        'videoId',
        'videoImage',
        'video_watch_count',
      ].sort(),
    );
    const hot = home.hot_videos as VideoPage['videoList'];
    expect(hot.map((v) => v.video_watch_count)).toEqual([149, 148, 147, 146, 145, 144, 143, 142]);
    expect(home.SeriesList).toMatchObject({ hasMore: false, offset: 1 });
  });

  it('answers the profile view to the author and marks the follow for a follower', async () => {
    const own = await get<{ user_info: { is_self: boolean } }>(
      `${getAuthorRichInfo.path}?to_user_id=${author}`,
      authorSession,
    );
    expect(own.user_info.is_self).toBe(true);
    const fan = await t.signedIn(await createUser(t.db, t.newId));
    const follow = await t.app.inject({
      method: 'POST',
      url: followAction.path,
      headers: fan.headers,
      payload: { to_user_id: author, action: 'follow' },
    });
    expect(follow.statusCode).toBe(200);
    const seen = await get<{ user_info: { follow: boolean; is_self: boolean } }>(
      `${getAuthorRichInfo.path}?to_user_id=${author}`,
      fan,
    );
    expect(seen.user_info).toMatchObject({ follow: true, is_self: false });
    // author/home is shared (a micro-cache), a follower's with the follow flags set.
    const visitorHome = await get<{ user_info: { follow: boolean } }>(
      `${getAuthorHome.path}?to_user_id=${author}`,
    );
    expect(visitorHome.user_info.follow).toBe(false);
    const fanHome = await get<{ user_info: { follow: boolean } }>(
      `${getAuthorHome.path}?to_user_id=${author}`,
      fan,
    );
    expect(fanHome.user_info.follow).toBe(true);
    const ownHome = await get<{ user_info: { is_self: boolean }; videos: VideoPage }>(
      `${getAuthorHome.path}?to_user_id=${author}`,
      authorSession,
    );
    expect(ownHome.user_info.is_self).toBe(true);
    expect(ownHome.videos.videoList[0]).toMatchObject({ id: hidden, self_only: true });
  });

  it('gives anyone but the author the page made for them, from the shared one', async () => {
    const maker = await createUser(t.db, t.newId);
    const short = await createItem(t.db, t.newId, maker, { behotTime: BASE });
    await makeVertical(t.db, short);
    await createItem(t.db, t.newId, maker, { behotTime: BASE + 1 });
    await createItem(t.db, t.newId, maker, { visibility: Visibility.Self, behotTime: BASE + 2 });
    const fan = await createUser(t.db, t.newId);
    await t.db
      .insertInto('follows')
      .values({ follower_id: fan, followee_id: maker, created_at: BASE })
      .execute();
    const url = `${getAuthorHome.path}?to_user_id=${maker}`;
    const shared = await get<AuthorHomeAnswer>(url);
    expect(shared.hotsoon_videos.data.map((cell) => cell.is_following)).toEqual([false]);
    const service = createAuthorService({ db: t.db });
    const fanHome = await get<AuthorHomeAnswer>(url, await t.signedIn(fan));
    expect(fanHome).toEqual(await service.home(maker, fan));
    expect(fanHome.hotsoon_videos.data).toEqual(
      shared.hotsoon_videos.data.map((cell) => ({ ...cell, is_following: true })),
    );
    const strangerHome = await get<AuthorHomeAnswer>(url, stranger);
    expect(strangerHome).toEqual(await service.home(maker, strangerId));
    expect(strangerHome).toEqual(shared);
    const ownHome = await get<AuthorHomeAnswer>(url, await t.signedIn(maker));
    expect(ownHome).toEqual(await service.home(maker, maker));
    expect(ownHome.videos.videoList).toHaveLength(3);
  });

  it('keeps the shared home a second, and drops it once the author hides a video', async () => {
    // The clock stands still: what is kept stays kept.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const maker = await createUser(t.db, t.newId);
      const [older, newer] = [
        await createItem(t.db, t.newId, maker, { behotTime: BASE }),
        await createItem(t.db, t.newId, maker, { behotTime: BASE + 1 }),
      ];
      const url = `${getAuthorHome.path}?to_user_id=${maker}`;
      const listed = async (viewer?: Visitor) =>
        (await get<AuthorHomeAnswer>(url, viewer)).videos.videoList.map((v) => v.title);
      const shown = await listed();
      expect(shown).toHaveLength(2);
      await t.db.updateTable('items').set({ title: '新标题' }).where('id', '=', older).execute();
      expect(await listed(stranger)).toEqual(shown);
      await setVisibilityInStudio(t, maker, newer, Visibility.Self);
      expect(await listed()).toEqual(['新标题']);
      expect(await listed(stranger)).toEqual(['新标题']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves out the tabs with nothing in them', async () => {
    const newcomer = await createUser(t.db, t.newId);
    const info = await get<{ tab_list: string[] }>(
      `${getAuthorRichInfo.path}?to_user_id=${newcomer}`,
    );
    expect(info.tab_list).toEqual(['home', 'video']);
  });
});

describe('author/new_video_list paging', () => {
  it.each([1, 7, 20, 50])(
    'walks 150 videos %i at a time, newest first, without gaps or repeats',
    async (count) => {
      const seen: string[] = [];
      let cursor = '';
      let pages = 0;
      for (;;) {
        const url = `${getAuthorNewVideos.path}?to_user_id=${author}&count=${count}${cursor ? `&cursor=${cursor}&offset=${seen.length}` : ''}`;
        const page = await get<VideoPage>(url, stranger);
        seen.push(...page.videoList.map((v) => v.id));
        expect(page.offset).toBe(seen.length);
        pages += 1;
        if (!page.hasMore) {
          expect(page.cursor).toBe('');
          break;
        }
        cursor = page.cursor;
      }
      expect(seen).toEqual(videos);
      expect(pages).toBe(Math.ceil(150 / count));
    },
  );

  it('answers isHome "1" with the home shelf', async () => {
    const page = await get<VideoPage>(
      `${getAuthorNewVideos.path}?to_user_id=${author}&isHome=1&count=50`,
    );
    expect(page.videoList).toHaveLength(8);
    expect(page.hasMore).toBe(true);
    expect(page.maxTime).toBe((BASE + 47_000) / 1000);
  });
});

describe('the item policy on author pages and series', () => {
  it('keeps a self-only video from visitors and other users, and marks it for the author', async () => {
    for (const viewer of [undefined, stranger]) {
      const page = await get<VideoPage>(
        `${getAuthorNewVideos.path}?to_user_id=${author}&count=50`,
        viewer,
      );
      expect(page.videoList.map((v) => v.id)).not.toContain(hidden);
      const short = await get<{ data: { groupId: string }[] }>(
        `${getHotsoonVideos.path}?to_user_id=${author}`,
        viewer,
      );
      expect(short.data.map((cell) => cell.groupId)).toEqual([vertical]);
      const items = await get<{ series_list: { id: string }[] }>(
        fillPath(getSeriesItems.path, { SeriesID: series, Cursor: 0 }),
        viewer,
      );
      expect(items.series_list.map((v) => v.id)).toEqual([videos[5], videos[4]]);
      const info = await get<{ item_count: number }>(
        fillPath(getSeriesInfo.path, { SeriesID: series }),
        viewer,
      );
      expect(info.item_count).toBe(2);
    }
    const own = await get<VideoPage>(
      `${getAuthorNewVideos.path}?to_user_id=${author}&count=2`,
      authorSession,
    );
    expect(own.videoList[0]).toMatchObject({ id: hidden, self_only: true });
    expect(own.videoList[1]).toMatchObject({ id: videos[0], self_only: false });
    const ownItems = await get<{ series_list: { id: string; self_only: boolean }[] }>(
      fillPath(getSeriesItems.path, { SeriesID: series, Cursor: 0 }),
      authorSession,
    );
    expect(ownItems.series_list.map((v) => [v.id, v.self_only])).toEqual([
      [videos[5], false],
      [hidden, true],
      [videos[4], false],
    ]);
  });

  it('answers a self-only series as an unknown one to others, and lists it for its author', async () => {
    const secret = await createSeries(t.db, t.newId, author, [videos[1] ?? ''], {
      visibility: Visibility.Self,
    });
    for (const url of [
      fillPath(getSeriesInfo.path, { SeriesID: secret }),
      fillPath(getSeriesItems.path, { SeriesID: secret, Cursor: 0 }),
      `${getSeriesItemsByQuery.path}?SeriesID=${secret}`,
    ]) {
      const res = await t.app.inject({ url, headers: stranger.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '合集不存在', data: null });
    }
    const listed = await get<{ list: { series_id: string }[] }>(
      `${getAuthorSeries.path}?to_user_id=${author}`,
    );
    expect(listed.list.map((s) => s.series_id)).toEqual([series]);
    const own = await get<{ list: { series_id: string; self_only: boolean }[] }>(
      `${getAuthorSeries.path}?to_user_id=${author}`,
      authorSession,
    );
    expect(own.list.map((s) => [s.series_id, s.self_only])).toEqual([
      [secret, true],
      [series, false],
    ]);
    await t.db.deleteFrom('series').where('item_id', '=', secret).execute();
  });
});

describe('series and pseries calls', () => {
  it('pages a series by Cursor, in its order, by path and by query', async () => {
    const first = await get<{
      series_list: { id: string }[];
      HasMore: boolean;
      NextCursor: string;
    }>(`${getSeriesItemsByQuery.path}?SeriesID=${series}&count=1`);
    expect(first).toMatchObject({ HasMore: true, NextCursor: '1' });
    expect(first.series_list.map((v) => v.id)).toEqual([videos[5]]);
    const rest = await get<{ series_list: { id: string }[]; HasMore: boolean; NextCursor: string }>(
      fillPath(getSeriesItems.path, { SeriesID: series, Cursor: 1 }),
    );
    expect(rest).toMatchObject({ HasMore: false, NextCursor: '2' });
    expect(rest.series_list.map((v) => v.id)).toEqual([videos[4]]);
  });

  it('answers series_info, series/list, preview/series and author_pseries', async () => {
    const info = await get<Record<string, unknown>>(
      fillPath(getSeriesInfo.path, { SeriesID: series }),
    );
    expect(info).toMatchObject({
      series_id: series,
      item_type: ItemType.Series,
      title: '我的合集',
      description: '简介',
      item_count: 2,
      user_id: author,
      self_only: false,
      user_info: { user_id: author, name: '作者甲', avatar_url: '' },
    });
    expect(info.cover_url).toBe(`/media/covers/${series}-large.webp`);
    const list = await get<{
      series_list: { series_id: string }[];
      HasMore: boolean;
      NextCursor: string;
    }>(`${getSeriesList.path}?to_user_id=${author}`);
    expect(list).toMatchObject({ HasMore: false, NextCursor: '1' });
    expect(list.series_list.map((s) => s.series_id)).toEqual([series]);
    const preview = await get<{ list: unknown[]; hasMore: boolean; offset: number }>(
      `${getPreviewSeries.path}?to_user_id=${author}`,
    );
    expect(preview).toMatchObject({ hasMore: false, offset: 1 });
    const ps = await get<{ list: { series_id: string; item_type: number }[] }>(
      `${getAuthorPseries.path}?to_user_id=${author}`,
    );
    expect(ps.list).toEqual([expect.objectContaining({ series_id: pseries, item_type: 149 })]);
  });

  it('answers get_pseries, pseries_info_v2 and pseries_more_v2', async () => {
    const of = await get<{ pseries: { series_id: string } | null }>(
      `${getPseries.path}?group_id=${videos[7]}`,
    );
    expect(of.pseries?.series_id).toBe(pseries);
    const none = await get<{ pseries: null }>(`${getPseries.path}?group_id=${videos[0]}`);
    expect(none.pseries).toBeNull();
    const info = await get<{
      info: { series_id: string };
      list: { id: string }[];
      hasMore: boolean;
      offset: number;
    }>(`${getPseriesInfo.path}?pseries_id=${pseries}&newVersion=1`);
    expect(info).toMatchObject({ info: { series_id: pseries }, hasMore: false, offset: 1 });
    expect(info.list.map((v) => v.id)).toEqual([videos[7]]);
    const more = await get<{ list: unknown[]; hasMore: boolean; offset: number }>(
      `${getPseriesMore.path}?pseries_id=${pseries}&offset=1`,
    );
    expect(more).toEqual({ list: [], hasMore: false, offset: 1 });
    const wrongKind = await t.app.inject({
      url: `${getPseriesInfo.path}?pseries_id=${series}`,
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});

describe('the other author calls', () => {
  it('answers lvideo, hot_video_list, live, web_url, audio_info and can_product', async () => {
    const long = await get<VideoPage>(`${getAuthorLongVideos.path}?to_user_id=${author}`);
    expect(long.videoList.map((v) => v.id)).toEqual([album]);
    const hot = await get<VideoPage>(
      `${getAuthorHotVideos.path}?to_user_id=${author}&offset=148&count=5`,
    );
    expect(hot.videoList.map((v) => v.video_watch_count)).toEqual([1, 0]);
    expect(hot).toMatchObject({ hasMore: false, offset: 150 });
    expect(await get(`${getAuthorLive.path}?to_user_id=${author}`)).toEqual({
      list: [],
      hasMore: false,
    });
    expect(await get(`${getAuthorWebUrl.path}?to_user_id=${author}`)).toEqual({
      user_id: author,
      web_url: `/home/${author}/`,
    });
    expect(await get(`${getAudioInfo.path}?to_user_id=${author}`)).toEqual({
      user_id: author,
      audio_count: 0,
      audio_list: [],
    });
    expect(await get(`${getCanProduct.path}?to_user_id=${author}`)).toEqual({
      user_id: author,
      can_product: false,
    });
  });

  it.each([
    getAuthorHome.path,
    getAuthorRichInfo.path,
    getAuthorNewVideos.path,
    getHotsoonVideos.path,
    getAuthorLive.path,
    getAuthorWebUrl.path,
    getAuthorSeries.path,
  ])('%s answers 404 for an unknown author and 400 for a malformed id', async (path) => {
    const unknown = await t.app.inject({ url: `${path}?to_user_id=7000000000000000404` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, message: '作者不存在', data: null });
    const malformed = await t.app.inject({ url: `${path}?to_user_id=0123` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 400, field: 'to_user_id' });
  });

  it('refuses a malformed cursor and an oversized count', async () => {
    for (const [query, field] of [
      ['cursor=abc', 'cursor'],
      ['count=51', 'count'],
    ] as const) {
      const res = await t.app.inject({
        url: `${getAuthorNewVideos.path}?to_user_id=${author}&${query}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field });
    }
    const badCursor = await t.app.inject({
      url: fillPath(getSeriesItems.path, { SeriesID: series, Cursor: 'x' }),
    });
    expect(badCursor.statusCode).toBe(400);
  });
});
