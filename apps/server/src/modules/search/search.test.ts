import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType, Visibility } from '@melon/db/enums';
import type { HotWordList, SearchResults, SearchSnapshot } from '@melon/shared/contracts/search';
import {
  clearSearchHistory,
  getAllAlbumLink,
  getAssociativeWords,
  getAuthorVideos,
  getHotWords,
  getRecommendLvideo,
  getSearchHistory,
  getSearchHotWords,
  getSearchPanelDetail,
  getSearchPreset,
  getSearchSnapshot,
  getSuggestWords,
  getXiguaRecipe,
  searchResults,
} from '@melon/shared/calls/search.calls';
import { fillPath } from '@melon/shared/calls/call';
import { runGrantOperator } from '../../cli/user-grant-operator.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { freshIp } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';
import { indexItem, indexUser } from '../search-index/search-index.service.ts';

let t: TestApp;
let authorId = '';
let hiddenId = '';
let albumId = '';
let newestId = '';
let drinkId = '';
const tipIds: string[] = [];
const base = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId, { name: '西瓜美食家' });
  const other = await createUser(t.db, t.newId, { name: '电影放映员' });
  for (let i = 0; i < 23; i += 1) {
    tipIds.push(
      await createItem(t.db, t.newId, authorId, {
        title: `西瓜挑选技巧第${i + 1}课`,
        behotTime: base + i * 60_000,
      }),
    );
  }
  drinkId = await createItem(t.db, t.newId, authorId, {
    title: '夏日西瓜冰沙做法',
    channelId: 3,
    behotTime: base + 30 * 60_000,
  });
  newestId = await createItem(t.db, t.newId, authorId, {
    title: '西瓜种植技术',
    behotTime: base + 40 * 60_000,
  });
  albumId = await createItem(t.db, t.newId, other, {
    title: '西瓜电影',
    itemType: ItemType.Album,
    behotTime: base,
  });
  hiddenId = await createItem(t.db, t.newId, authorId, {
    title: '西瓜秘密配方',
    visibility: Visibility.Self,
  });
  await createItem(t.db, t.newId, other, { title: '经典电影回顾', channelId: 3, playCount: 9e6 });
  const items = await t.db.selectFrom('items').select('id').execute();
  await indexItem(
    t.db,
    items.map((row) => row.id),
  );
  await indexUser(t.db, authorId);
  await indexUser(t.db, other);
});
afterAll(() => t.close());

interface Answer<T> {
  status: number;
  body: { code: number; message: string; data: T; field?: string };
}

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await t.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() };
}

const search = (path: string, headers?: Record<string, string>) =>
  get<SearchResults>(`/searchv2/${path}`, headers);

const itemIds = (slice: SearchResults['complex']) =>
  slice.data.map((card) => ('item' in card ? card.item.groupId : card.user.user_id));

