import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlbumType, EpisodeType, ItemType, SequenceType, Visibility } from '@melon/db/enums';
import type {
  AlbumDetails,
  CinemaAlbumsPage,
  CinemaBanners,
  CinemaChannels,
  CinemaClusters,
  CinemaFeedPage,
  CinemaFilterCategory,
  MaterialConfig,
} from '@melon/shared/contracts/cinema';
import type { SearchResults } from '@melon/shared/contracts/search';
import {
  filterCinemaAlbums,
  getAlbumDetails,
  getCinemaCategory,
  getCinemaChannels,
  getCinemaClusters,
  getCinemaFeed,
  getMaterialConfig,
  getYBanner,
} from '@melon/shared/calls/cinema.calls';
import { fillPath } from '@melon/shared/calls/call';
import { searchResults } from '@melon/shared/calls/search.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { indexItem } from '../search-index/search-index.service.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * The cinema (decision 047) against a fixed catalogue: five listed TV albums and a hidden one,
 * a film with a trailer, and 23 variety shows that tie on every sort key.
 */

let t: TestApp;
let author = '';
let visitor: Visitor;
const tv: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'hidden', string> = {
  a: '',
  b: '',
  c: '',
  d: '',
  e: '',
  hidden: '',
};
let film = '';
let filmTrailer = '';
let ties: string[] = [];
const episodesOfA: string[] = [];
let selfOnlyEpisode = '';

interface AlbumSpec {
  title: string;
  type: AlbumType;
  area: string;
  year: number | null;
  genres: string;
  score: number;
  vip?: 0 | 1;
  plays: number;
  published: number;
  visibility?: Visibility;
  total?: number;
  sequence?: SequenceType;
}

const DAY = 24 * 3600 * 1000;
const base = Date.UTC(2026, 10, 1);

async function album(spec: AlbumSpec): Promise<string> {
  const id = await createItem(t.db, t.newId, author, {
    itemType: ItemType.Album,
    title: spec.title,
    playCount: spec.plays,
    behotTime: spec.published,
    visibility: spec.visibility ?? Visibility.All,
  });
  await t.db
    .insertInto('albums')
    .values({
      item_id: id,
      album_type: spec.type,
      sequence_type: spec.sequence ?? SequenceType.Episode,
      year: spec.year,
      area: spec.area,
      total_episodes: spec.total ?? null,
      genres: spec.genres,
      score: spec.score,
      cast_names: '张三,李四',
      vip: spec.vip ?? 0,
    })
    .execute();
  return id;
}

async function episode(
  albumId: string,
  seq: number,
  options: {
    type?: EpisodeType;
    access?: 'free' | 'vip' | 'paid';
    price?: number;
    visibility?: Visibility;
    plays?: number;
  } = {},
): Promise<string> {
  const id = await createItem(t.db, t.newId, author, {
    itemType: ItemType.Episode,
    title: `分集 ${seq}`,
    behotTime: base + seq * 1000,
    visibility: options.visibility ?? Visibility.All,
    playCount: options.plays ?? 0,
  });
  await t.db
    .insertInto('album_episodes')
    .values({
      album_id: albumId,
      item_id: id,
      seq,
      episode_type: options.type ?? EpisodeType.Official,
      opening_ms: null,
      ending_ms: null,
      access: options.access ?? 'free',
      price_fen: options.price ?? null,
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId, { name: '片库作者' });
  visitor = t.visitor();
  const tvSpec = { type: AlbumType.TV, total: 6 } as const;
  tv.a = await album({
    ...tvSpec,
    title: '甲 古装剧',
    area: '内地',
    year: 2024,
    genres: '剧情,古装',
    score: 86,
    vip: 1,
    plays: 500,
    published: base + 1 * DAY,
  });
  tv.b = await album({
    ...tvSpec,
    title: '乙 都市剧',
    area: '内地',
    year: 2024,
    genres: '都市,爱情',
    score: 72,
    plays: 500,
    published: base + 5 * DAY,
  });
  tv.c = await album({
    ...tvSpec,
    title: '丙 港剧',
    area: '香港',
    year: 2015,
    genres: '剧情,悬疑',
    score: 90,
    plays: 300,
    published: base + 2 * DAY,
  });
  tv.d = await album({
    ...tvSpec,
    title: '丁 年代剧',
    area: '内地',
    year: 2012,
    genres: '剧情',
    score: 0,
    vip: 1,
    plays: 300,
    published: base + 4 * DAY,
  });
  tv.e = await album({
    ...tvSpec,
    title: '戊 美剧',
    area: '美国',
    year: 1985,
    genres: '悬疑',
    score: 80,
    plays: 100,
    published: base + 3 * DAY,
  });
  tv.hidden = await album({
    ...tvSpec,
    title: '己 隐藏剧',
    area: '内地',
    year: 2024,
    genres: '剧情,古装',
    score: 99,
    vip: 1,
    plays: 9999,
    published: base + 9 * DAY,
    visibility: Visibility.Self,
  });
  episodesOfA.push(await episode(tv.a, 1));
  episodesOfA.push(await episode(tv.a, 2));
  episodesOfA.push(await episode(tv.a, 3, { access: 'vip' }));
  episodesOfA.push(await episode(tv.a, 4, { access: 'paid', price: 300 }));
  selfOnlyEpisode = await episode(tv.a, 5, { visibility: Visibility.Self });

  film = await album({
    type: AlbumType.Movie,
    title: '庚 电影',
    area: '美国',
    year: 2025,
    genres: '科幻',
    score: 78,
    plays: 50,
    published: base + 6 * DAY,
    total: 1,
  });
  await episode(film, 1);
  filmTrailer = await episode(film, 2, { type: EpisodeType.Trailer });

  ties = [];
  for (let n = 0; n < 23; n += 1) {
    ties.push(
      await album({
        type: AlbumType.VarietyShow,
        title: `综艺 ${n}`,
        area: '内地',
        year: 2023,
        genres: '真人秀',
        score: 50,
        plays: 1000,
        published: base,
        sequence: SequenceType.Period,
      }),
    );
  }
}, 60_000);
afterAll(() => t.close());