describe('GET /searchv2/{type}/{keyword}/{page}', () => {
  it('answers the 综合 tab in the SPEC §3 slices, with users and long videos on top', async () => {
    const { status, body } = await search(`all/${encodeURIComponent('西瓜')}/0`);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.search_id).toMatch(/^[1-9][0-9]{18}$/);
    expect(data).toMatchObject({ keyword: '西瓜', type: 'all', page: 0, hasMore: true });
    expect(data.tokens.length).toBeGreaterThan(0);
    expect(data.complex.data).toHaveLength(10);
    expect(data.complex.trueCount).toBe(26);
    expect(data.banner).toEqual({ data: [], trueCount: 0 });
    expect(data.user.data[0]).toMatchObject({
      cardType: 'user',
      user: { user_id: authorId, name: '西瓜美食家' },
    });
    expect(itemIds(data.longVideo)).toEqual([albumId]);
    expect(data.longVideo.data[0]?.cardType).toBe('lvideo');
    const card = data.complex.data[0];
    expect(card?.cardType).toMatch(/^(video|lvideo)$/);
    expect(card && 'item' in card && card.item.title).toContain('西瓜');
    expect(card?.matched).toContain('西瓜');
  });

  it('echoes the search id it is given, and the query-correction form answers alike', async () => {
    const id = '1234567890123456789';
    const plain = await search(`svideo/${encodeURIComponent('西瓜')}/0?search_id=${id}`);
    expect(plain.body.data.search_id).toBe(id);
    const corrected = await search(`svideo/${encodeURIComponent('西瓜')}/0/2?search_id=${id}`);
    expect(corrected.status).toBe(200);
    expect(itemIds(corrected.body.data.complex)).toEqual(itemIds(plain.body.data.complex));
  });

  it('pages without a gap or a repeat, and never shows a hidden item', async () => {
    const seen: string[] = [];
    let page = 0;
    let data: SearchResults;
    do {
      data = (await search(`svideo/${encodeURIComponent('西瓜')}/${page}?sort=newest`)).body.data;
      seen.push(...itemIds(data.complex));
      page += 1;
    } while (data.hasMore);
    expect(page).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(data.complex.trueCount);
    expect(seen).toHaveLength(25);
    expect(seen[0]).toBe(newestId);
    expect(seen).not.toContain(hiddenId);
    expect(seen).not.toContain(albumId);
    const past = await search(`svideo/${encodeURIComponent('西瓜')}/3`);
    expect(past.body.data.complex.data).toEqual([]);
    expect(past.body.data.hasMore).toBe(false);
  });

  it('puts each tab in its own slice: 影视 in longVideo, 用户 in user', async () => {
    const long = (await search(`lvideo/${encodeURIComponent('西瓜')}/0`)).body.data;
    expect(itemIds(long.longVideo)).toEqual([albumId]);
    expect(long.complex).toEqual({ data: [], trueCount: 0 });
    const users = (await search(`user/${encodeURIComponent('西瓜')}/0`)).body.data;
    expect(itemIds(users.user)).toEqual([authorId]);
    expect(users.user.trueCount).toBe(1);
  });

  it('finds by pinyin', async () => {
    const { body } = await search('svideo/xigua/0');
    expect(body.data.complex.trueCount).toBe(25);
  });

  it.each([
    ['an unknown type', `live/${encodeURIComponent('西瓜')}/0`, 'type'],
    ['a negative page', `all/${encodeURIComponent('西瓜')}/-1`, 'page'],
    ['a page that is no number', `all/${encodeURIComponent('西瓜')}/abc`, 'page'],
    ['a page past the last', `all/${encodeURIComponent('西瓜')}/50`, 'page'],
    ['an oversize keyword', `all/${'瓜'.repeat(51)}/0`, 'keyword'],
    ['a keyword of spaces', 'all/%20%20/0', 'keyword'],
    ['a keyword with a control character', 'all/a%07b/0', 'keyword'],
    ['an unknown correction level', `all/${encodeURIComponent('西瓜')}/0/9`, 'extra'],
    ['an unknown sort', `all/${encodeURIComponent('西瓜')}/0?sort=hot`, 'sort'],
    ['an unknown length filter', `all/${encodeURIComponent('西瓜')}/0?duration=9`, 'duration'],
    ['a malformed search id', `all/${encodeURIComponent('西瓜')}/0?search_id=0x1`, 'search_id'],
  ])('refuses %s with 400 naming the field in Chinese', async (_name, path, field) => {
    const { status, body } = await search(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null, field });
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('hot words, guess words and the box', () => {
  it('ranks words by distinct searchers over the last day, then fills with the most played', async () => {
    // Signed-in viewers, each from an address of their own (decision 065).
    const viewers = [];
    for (let i = 0; i < 4; i += 1) {
      viewers.push({ ...(await t.signedIn(await createUser(t.db, t.newId))), ip: freshIp() });
    }
    const searchAs = (word: string, page: number, viewer: { cookie: string; ip: string }) =>
      t.app.inject({
        url: fillPath(searchResults.path, { type: 'all', keyword: word, page }),
        headers: { cookie: viewer.cookie },
        remoteAddress: viewer.ip,
      });
    const [alice, ...others] = viewers;
    for (const viewer of [alice, ...viewers]) if (viewer) await searchAs('冰沙', 0, viewer);
    for (const viewer of others) await searchAs('种植', 0, viewer);
    // Later pages are the same search: they do not count again.
    if (alice) await searchAs('种植', 1, alice);
    const now = Date.now();
    await t.db
      .insertInto('item_plays')
      .values(
        [1, 2, 3].map((n) => ({
          id: t.newId(),
          item_id: drinkId,
          viewer_key: `w:${n}`,
          user_id: null,
          played_at: now - n * 1000,
        })),
      )
      .execute();
    const hot = (await get<HotWordList>(getHotWords.path)).body.data.list;
    const searched = hot.filter((entry) => entry.source === 'search');
    const byWord = new Map(searched.map((entry) => [entry.word, entry.hot_value]));
    expect(byWord.get('冰沙')).toBe(4);
    expect(byWord.get('种植')).toBe(3);
    expect(searched.map((entry) => entry.word).indexOf('冰沙')).toBeLessThan(
      searched.map((entry) => entry.word).indexOf('种植'),
    );
    const played = hot.filter((entry) => entry.source === 'play');
    expect(played[0]).toMatchObject({ word: '夏日西瓜冰沙做法', hot_value: 3 });
    expect(played).toHaveLength(1);
    expect(hot.every((entry) => /^[0-9a-f]{16}$/.test(entry.id))).toBe(true);

    const words = (await get<{ list: { word: string; id: string }[] }>(getSearchHotWords.path)).body
      .data.list;
    expect(words).toEqual(hot.map(({ word, id }) => ({ word, id })));
    const preset = (await get<{ word: string }>(getSearchPreset.path)).body.data;
    expect(preset.word).toBe(hot[0]?.word);
  });

  it('offers pinyin completions as one types', async () => {
    const { status, body } = await get<{ list: { word: string }[] }>(
      fillPath(getAssociativeWords.path, { word: 'xig' }),
    );
    expect(status).toBe(200);
    expect(body.data.list.map((entry) => entry.word)).toContain('西瓜');
    const bad = await get(fillPath(getAssociativeWords.path, { word: 'x'.repeat(51) }));
    expect(bad.status).toBe(400);
  });

  it('guesses words from the channel of the video one came from, not that video', async () => {
    const { body } = await get<{ list: { word: string }[] }>(
      `${getSuggestWords.path}?from_group_id=${drinkId}&business_id=70008&device_platform=web`,
    );
    const words = body.data.list.map((entry) => entry.word);
    expect(words).toEqual(['经典电影回顾']);
    const everywhere = await get<{ list: unknown[] }>(getSuggestWords.path);
    expect(everywhere.body.data.list.length).toBe(10);
    const bad = await get(`${getSuggestWords.path}?from_group_id=abc`);
    expect(bad.status).toBe(400);
  });

  it('answers the long-video link, the recommended long videos and an author’s videos', async () => {
    const link = await get<{ url: string; trueCount: number }>(
      `${getAllAlbumLink.path}?keyword=${encodeURIComponent('西瓜')}`,
    );
    expect(link.body.data).toEqual({
      url: `/search/${encodeURIComponent('西瓜')}?type=lvideo`,
      trueCount: 1,
    });
    const recommended = await get<{ list: { groupId: string }[] }>(getRecommendLvideo.path);
    expect(recommended.body.data.list.map((cell) => cell.groupId)).toEqual([albumId]);
    const videos = await get<{ list: { groupId: string }[] }>(
      `${getAuthorVideos.path}?user_id=${authorId}`,
    );
    expect(videos.body.data.list.map((cell) => cell.groupId)).toEqual([
      newestId,
      drinkId,
      tipIds[22],
      tipIds[21],
    ]);
    expect((await get(`${getAuthorVideos.path}?user_id=1`)).status).toBe(400);
    const recipes = await get<{ list: unknown[] }>(
      `${getXiguaRecipe.path}?keyword=${encodeURIComponent('西瓜')}`,
    );
    expect(recipes.body.data).toEqual({ list: [] });
  });
});

describe('a signed-in viewer’s search history', () => {
  let viewer: Visitor;
  let userId = '';

  beforeAll(async () => {
    userId = await createUser(t.db, t.newId);
    viewer = await t.signedIn(userId);
    for (const word of ['冰沙', '西瓜', '冰沙', 'XiGua']) {
      await search(`all/${encodeURIComponent(word)}/0`, { cookie: viewer.cookie });
    }
  });

  const history = async () =>
    (await get<{ list: string[] }>(getSearchHistory.path, { cookie: viewer.cookie })).body.data
      .list;

  it('lists the viewer’s words newest first, each once, and the box’s panel shows them', async () => {
    expect(await history()).toEqual(['XiGua', '冰沙', '西瓜']);
    const panel = await get<{ history: string[]; hot: unknown[] }>(getSearchPanelDetail.path, {
      cookie: viewer.cookie,
    });
    expect(panel.body.data.history).toEqual(['XiGua', '冰沙', '西瓜']);
    const visitorPanel = await get<{ history: string[] }>(getSearchPanelDetail.path);
    expect(visitorPanel.body.data.history).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    const { status, body } = await get(getSearchHistory.path);
    expect(status).toBe(401);
    expect(body.code).toBe(401);
  });

  it('clears named words, then all of them; refuses both or neither', async () => {
    const clear = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: clearSearchHistory.path,
        headers: viewer.headers,
        payload: body,
      });
    const named = await clear({ words: ['冰沙'] });
    expect(named.json()).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect(await history()).toEqual(['XiGua', '西瓜']);
    expect((await clear({ words: ['西瓜'], all: true })).statusCode).toBe(400);
    expect((await clear({})).json()).toMatchObject({ code: 400, field: 'words' });
    expect((await clear({ all: true })).json()).toMatchObject({ data: { deleted: 2 } });
    expect(await history()).toEqual([]);
  });

  describe('refusals of the clear', () => {
    let owner: Visitor;
    let ownerId = '';
    beforeAll(async () => {
      ownerId = await createUser(t.db, t.newId);
      owner = await t.signedIn(ownerId);
      await search(`all/${encodeURIComponent('西瓜')}/0`, { cookie: owner.cookie });
    });
    itRefusesBadWrites({
      send: (headers, body) =>
        t.app.inject({
          method: 'POST',
          url: clearSearchHistory.path,
          headers,
          payload: body,
        }),
      signedIn: () => owner.headers,
      visitor: () => t.visitor().headers,
      body: () => ({ all: true }),
      malformed: () => ['words.0', { words: ['西\u0007瓜'] }],
      snapshot: () =>
        t.db.selectFrom('search_history').selectAll().where('user_id', '=', ownerId).execute(),
    });
  });
});