function filter(body: object) {
  return t.app.inject({
    method: 'POST',
    url: filterCinemaAlbums.path,
    headers: visitor.headers,
    payload: body,
  });
}

async function filterIds(body: object): Promise<string[]> {
  const res = await filter(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CinemaAlbumsPage }>().data.albumList.map((card) => card.albumId);
}

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** Ids in the order the call must answer: the sort key, then the id, both descending. */
const byKeyThenId = (entries: [id: string, key: number][]) =>
  entries
    .sort(([idA, keyA], [idB, keyB]) => keyB - keyA || (idB > idA ? 1 : idB < idA ? -1 : 0))
    .map(([id]) => id);

describe('the filter page', () => {
  it('lists the categories with their listed album counts (a hidden album is not counted)', async () => {
    const { channels } = await get<CinemaChannels>(getCinemaChannels.path);
    expect(channels.slice(0, 5).map((c) => [c.pinyin, c.name, c.channelId])).toEqual([
      ['dianying', '电影', '1'],
      ['dianshiju', '电视剧', '2'],
      ['dongman', '动漫', '3'],
      ['zongyi', '综艺', '4'],
      ['jilupian', '纪录片', '5'],
    ]);
    expect(channels.find((c) => c.pinyin === 'dianshiju')?.albumCount).toBe(5);
    expect(channels.find((c) => c.pinyin === 'zongyi')?.albumCount).toBe(23);
    expect(channels.find((c) => c.pinyin === 'shaoer')).toMatchObject({ albumType: 13 });
  });

  it('gives a category its rows: 类型, 地区, 年份, 付费, 排序', async () => {
    const { category, rows } = await get<CinemaFilterCategory>(
      `${getCinemaCategory.path}?pinyin=dianshiju`,
    );
    expect(category).toMatchObject({ pinyin: 'dianshiju', albumType: 2, albumCount: 5 });
    expect(rows.map((row) => [row.key, row.name, row.defaultValue])).toEqual([
      ['genre', '类型', ''],
      ['region', '地区', ''],
      ['year', '年份', ''],
      ['paid', '付费', ''],
      ['sort', '排序', 'hot'],
    ]);
    const values = (key: string) => rows.find((row) => row.key === key)?.options ?? [];
    expect(values('genre')).toEqual(
      expect.arrayContaining([
        { label: '全部', value: '' },
        { label: '古装', value: '古装' },
      ]),
    );
    expect(values('year').map((o) => o.value)).toEqual(
      expect.arrayContaining(['2010s', 'earlier']),
    );
    expect(values('paid')).toEqual([
      { label: '全部', value: '' },
      { label: '免费', value: 'free' },
      { label: '会员', value: 'vip' },
    ]);
    expect(values('sort')).toEqual([
      { label: '最热', value: 'hot' },
      { label: '最新', value: 'new' },
      { label: '高分', value: 'score' },
    ]);
  });

  it('combines the filters, the hidden album never among them', async () => {
    const all = { pinyin: 'dianshiju' };
    const hot = byKeyThenId([
      [tv.a, 500],
      [tv.b, 500],
      [tv.c, 300],
      [tv.d, 300],
      [tv.e, 100],
    ]);
    expect(await filterIds(all)).toEqual(hot);
    expect(await filterIds({ ...all, filters: { region: '内地' } })).toEqual(
      hot.filter((id) => [tv.a, tv.b, tv.d].includes(id)),
    );
    expect(
      await filterIds({ ...all, filters: { region: '内地', year: '2024', genre: '剧情' } }),
    ).toEqual([tv.a]);
    expect(await filterIds({ ...all, filters: { genre: '剧情', paid: 'vip' } })).toEqual(
      hot.filter((id) => [tv.a, tv.d].includes(id)),
    );
    expect(await filterIds({ ...all, filters: { paid: 'free' } })).toEqual(
      hot.filter((id) => [tv.b, tv.c, tv.e].includes(id)),
    );
    expect(await filterIds({ ...all, filters: { year: '2010s' } })).toEqual(
      hot.filter((id) => [tv.c, tv.d].includes(id)),
    );
    expect(await filterIds({ ...all, filters: { year: 'earlier' } })).toEqual([tv.e]);
    // '剧' is not a genre of its own: 剧情 albums are not matched by a part of the name.
    expect(await filterIds({ ...all, filters: { genre: '爱情', region: '香港' } })).toEqual([]);
    expect(await filterIds({ ...all, sort: 'score' })).toEqual([tv.c, tv.a, tv.e, tv.b, tv.d]);
    expect(await filterIds({ ...all, sort: 'new' })).toEqual([tv.b, tv.d, tv.e, tv.c, tv.a]);
    expect(await filterIds({ pinyin: 'dianying' })).toEqual([film]);
  });

  it('answers the page with its filters as applied and the album cards', async () => {
    const res = await filter({ pinyin: 'dianshiju', filters: { genre: '古装' }, count: 1 });
    const page = res.json<{ data: CinemaAlbumsPage }>().data;
    expect(page).toMatchObject({
      pinyin: 'dianshiju',
      filters: { region: '', year: '', genre: '古装', paid: '' },
      sort: 'hot',
      offset: 1,
      hasMore: false,
    });
    expect(page.albumList).toEqual([
      {
        albumId: tv.a,
        title: '甲 古装剧',
        coverUrl: `/media/covers/${tv.a}-large.webp`,
        albumType: 2,
        albumTypeName: '电视剧',
        score: 8.6,
        year: 2024,
        region: '内地',
        genres: ['剧情', '古装'],
        sequenceType: 'episode',
        // The self-only fifth episode is not the visitor's to count.
        episodeCount: 4,
        totalEpisodes: 6,
        updateLabel: '更新至第4集',
        vip: true,
        firstItemId: episodesOfA[0],
        playNum: 500,
      },
    ]);
  });

  it('pages through ties on every sort key with no album missing or repeated', async () => {
    const expected = [...ties].sort().reverse();
    for (const sort of ['hot', 'new', 'score']) {
      const seen: string[] = [];
      let offset = 0;
      for (;;) {
        const res = await filter({ pinyin: 'zongyi', sort, offset, count: 5 });
        const page = res.json<{ data: CinemaAlbumsPage }>().data;
        seen.push(...page.albumList.map((card) => card.albumId));
        expect(page.offset).toBe(seen.length);
        offset = page.offset;
        if (!page.hasMore) break;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('refuses a bad pinyin, sort, count or filter value with 400 and a Chinese message', async () => {
    const refusals: [object, RegExp][] = [
      [{ pinyin: 'nope' }, /pinyin/],
      [{ pinyin: 'dianshiju', sort: 'cheap' }, /sort/],
      [{ pinyin: 'dianshiju', count: 31 }, /count/],
      [{ pinyin: 'dianshiju', count: 0 }, /count/],
      [{ pinyin: 'dianshiju', offset: -1 }, /offset/],
      [{ pinyin: 'dianshiju', filters: { paid: 'gold' } }, /paid/],
      [{ pinyin: 'dianshiju', filters: { region: '火星' } }, /地区.*火星/],
      [{ pinyin: 'dianshiju', filters: { year: '1999' } }, /年份.*1999/],
      [{ pinyin: 'dianshiju', filters: { genre: '真人秀' } }, /类型.*真人秀/],
      [{ pinyin: 'dianshiju', filters: { genre: 'x'.repeat(17) } }, /genre/],
    ];
    for (const [body, message] of refusals) {
      const res = await filter(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ code: number; message: string }>();
      expect(answer.code).toBe(400);
      expect(`${answer.message} ${res.body}`).toMatch(message);
    }
    const missingPinyin = await filter({});
    expect(missingPinyin.statusCode).toBe(400);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await filter({ pinyin: 'dianshiju', padding: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, data: null });
  });

  it('refuses the POST without its anti-forgery token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: filterCinemaAlbums.path,
      headers: { cookie: visitor.cookie },
      payload: { pinyin: 'dianshiju' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 1, errno: 1 });
  });
});

describe('the cinema home', () => {
  it('has a row per category with albums, hottest first, the hidden album out', async () => {
    const { clusters } = await get<CinemaClusters>(`${getCinemaClusters.path}?count=2`);
    expect(clusters.map((row) => row.category.pinyin)).toEqual(['dianying', 'dianshiju', 'zongyi']);
    const tvRow = clusters[1];
    expect(tvRow?.albumList.map((card) => card.albumId)).toEqual(
      byKeyThenId([
        [tv.a, 500],
        [tv.b, 500],
      ]),
    );
    expect(tvRow?.hasMore).toBe(true);
  });

  it('shows the highest-scored listed albums a visitor can play in the carousel', async () => {
    const { banners } = await get<CinemaBanners>(getYBanner.path);
    // 丙 (9.0) and 戊 (8.0) score higher than the film but have no episode to open.
    expect(banners.map((banner) => banner.album.albumId)).toEqual([tv.a, film]);
    expect(banners[0]).toMatchObject({
      title: '甲 古装剧',
      subtitle: '剧情 / 古装 · 2024 · 8.6',
      imageUrl: `/media/covers/${tv.a}-large.webp`,
    });
  });

  it('gives an entry tile per category with albums, linking to its filter page', async () => {
    const config = await get<MaterialConfig>(`${getMaterialConfig.path}?channelId=0`);
    expect(config.materials.map((m) => [m.pinyin, m.title, m.link])).toEqual([
      ['dianying', '电影', '/cinema/filter/dianying'],
      ['dianshiju', '电视剧', '/cinema/filter/dianshiju'],
      ['zongyi', '综艺', '/cinema/filter/zongyi'],
    ]);
    const one = await get<MaterialConfig>(`${getMaterialConfig.path}?channelId=2`);
    expect(one.materials).toHaveLength(1);
  });

  it("feeds a category's albums, its clips, or both, newest first", async () => {
    const feed = (type: string) =>
      get<CinemaFeedPage>(`${getCinemaFeed.path}?channelId=1&type=${type}`);
    expect((await feed('lvideo')).videoFeed).toEqual([
      { kind: 'album', album: expect.objectContaining({ albumId: film }) as unknown },
    ]);
    expect((await feed('svideo')).videoFeed).toEqual([
      {
        kind: 'clip',
        clip: expect.objectContaining({
          itemId: filmTrailer,
          albumId: film,
          albumTitle: '庚 电影',
          episodeLabel: '预告',
        }) as unknown,
      },
    ]);
    const both = await feed('all');
    // The film was published after its trailer.
    expect(both.videoFeed.map((cell) => cell.kind)).toEqual(['album', 'clip']);
    const whole = await get<CinemaFeedPage>(
      `${getCinemaFeed.path}?channelId=0&type=lvideo&count=20`,
    );
    expect(
      whole.videoFeed.map((cell) => (cell.kind === 'album' ? cell.album.albumId : '')),
    ).not.toContain(tv.hidden);
    expect(whole.hasMore).toBe(true);
    const unknown = await t.app.inject({ url: `${getCinemaFeed.path}?channelId=99` });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('album details', () => {
  const details = (query: string, headers: Record<string, string> = {}) =>
    get<AlbumDetails>(`${getAlbumDetails.path}?${query}`, headers);

  it('answers the asked blocks: info, the episodes with their labels and access, related', async () => {
    const { blocks } = await details(`album_id=${tv.a}&block_ids=info,episodes`);
    expect(blocks.related).toBeUndefined();
    expect(blocks.info).toMatchObject({
      cast: ['张三', '李四'],
      abstract: '简介',
      album: { albumId: tv.a, score: 8.6, vip: true },
    });
    expect(blocks.episodes?.map((e) => [e.episodeLabel, e.access, e.priceFen])).toEqual([
      ['第1集', 'free', null],
      ['第2集', 'free', null],
      ['第3集', 'vip', null],
      ['第4集', 'paid', 300],
    ]);
    const related = (await details(`album_id=${tv.a}&block_ids=related`)).blocks.related;
    // Listed TV albums sharing 剧情 or 古装, highest scored first; never the hidden one.
    expect(related?.map((card) => card.albumId)).toEqual([tv.c, tv.d]);
  });

  it("labels a film's episodes 正片 and 预告, and gives every block by default", async () => {
    const { blocks } = await details(`album_id=${film}`);
    expect(blocks.episodes?.map((e) => e.episodeLabel)).toEqual(['正片', '预告']);
    expect(blocks.info?.album.updateLabel).toBe('');
    expect(blocks.related).toEqual([]);
  });

  it('counts a variety show by 期 and labels its clips 看点, 剪辑, 花絮 and 片段', async () => {
    // Its author's own (self-only), so no list a visitor reads elsewhere in this file changes.
    const show = await album({
      type: AlbumType.VarietyShow,
      sequence: SequenceType.Period,
      total: 2,
      title: '辛 综艺',
      area: '内地',
      year: 2025,
      genres: '真人秀',
      score: 70,
      plays: 0,
      published: base,
      visibility: Visibility.Self,
    });
    await episode(show, 1);
    await episode(show, 2, { type: EpisodeType.Focus });
    await episode(show, 3, { type: EpisodeType.Edit });
    await episode(show, 4, { type: EpisodeType.Footage });
    await episode(show, 5, { type: EpisodeType.Raw });
    const mine = (await t.signedIn(author)).headers;
    const running = await details(`album_id=${show}&block_ids=info,episodes`, mine);
    expect(running.blocks.episodes?.map((e) => e.episodeLabel)).toEqual([
      '第1期',
      '看点',
      '剪辑',
      '花絮',
      '片段',
    ]);
    expect(running.blocks.info?.album.updateLabel).toBe('更新至第1期');
    await episode(show, 6);
    const complete = await details(`album_id=${show}&block_ids=info,episodes`, mine);
    expect(complete.blocks.episodes?.at(-1)?.episodeLabel).toBe('第2期');
    expect(complete.blocks.info?.album.updateLabel).toBe('全2期');
  });

  it('shows the author their own self-only episode, and a visitor not', async () => {
    const mine = await t.signedIn(author);
    const { blocks } = await details(`album_id=${tv.a}&block_ids=episodes`, mine.headers);
    expect(blocks.episodes?.map((e) => e.itemId)).toContain(selfOnlyEpisode);
  });

  it('answers a hidden or unknown album as not found, an unknown block with 400', async () => {
    for (const id of [tv.hidden, t.newId()]) {
      const res = await t.app.inject({ url: `${getAlbumDetails.path}?album_id=${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '专辑不存在' });
    }
    const blocks = await t.app.inject({
      url: `${getAlbumDetails.path}?album_id=${tv.a}&block_ids=info,actors,stills`,
    });
    expect(blocks.statusCode).toBe(400);
    expect(blocks.json<{ message: string }>().message).toContain('actors、stills');
    const malformed = await t.app.inject({ url: `${getAlbumDetails.path}?album_id=abc` });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('search', () => {
  it('finds a listed album by its cast and genre, and never the hidden one', async () => {
    await indexItem(t.db, Object.values(tv));
    const res = await t.app.inject({
      url: fillPath(searchResults.path, { type: 'lvideo', keyword: '李四 古装', page: 0 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = res
      .json<{ data: SearchResults }>()
      .data.longVideo.data.map((card) => ('item' in card ? card.item.groupId : ''));
    expect(found).toEqual([tv.a]);
  });
});

describe('hotness', () => {
  it("counts an album's episodes' plays with its own", async () => {
    const spec = {
      type: AlbumType.Documentary,
      area: '英国',
      year: 2020,
      genres: '自然',
      score: 70,
      published: base,
    };
    const watched = await album({ ...spec, title: '有人看的纪录片', plays: 0 });
    const untouched = await album({ ...spec, title: '没人看的纪录片', plays: 10 });
    await episode(watched, 1, { plays: 40 });
    await episode(watched, 2, { plays: 2 });
    const res = await filter({ pinyin: 'jilupian' });
    const cards = res.json<{ data: CinemaAlbumsPage }>().data.albumList;
    expect(cards.map((card) => [card.albumId, card.playNum])).toEqual([
      [watched, 42],
      [untouched, 10],
    ]);
  });
});