describe('the search debug snapshot', () => {
  const url = `${getSearchSnapshot.path}?keyword=${encodeURIComponent('西瓜')}`;

  it('answers 401 to a visitor and 403 to a viewer who is no operator', async () => {
    expect((await get(url)).status).toBe(401);
    const viewer = await t.signedIn(await createUser(t.db, t.newId));
    const { status, body } = await get(url, { cookie: viewer.cookie });
    expect(status).toBe(403);
    expect(body.message).toBe('仅运营人员可以查看搜索调试页');
  });

  it('shows an operator the tokens and each result’s score parts', async () => {
    const operatorId = await createUser(t.db, t.newId, { name: '运营小王' });
    const lines: string[] = [];
    const io = {
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
      db: t.db,
    };
    expect(await runGrantOperator([operatorId], io)).toBe(0);
    expect(await runGrantOperator([operatorId], io)).toBe(0);
    expect(lines).toEqual([
      `melon: 运营小王 (${operatorId}) is now an operator`,
      `melon: 运营小王 (${operatorId}) was an operator already`,
    ]);
    const operator = await t.signedIn(operatorId);
    const { status, body } = await get<SearchSnapshot>(url, { cookie: operator.cookie });
    expect(status).toBe(200);
    expect(body.data.tokens.length).toBeGreaterThan(0);
    expect(body.data.total).toBe(26);
    const first = body.data.results[0];
    expect(first).toMatchObject({ rank: 1, kind: 'item' });
    expect(first?.title).toContain('西瓜');
    expect(first?.score).toBeGreaterThan(0);
    expect(Object.keys(first?.parts ?? {}).sort()).toEqual(['freshness', 'popularity', 'text']);
    const blank = await get<SearchSnapshot>(getSearchSnapshot.path, {
      cookie: operator.cookie,
    });
    expect(blank.body.data).toMatchObject({ keyword: '', total: 0, results: [] });
  });

  it('the command refuses an unknown user and bad usage', async () => {
    const errors: string[] = [];
    const io = { out: () => undefined, err: (line: string) => errors.push(line), db: t.db };
    expect(await runGrantOperator(['1234567890123456789'], io)).toBe(1);
    expect(await runGrantOperator([], io)).toBe(2);
    expect(await runGrantOperator(['abc'], io)).toBe(2);
    expect(errors[0]).toBe('melon: no user 1234567890123456789');
  });
});
